'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { apiClient, isApiError, readApiErrorBody } from '@/lib/backend';
import { createStaffPayloadSchema, staffAccountResultSchema } from '@/contract/api/admin';
import { errorsByPath, formDataToObject } from '@/contract/forms/form-state';
import { STAFF_TEXT } from '@/lib/staff/messages';
import { requireAdmin } from '@/lib/staff/session';
import type { AccountsState } from '@/components/staff/accounts-state';

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add') }),
  z.object({ intent: z.enum(['reset', 'disable', 'enable']), id: z.string().min(1).max(64).regex(/^[A-Za-z0-9-]+$/) }),
]);

const PATHS = { reset: 'password', disable: 'disable', enable: 'enable' } as const;

/**
 * Every account change (admins only): checked here, not only by the page, since an action is its
 * own endpoint. The backend checks the admin role again and writes the audit log.
 */
export async function accountsAction(previous: AccountsState, formData: FormData): Promise<AccountsState> {
  await requireAdmin('/staff/accounts');
  const seq = previous.seq + 1;
  const raw = formDataToObject(formData);
  const intent = intentSchema.safeParse(raw);
  if (!intent.success) return { status: 'error', seq, message: STAFF_TEXT.actionFailed, errors: {}, values: {} };

  if (intent.data.intent === 'add') {
    const values = { name: String(raw.name ?? ''), email: String(raw.email ?? ''), role: String(raw.role ?? '') };
    const parsed = createStaffPayloadSchema.safeParse({ ...values, password: String(raw.password ?? '') });
    if (!parsed.success) return { status: 'error', seq, message: 'Please check the highlighted fields.', errors: errorsByPath(parsed.error), values };
    try {
      const result = await apiClient.post('/api/admin/staff/', parsed.data, { schema: staffAccountResultSchema });
      revalidatePath('/staff/accounts');
      return { status: 'done', seq, message: result.message, generatedPassword: result.generatedPassword, forEmail: result.data.email };
    } catch (error) {
      return failed(error, seq, values);
    }
  }

  const { id } = intent.data;
  try {
    const result = await apiClient.post(`/api/admin/staff/${id}/${PATHS[intent.data.intent]}/`, {}, { schema: staffAccountResultSchema });
    revalidatePath('/staff/accounts');
    return { status: 'done', seq, message: result.message, generatedPassword: result.generatedPassword, forEmail: result.data.email };
  } catch (error) {
    return failed(error, seq, {});
  }
}

async function failed(error: unknown, seq: number, values: Record<string, string>): Promise<AccountsState> {
  if (isApiError(error) && error.status === 401) await requireAdmin('/staff/accounts');
  if (isApiError(error) && [400, 404, 409, 422].includes(error.status)) {
    const body = readApiErrorBody(error.body);
    const errors = Object.fromEntries(Object.entries(body.errors ?? {}).map(([field, list]) => [field, list[0] ?? '']));
    return { status: 'error', seq, message: body.message ?? STAFF_TEXT.actionFailed, errors, values };
  }
  return { status: 'error', seq, message: STAFF_TEXT.actionFailed, errors: {}, values };
}
