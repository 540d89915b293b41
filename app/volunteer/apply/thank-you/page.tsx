import type { Metadata } from 'next';
import styles from '@/components/forms/page.module.css';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';

export const metadata: Metadata = { title: 'Application received', robots: { index: false } };

export default function VolunteerThankYou() {
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Application received" title="Thank you for offering your time!" />
      <div className={styles.panel}>
        <p>We have your application and will contact you by email or phone before the festival.</p>
      </div>
      <div className={styles.actions}>
        <ButtonLink href="/volunteer">Back to volunteering</ButtonLink>
      </div>
    </Container>
  );
}
