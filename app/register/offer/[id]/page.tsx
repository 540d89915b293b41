import { wristbands } from '@/contract/festival';
import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { FormPage } from '@/components/forms/form-page';
import { ActionForm } from '@/components/forms/action-form';
import { Field } from '@/components/forms/field';
import { FormActions, FormRow } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import styles from '@/components/forms/page.module.css';
import { splitName, WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import { OFFER_PAGE_TEXT } from '@/contract/forms/waiting-list-messages';
import { getOffer } from '@/lib/waiting-list';
import { claimOfferAction } from './actions';

export const metadata: Metadata = { title: 'Your waiting-list offer', robots: { index: false, follow: false } };

type Params = Promise<{ id: string }>;
type Search = Promise<{ t?: string | string[] }>;

/**
 * A waiting-list offer's personal link (issue 28): the offer (wristbands, until when, Lagos time)
 * and the registration's remaining fields. Opening the link takes nothing (mail scanners follow
 * links): only the form's post registers. A forged, used or expired link says so, and why.
 */
export default async function OfferPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  await connection();
  const { id } = await params;
  const { t } = await searchParams;
  const token = typeof t === 'string' ? t : undefined;
  const lookup = await getOffer(id, token);

  if (!lookup.ok) {
    return (
      <FormPage eyebrow={OFFER_PAGE_TEXT.eyebrow} title={OFFER_PAGE_TEXT.refusedTitle}>
        <div className={styles.panel} role="status" data-testid="offer-refused" data-status={lookup.status}>
          <p>{lookup.message}</p>
        </div>
        <p>
          <Link href="/register">Registration</Link> · <Link href="/tickets/resend">Send my ticket again</Link>
        </p>
      </FormPage>
    );
  }

  const { offer } = lookup;
  const bands = wristbands(offer.numberOfTickets);
  const until = WAITING_LIST_MESSAGES.offerUntil(offer.expiresAt);
  const names = splitName(offer.name);
  return (
    <FormPage id="offer-title" eyebrow={OFFER_PAGE_TEXT.eyebrow} title={OFFER_PAGE_TEXT.title} intro={<p>{OFFER_PAGE_TEXT.intro(offer.name, bands, until)}</p>}>
      <dl className={styles.facts} data-testid="offer-facts">
        <dt>Name</dt>
        <dd>{offer.name}</dd>
        <dt>Wristbands</dt>
        <dd data-testid="offer-wristbands">{bands}</dd>
        <dt>Held until</dt>
        <dd data-testid="offer-until">{until}</dd>
      </dl>
      <ActionForm
        action={claimOfferAction}
        form="waitingOffer"
        idempotencyKey={crypto.randomUUID()}
        permalink={`/register/offer/${encodeURIComponent(offer.id)}?t=${encodeURIComponent(token ?? '')}`}
        aria-labelledby="offer-title"
        initialValues={{ firstName: names.firstName, lastName: names.lastName }}
      >
        <input type="hidden" name="offerId" value={offer.id} />
        <input type="hidden" name="token" value={token ?? ''} />
        <FormRow>
          <Field name="firstName" label="First name" autoComplete="given-name" spellCheck={false} />
          <Field name="lastName" label="Last name" autoComplete="family-name" spellCheck={false} />
        </FormRow>
        <Field name="phone" label="Phone number" type="tel" autoComplete="tel" inputMode="tel" width="medium" hint="For example 0803 123 4567 or +234 803 123 4567" />
        <FormActions>
          <SubmitButton pendingLabel={OFFER_PAGE_TEXT.pending}>{OFFER_PAGE_TEXT.submit}</SubmitButton>
        </FormActions>
      </ActionForm>
    </FormPage>
  );
}
