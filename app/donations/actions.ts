'use server';

import { redirect } from 'next/navigation';
import { paymentReferenceSchema } from '@/contract/api/donations';
import { RETRY_NOTICES, type RetryNotice } from '@/contract/forms/donation-messages';
import { DONATION_SECRET_FIELDS, type FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import {
  AMOUNT_CHOICE_FIELD,
  CUSTOM_AMOUNT_FIELD,
  DONATION_PAYLOAD_FIELDS,
  donationCheckoutFormSchema,
  donationFormSchema,
  resolveDonationAmount,
  toDonationCheckoutPayload,
  toDonationPayload,
} from '@/contract/forms/schemas';
import { call, isApiError, readApiErrorBody } from '@/lib/backend';
import { donationStatus, paystackPageFrom, returnPath, thankYouPath } from '@/lib/forms/donation-checkout';
import { postedForm } from '@/lib/forms/posted';
import { newIdempotencyKey, submitForm } from '@/lib/forms/submit';
import { requestLogger } from '@/lib/log';

const withAmount = (raw: Record<string, unknown>) => ({ ...raw, amount: resolveDonationAmount(raw) });

/**
 * The spec's card form (§3): the sandbox, or the external backend. The card goes to the backend
 * once, inside the payload, and is never logged, stored here or sent back to the browser.
 */
export async function donateAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(postedForm(formData), {
    schema: donationFormSchema,
    endpoint: 'donation',
    payload: toDonationPayload,
    fallback: SUBMIT_MESSAGES.donation,
    thankYou: '/donations/thank-you',
    input: withAmount,
    // What goes back to the form after a failure: the amount choice as made, never the card number or CVC.
    echo: [AMOUNT_CHOICE_FIELD, CUSTOM_AMOUNT_FIELD, ...Object.keys(donationFormSchema.shape)],
    secretFields: DONATION_SECRET_FIELDS,
    fieldMap: DONATION_PAYLOAD_FIELDS,
    done: (data, result) => {
      const query = new URLSearchParams({ amount: String(data.amount) });
      // The receipt's reference (the built-in backend answers it); the festival's backend may answer an id only.
      const ref = result.reference ?? result.donationId;
      if (ref) query.set('ref', ref);
      return `/donations/thank-you?${query.toString()}`;
    },
  });
}

/**
 * The live form (issue 27): the donation is stored as pending and the donor is sent (303 without
 * JavaScript) to Paystack's page, which takes the payment and sends them back to /donations/return.
 */
export async function donateCheckoutAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(postedForm(formData), {
    schema: donationCheckoutFormSchema,
    endpoint: 'donationCheckout',
    payload: toDonationCheckoutPayload,
    fallback: SUBMIT_MESSAGES.donation,
    thankYou: '/donations/thank-you',
    input: withAmount,
    echo: [AMOUNT_CHOICE_FIELD, CUSTOM_AMOUNT_FIELD, ...Object.keys(donationCheckoutFormSchema.shape)],
    fieldMap: DONATION_PAYLOAD_FIELDS,
    done: (_data, result, values) =>
      paystackPageFrom(result) ?? { status: 'error', errors: {}, values, message: SUBMIT_MESSAGES.donation, idempotencyKey: newIdempotencyKey() },
  });
}

/** The notice whose words the backend answered with, if any. */
const noticeFor = (message: string | undefined): RetryNotice | undefined => (Object.keys(RETRY_NOTICES) as RetryNotice[]).find((n) => RETRY_NOTICES[n] === message);

/**
 * "Try again" on the return page: a new checkout for the same donor and amount (typed once, kept
 * by the backend). Asks first what became of the donation, so a payment that went through after
 * all ends on the thank-you page, and one still being confirmed is not paid twice.
 */
export async function retryDonationAction(sent: FormData): Promise<void> {
  const formData = postedForm(sent);
  const reference = paymentReferenceSchema.safeParse(formData.get('reference'));
  if (!reference.success) redirect('/donations');
  const back = (notice: RetryNotice) => `${returnPath(reference.data)}&notice=${notice}`;
  const current = await donationStatus(reference.data);
  if (current.kind === 'unknown') redirect('/donations');
  if (current.kind === 'found') {
    if (current.status.status === 'succeeded') redirect(thankYouPath(current.status));
    if (current.status.status === 'pending' || current.status.status === 'review') redirect(back('confirming'));
  }
  const key = formData.get('idempotencyKey');
  let page: string | undefined;
  let refused: RetryNotice | undefined;
  try {
    const answer = await call('donationRetry', {
      body: { reference: reference.data },
      idempotencyKey: typeof key === 'string' && /^[A-Za-z0-9-]{8,100}$/.test(key) ? key : newIdempotencyKey(),
    });
    page = paystackPageFrom(answer);
  } catch (error) {
    if (!isApiError(error)) (await requestLogger('donations')).error(`retry: unexpected ${error instanceof Error ? error.name : typeof error}`);
    // A refusal the backend words as one of the notices (another retry under way, the hourly cap: issue 42) says so.
    else refused = noticeFor(readApiErrorBody(error.body).message);
  }
  redirect(page ?? back(refused ?? 'failed'));
}
