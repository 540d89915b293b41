import type { Metadata } from 'next';
import { readAmount, readReference, type SearchParams } from '@/components/forms/thank-you-params';
import styles from '@/components/forms/page.module.css';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import {
  DONATION_EMAIL_WITHIN_HOURS,
  DONATION_MAX_NGN,
  DONATION_MIN_NGN,
  DONATION_PROCESSING_BUSINESS_DAYS,
  formatNaira,
} from '@/contract/festival';

export const metadata: Metadata = { title: 'Thank you for your donation', robots: { index: false } };

export default async function DonationThankYou({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const amount = readAmount(params.amount, DONATION_MIN_NGN, DONATION_MAX_NGN);
  const reference = readReference(params.ref);
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Donation received" title="Thank you for your donation!" />
      <div className={styles.panel}>
        {amount !== undefined ? (
          <p>
            Your gift of <strong data-testid="donation-amount">{formatNaira(amount)}</strong> helps keep the festival free
            for every reader.
          </p>
        ) : (
          <p>Your gift helps keep the festival free for every reader.</p>
        )}
        <p>
          You will receive an email confirmation within {DONATION_EMAIL_WITHIN_HOURS} hours. Your donation will be
          processed in {DONATION_PROCESSING_BUSINESS_DAYS} business days.
        </p>
        {reference ? (
          <p>
            Reference: <span className={styles.reference}>{reference}</span>
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        <ButtonLink href="/">Back to the home page</ButtonLink>
      </div>
    </Container>
  );
}
