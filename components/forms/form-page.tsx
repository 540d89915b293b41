import type { ReactNode } from 'react';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './page.module.css';

export interface FormPageProps {
  /** The h1's id: the form names itself by it (aria-labelledby). */
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The column's class, where a page keeps its own (contact's info layout). Default: the form pages'. */
  className?: string;
  children: ReactNode;
}

/**
 * A form page's frame (registration, partnerships, volunteering, contact, donations, the
 * newsletter's links, tickets, staff sign-in): the narrow column and its header, eyebrow, h1 and
 * intro. What follows the header (the form, notices, links) is the page's own.
 */
export function FormPage({ id, eyebrow, title, intro, className = styles.page, children }: FormPageProps) {
  return (
    <Container width="narrow" className={className}>
      <SectionHeading level={1} id={id} eyebrow={eyebrow} title={title} intro={intro} />
      {children}
    </Container>
  );
}
