import type { Metadata } from 'next';
import { readAmount, readReference, type SearchParams } from '@/components/forms/thank-you-params';
import styles from '@/components/forms/page.module.css';
import { SandboxNotice } from '@/components/forms/sandbox-notice';
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
import { THANK_YOU_RECEIPT_NOW } from '@/contract/forms/donation-messages';
import { capabilities } from '@/lib/backend';

export const metadata: Metadata = { title: 'Thank you for your donation', robots: { index: false } };

/**
 * After a donation. The built-in backend mails the receipt with the donation (in the same
 * transaction, through the outbox): the page says it is on its way, with the receipt's reference.
 * The festival's own backend keeps the spec's promise (a confirmation within 24 hours, processing
 * in 3-5 business days), as it may work that way.
 */
export default async function DonationThankYou({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const amount = readAmount(params.amount, DONATION_MIN_NGN, DONATION_MAX_NGN);
  const reference = readReference(params.ref);
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Donation received" title="Thank you for your donation!" />
      <SandboxNotice />
      <div className={styles.panel}>
        {amount !== undefined ? (
          <p>
            Your gift of <strong data-testid="donation-amount">{formatNaira(amount)}</strong> helps keep the festival free
            for every reader.
          </p>
        ) : (
          <p>Your gift helps keep the festival free for every reader.</p>
        )}
        {capabilities().builtIn ? (
          <p data-testid="donation-receipt-note">{THANK_YOU_RECEIPT_NOW}</p>
        ) : (
          <p>
            You will receive an email confirmation within {DONATION_EMAIL_WITHIN_HOURS} hours. Your donation will be
            processed in {DONATION_PROCESSING_BUSINESS_DAYS} business days.
          </p>
        )}
        {reference ? (
          <p>
            Reference: <span className={styles.reference} data-testid="donation-reference">{reference}</span>
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        <ButtonLink href="/">Back to the home page</ButtonLink>
      </div>
    </Container>
  );
}
