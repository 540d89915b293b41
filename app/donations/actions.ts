'use server';

import { DONATION_SECRET_FIELDS, type FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';
import {
  AMOUNT_CHOICE_FIELD,
  CUSTOM_AMOUNT_FIELD,
  DONATION_PAYLOAD_FIELDS,
  donationFormSchema,
  resolveDonationAmount,
  toDonationPayload,
} from '@/contract/forms/schemas';
import { resultField, submitForm } from '@/lib/forms/submit';

/**
 * A donation in naira (spec §3): the card goes to the backend once, inside the payload, and is
 * never logged, stored here or sent back to the browser.
 */
export async function donateAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(formData, {
    schema: donationFormSchema,
    path: '/api/forms/donations/',
    payload: toDonationPayload,
    fallback: SUBMIT_MESSAGES.donation,
    thankYou: '/donations/thank-you',
    input: (raw) => ({ ...raw, amount: resolveDonationAmount(raw) }),
    // What goes back to the form after a failure: the amount choice as made, never the card number or CVC.
    echo: [AMOUNT_CHOICE_FIELD, CUSTOM_AMOUNT_FIELD, ...Object.keys(donationFormSchema.shape)],
    secretFields: DONATION_SECRET_FIELDS,
    fieldMap: DONATION_PAYLOAD_FIELDS,
    done: (data, result) => {
      const query = new URLSearchParams({ amount: String(data.amount) });
      const ref = resultField(result, 'donationId') ?? resultField(result, 'reference');
      if (ref) query.set('ref', ref);
      return `/donations/thank-you?${query.toString()}`;
    },
  });
}
