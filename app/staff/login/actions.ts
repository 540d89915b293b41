'use server';

import { redirect } from 'next/navigation';
import { isDevelopment } from '@/lib/config';
import { echoValues, formDataToObject, validateForm, type FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { postedForm } from '@/lib/forms/posted';
import { newIdempotencyKey, postForm } from '@/lib/forms/submit';
import { staffLoginFormSchema, staffLoginResultSchema } from '@/contract/api/staff';
import { safeNext, startSession } from '@/lib/staff/session';

/** Sign in: the backend checks the password (and rate-limits tries); the token becomes the session cookie. */
export async function loginAction(_previous: FormState, sent: FormData): Promise<FormState> {
  const formData = postedForm(sent);
  const parsed = validateForm(staffLoginFormSchema, formData, { secretFields: ['password'] });
  if (!parsed.ok) return { ...parsed.state, idempotencyKey: newIdempotencyKey() };
  const outcome = await postForm({
    endpoint: 'login',
    payload: parsed.data,
    idempotencyKey: newIdempotencyKey(),
    fallback: SUBMIT_MESSAGES.staffLogin,
    values: echoValues(formDataToObject(formData), ['email']),
    fields: ['email', 'password'],
  });
  if (!outcome.ok) return outcome.state;
  const token = staffLoginResultSchema.safeParse(outcome.result);
  if (!token.success) return { status: 'error', errors: {}, values: {}, message: SUBMIT_MESSAGES.staffLogin, idempotencyKey: newIdempotencyKey() };
  await startSession(token.data.token, !isDevelopment());
  redirect(safeNext(formData.get('next')));
}
