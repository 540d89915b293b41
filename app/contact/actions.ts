'use server';

import { redirect } from 'next/navigation';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';
import { contactFormSchema, toContactPayload } from '@/contract/forms/schemas';
import { echoValues, formDataToObject, validateForm, type FormState } from '@/contract/forms/form-state';
import { isBot, newIdempotencyKey, postForm, readIdempotencyKey } from '@/lib/forms/submit';

const FIELDS = Object.keys(contactFormSchema.shape);

/** A message from /contact (issue 16): validated here, stored by POST /api/forms/contact/. */
export async function contactAction(_previous: FormState, formData: FormData): Promise<FormState> {
  if (isBot(formData)) redirect('/contact/thank-you');
  const parsed = validateForm(contactFormSchema, formData);
  if (!parsed.ok) return { ...parsed.state, idempotencyKey: newIdempotencyKey() };

  const outcome = await postForm({
    path: '/api/forms/contact/',
    payload: toContactPayload(parsed.data),
    idempotencyKey: readIdempotencyKey(formData),
    fallback: SUBMIT_MESSAGES.contact,
    values: echoValues(formDataToObject(formData), FIELDS),
    fields: FIELDS,
  });
  if (!outcome.ok) return outcome.state;
  redirect('/contact/thank-you');
}
