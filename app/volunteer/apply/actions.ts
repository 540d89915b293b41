'use server';

import { redirect } from 'next/navigation';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';
import { toVolunteerPayload, volunteerFormSchema } from '@/contract/forms/schemas';
import { echoValues, formDataToObject, validateForm, type FormState } from '@/contract/forms/form-state';
import { isBot, newIdempotencyKey, postForm, readIdempotencyKey } from '@/lib/forms/submit';

const FIELDS = Object.keys(volunteerFormSchema.shape);

/** The on-site volunteer application (used when no external volunteer form is configured). */
export async function applyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  if (isBot(formData)) redirect('/volunteer/apply/thank-you');
  const parsed = validateForm(volunteerFormSchema, formData);
  if (!parsed.ok) return { ...parsed.state, idempotencyKey: newIdempotencyKey() };

  const outcome = await postForm({
    path: '/api/forms/volunteer/',
    payload: toVolunteerPayload(parsed.data),
    idempotencyKey: readIdempotencyKey(formData),
    fallback: SUBMIT_MESSAGES.volunteer,
    values: echoValues(formDataToObject(formData), FIELDS),
    fields: FIELDS,
  });
  if (!outcome.ok) return outcome.state;
  redirect('/volunteer/apply/thank-you');
}
