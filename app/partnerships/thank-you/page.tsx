import type { Metadata } from 'next';
import styles from '@/components/forms/page.module.css';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { PARTNERSHIP_RESPONSE_BUSINESS_DAYS } from '@/contract/festival';

export const metadata: Metadata = { title: 'Proposal received', robots: { index: false } };

export default function PartnershipThankYou() {
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Proposal received" title="Thank you for your proposal!" />
      <div className={styles.panel}>
        <p>
          Our partnerships team will review it and get back to you within {PARTNERSHIP_RESPONSE_BUSINESS_DAYS} business
          days.
        </p>
      </div>
      <div className={styles.actions}>
        <ButtonLink href="/">Back to the home page</ButtonLink>
      </div>
    </Container>
  );
}
