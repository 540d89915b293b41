'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { apiClient, isApiError } from '@/lib/backend';
import { createStaffPayloadSchema, staffAccountResultSchema } from '@/contract/api/admin';
import { errorsByPath, formDataToObject, type FormValues } from '@/contract/forms/form-state';
import { apiErrorState } from '@/lib/forms/api-error';
import { STAFF_TEXT } from '@/lib/staff/messages';
import { requireAdmin } from '@/lib/staff/session';
import type { AccountsState } from '@/components/staff/accounts-state';

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add') }),
  z.object({ intent: z.enum(['reset', 'disable', 'enable']), id: z.string().min(1).max(64).regex(/^[A-Za-z0-9-]+$/) }),
]);

const PATHS = { reset: 'password', disable: 'disable', enable: 'enable' } as const;
/** The refusals whose words are shown; any other failure is "try again". */
const REFUSALS = [400, 404, 409, 422];

/**
 * Every account change (admins only): checked here, not only by the page, since an action is its
 * own endpoint. The backend checks the admin role again and writes the audit log.
 */
export async function accountsAction(previous: AccountsState, formData: FormData): Promise<AccountsState> {
  await requireAdmin('/staff/accounts');
  const seq = (previous.seq ?? 0) + 1;
  const raw = formDataToObject(formData);
  const intent = intentSchema.safeParse(raw);
  if (!intent.success) return { status: 'error', seq, message: STAFF_TEXT.actionFailed, errors: {}, values: {} };

  const values: FormValues = intent.data.intent === 'add' ? { name: String(raw.name ?? ''), email: String(raw.email ?? ''), role: String(raw.role ?? '') } : {};
  let request: { path: string; payload: unknown };
  if (intent.data.intent === 'add') {
    const parsed = createStaffPayloadSchema.safeParse({ ...values, password: String(raw.password ?? '') });
    if (!parsed.success) return { status: 'error', seq, message: 'Please check the highlighted fields.', errors: errorsByPath(parsed.error), values };
    request = { path: '/api/admin/staff/', payload: parsed.data };
  } else {
    request = { path: `/api/admin/staff/${intent.data.id}/${PATHS[intent.data.intent]}/`, payload: {} };
  }
  try {
    const result = await apiClient.post(request.path, request.payload, { schema: staffAccountResultSchema });
    revalidatePath('/staff/accounts');
    return { status: 'success', seq, message: result.message, errors: {}, values: {}, data: { generatedPassword: result.generatedPassword, forEmail: result.data.email } };
  } catch (error) {
    if (isApiError(error) && error.status === 401) await requireAdmin('/staff/accounts');
    return { ...apiErrorState(error, { fallback: STAFF_TEXT.actionFailed, values, reads: (status) => REFUSALS.includes(status) }), seq };
  }
}
