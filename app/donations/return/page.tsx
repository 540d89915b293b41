import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { readReference, type SearchParams } from '@/components/forms/thank-you-params';
import styles from '@/components/forms/page.module.css';
import { Button, ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { paymentReferenceSchema } from '@/contract/api/donations';
import { RETURN_ACTIONS, RETURN_TEXT, retryNoticeText, type ReturnView } from '@/contract/forms/donation-messages';
import { formatNaira } from '@/contract/festival';
import { donationStatus, returnPath, thankYouPath } from '@/lib/forms/donation-checkout';
import { newIdempotencyKey } from '@/lib/forms/submit';
import { retryDonationAction } from '../actions';

export const metadata: Metadata = { title: 'Your donation', robots: { index: false } };

/**
 * Where Paystack sends a donor back (callback_url, with ?trxref=…&reference=…). The backend asks
 * Paystack what happened: paid goes on to the thank-you page (a refresh pays nothing twice: the
 * backend fulfils once); anything else says what happened and what to do, never a false thank-you.
 */
export default async function DonationReturn({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const parsed = paymentReferenceSchema.safeParse(readReference(params.reference) ?? readReference(params.trxref));
  const answer = parsed.success ? await donationStatus(parsed.data) : ({ kind: 'unknown' } as const);
  if (answer.kind === 'found' && answer.status.status === 'succeeded') redirect(thankYouPath(answer.status));

  const view: ReturnView = answer.kind === 'found' ? (answer.status.status as Exclude<ReturnView, 'unknown' | 'unavailable'>) : answer.kind;
  const text = RETURN_TEXT[view];
  const notice = retryNoticeText(params.notice);
  const donation = answer.kind === 'found' ? answer.status : undefined;
  const canRetry = donation && (view === 'failed' || view === 'abandoned');
  const words = view === 'failed' ? donation?.gatewayResponse : undefined;

  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Donation" title={text.title} />
      <div className={styles.panel} data-testid={`donation-${view}`}>
        {notice ? (
          <p role="alert" className={styles.note}>
            {notice}
          </p>
        ) : null}
        <p>{text.body}</p>
        {words ? <p>{RETURN_ACTIONS.paystackSaid(words)}</p> : null}
        {donation ? (
          <p>
            Amount: <strong>{formatNaira(donation.amount)}</strong>. Reference: <span className={styles.reference}>{donation.reference}</span>
          </p>
        ) : null}
      </div>
      <div className={styles.actions}>
        {canRetry ? (
          <form action={retryDonationAction}>
            <input type="hidden" name="reference" value={donation.reference} />
            <input type="hidden" name="idempotencyKey" value={newIdempotencyKey()} />
            <Button type="submit">{RETURN_ACTIONS.tryAgain}</Button>
          </form>
        ) : null}
        {canRetry ? (
          <ButtonLink href="/donations" variant="outline">
            {RETURN_ACTIONS.change}
          </ButtonLink>
        ) : null}
        {view === 'pending' || view === 'unavailable' ? (
          <ButtonLink href={returnPath(donation?.reference ?? parsed.data ?? '')} variant="outline">
            {RETURN_ACTIONS.checkAgain}
          </ButtonLink>
        ) : null}
        {view === 'unknown' ? <ButtonLink href="/donations">{RETURN_ACTIONS.donate}</ButtonLink> : null}
        <ButtonLink href="/" variant={view === 'unknown' ? 'outline' : 'secondary'}>
          {RETURN_ACTIONS.home}
        </ButtonLink>
      </div>
    </Container>
  );
}
