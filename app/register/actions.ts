'use server';

import { redirect } from 'next/navigation';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';
import { registrationFormSchema, toRegistrationPayload } from '@/contract/forms/schemas';
import { echoValues, formDataToObject, validateForm, type FormState } from '@/contract/forms/form-state';
import { isBot, newIdempotencyKey, postForm, readIdempotencyKey, resultField } from '@/lib/forms/submit';

const FIELDS = Object.keys(registrationFormSchema.shape);

/** Free registration (spec §3): validate, post, and on success show the ticket reference. */
export async function registerAction(_previous: FormState, formData: FormData): Promise<FormState> {
  if (isBot(formData)) redirect('/registration/thank-you');
  const parsed = validateForm(registrationFormSchema, formData);
  if (!parsed.ok) return { ...parsed.state, idempotencyKey: newIdempotencyKey() };

  const outcome = await postForm({
    path: '/api/forms/registrations/',
    payload: toRegistrationPayload(parsed.data),
    idempotencyKey: readIdempotencyKey(formData),
    fallback: SUBMIT_MESSAGES.registration,
    values: echoValues(formDataToObject(formData), FIELDS),
    fields: FIELDS,
  });
  if (!outcome.ok) return outcome.state;

  const query = new URLSearchParams({ tickets: String(parsed.data.numberOfTickets) });
  const ref = resultField(outcome.result, 'ticketReference') ?? resultField(outcome.result, 'registrationId');
  if (ref) query.set('ref', ref);
  // The signed ticket link's token (the built-in backend sends it; another backend may not).
  const token = /[?&]t=([A-Za-z0-9_-]{22})$/.exec(resultField(outcome.result, 'ticketUrl') ?? '')?.[1];
  if (token) query.set('t', token);
  redirect(`/registration/thank-you?${query.toString()}`);
}
