'use server';

import { redirect } from 'next/navigation';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';
import {
  AMOUNT_CHOICE_FIELD,
  CUSTOM_AMOUNT_FIELD,
  DONATION_PAYLOAD_FIELDS,
  donationFormSchema,
  resolveDonationAmount,
  toDonationPayload,
} from '@/contract/forms/schemas';
import { DONATION_SECRET_FIELDS, echoValues, formDataToObject, validateForm, type FormState } from '@/contract/forms/form-state';
import { isBot, newIdempotencyKey, postForm, readIdempotencyKey, resultField } from '@/lib/forms/submit';

const FIELDS = Object.keys(donationFormSchema.shape);
/** What goes back to the form after a failure: the amount choice as made, never the card number or CVC. */
const ECHOED = [AMOUNT_CHOICE_FIELD, CUSTOM_AMOUNT_FIELD, ...FIELDS];

/**
 * A donation in naira (spec §3): the card goes to the backend once, inside the payload, and is
 * never logged, stored here or sent back to the browser.
 */
export async function donateAction(_previous: FormState, formData: FormData): Promise<FormState> {
  if (isBot(formData)) redirect('/donations/thank-you');
  const raw = formDataToObject(formData);
  const values = echoValues(raw, ECHOED, DONATION_SECRET_FIELDS);
  const parsed = validateForm(donationFormSchema, { ...raw, amount: resolveDonationAmount(raw) }, { secretFields: DONATION_SECRET_FIELDS });
  if (!parsed.ok) return { ...parsed.state, values, idempotencyKey: newIdempotencyKey() };

  const outcome = await postForm({
    path: '/api/forms/donations/',
    payload: toDonationPayload(parsed.data),
    idempotencyKey: readIdempotencyKey(formData),
    fallback: SUBMIT_MESSAGES.donation,
    values,
    fieldMap: DONATION_PAYLOAD_FIELDS,
    fields: FIELDS,
  });
  if (!outcome.ok) return outcome.state;

  const query = new URLSearchParams({ amount: String(parsed.data.amount) });
  const ref = resultField(outcome.result, 'donationId') ?? resultField(outcome.result, 'reference');
  if (ref) query.set('ref', ref);
  redirect(`/donations/thank-you?${query.toString()}`);
}
