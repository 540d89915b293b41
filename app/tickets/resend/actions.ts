'use server';

import { redirect } from 'next/navigation';
import { ticketResendPayloadSchema } from '@/contract/api/tickets';
import { echoValues, formDataToObject, validateForm, type FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';
import { isBot, newIdempotencyKey, postForm, readIdempotencyKey } from '@/lib/forms/submit';

const FIELDS = ['email'];

/** "Send my ticket again": the backend answers the same for every address; so does this page. */
export async function resendAction(_previous: FormState, formData: FormData): Promise<FormState> {
  if (isBot(formData)) redirect('/tickets/resend?sent=1');
  const parsed = validateForm(ticketResendPayloadSchema, formData);
  if (!parsed.ok) return { ...parsed.state, idempotencyKey: newIdempotencyKey() };
  const outcome = await postForm({
    path: '/api/forms/ticket-resend/',
    payload: parsed.data,
    idempotencyKey: readIdempotencyKey(formData),
    fallback: SUBMIT_MESSAGES.ticketResend,
    values: echoValues(formDataToObject(formData), FIELDS),
    fields: FIELDS,
  });
  if (!outcome.ok) return outcome.state;
  redirect('/tickets/resend?sent=1');
}
