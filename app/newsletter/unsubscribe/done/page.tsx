import type { Metadata } from 'next';
import styles from '@/components/forms/page.module.css';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { UNSUBSCRIBE_MESSAGES } from '@/contract/forms/messages';

export const metadata: Metadata = { title: 'Unsubscribed', robots: { index: false } };

export default function Unsubscribed() {
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Newsletter" title="You are unsubscribed" />
      <div className={styles.panel} role="status">
        <p data-testid="unsubscribe-done">{UNSUBSCRIBE_MESSAGES.done}</p>
        <p>Changed your mind? Subscribe again with the form at the bottom of any page.</p>
      </div>
      <div className={styles.actions}>
        <ButtonLink href="/">Back to the home page</ButtonLink>
      </div>
    </Container>
  );
}
