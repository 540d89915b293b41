'use server';

import { redirect } from 'next/navigation';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';
import { partnershipFormSchema, toPartnershipPayload } from '@/contract/forms/schemas';
import { echoValues, formDataToObject, validateForm, type FormState } from '@/contract/forms/form-state';
import { isBot, newIdempotencyKey, postForm, readIdempotencyKey } from '@/lib/forms/submit';

const FIELDS = Object.keys(partnershipFormSchema.shape);

/** A partnership proposal (spec §3). */
export async function proposeAction(_previous: FormState, formData: FormData): Promise<FormState> {
  if (isBot(formData)) redirect('/partnerships/thank-you');
  const parsed = validateForm(partnershipFormSchema, formData);
  if (!parsed.ok) return { ...parsed.state, idempotencyKey: newIdempotencyKey() };

  const outcome = await postForm({
    path: '/api/forms/partnerships/',
    payload: toPartnershipPayload(parsed.data),
    idempotencyKey: readIdempotencyKey(formData),
    fallback: SUBMIT_MESSAGES.partnership,
    values: echoValues(formDataToObject(formData), FIELDS),
    fields: FIELDS,
  });
  if (!outcome.ok) return outcome.state;
  redirect('/partnerships/thank-you');
}
