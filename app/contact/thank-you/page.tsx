import type { Metadata } from 'next';
import styles from '@/components/forms/page.module.css';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { CONTACT_RESPONSE_BUSINESS_DAYS } from '@/contract/festival';

export const metadata: Metadata = { title: 'Message sent', robots: { index: false } };

export default function ContactThankYou() {
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Message sent" title="Thank you for writing to us!" />
      <div className={styles.panel}>
        <p>We will reply by email within {CONTACT_RESPONSE_BUSINESS_DAYS} business days. A confirmation is on its way to your email address.</p>
      </div>
      <div className={styles.actions}>
        <ButtonLink href="/visit">Plan your visit</ButtonLink>
        <ButtonLink href="/" variant="outline">
          Back to the home page
        </ButtonLink>
      </div>
    </Container>
  );
}
