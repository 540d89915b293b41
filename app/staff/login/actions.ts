'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { apiClient } from '@/lib/api';
import { isDevelopment } from '@/lib/config';
import { echoValues, formDataToObject, validateForm, type FormState } from '@/lib/forms/form-state';
import { SUBMIT_MESSAGES } from '@/lib/forms/messages';
import { newIdempotencyKey, postForm } from '@/lib/forms/submit';
import { staffLoginFormSchema } from '@/lib/contract/staff';
import { endSession, safeNext, startSession } from '@/lib/staff/session';

const tokenSchema = z.object({ token: z.string().min(16) });

/** Sign in: the backend checks the password (and rate-limits tries); the token becomes the session cookie. */
export async function loginAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const parsed = validateForm(staffLoginFormSchema, formData, { secretFields: ['password'] });
  if (!parsed.ok) return { ...parsed.state, idempotencyKey: newIdempotencyKey() };
  const outcome = await postForm({
    path: '/api/auth/login/',
    payload: parsed.data,
    idempotencyKey: newIdempotencyKey(),
    fallback: SUBMIT_MESSAGES.staffLogin,
    values: echoValues(formDataToObject(formData), ['email']),
    fields: ['email', 'password'],
  });
  if (!outcome.ok) return outcome.state;
  const token = tokenSchema.safeParse(outcome.result.body);
  if (!token.success) return { status: 'error', errors: {}, values: {}, message: SUBMIT_MESSAGES.staffLogin, idempotencyKey: newIdempotencyKey() };
  await startSession(token.data.token, !isDevelopment());
  redirect(safeNext(formData.get('next')));
}

/** Sign out: the token is revoked at the backend, then the cookie goes. */
export async function logoutAction(): Promise<undefined> {
  try {
    await apiClient.post('/api/auth/logout/', {});
  } catch {
    // Already invalid: nothing to revoke.
  }
  await endSession();
  redirect('/staff/login');
}
