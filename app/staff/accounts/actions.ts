'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { call } from '@/lib/backend';
import { createStaffPayloadSchema } from '@/contract/api/admin';
import { errorsByPath, type FormValues } from '@/contract/forms/form-state';
import { STAFF_TEXT } from '@/lib/staff/messages';
import { staffAction } from '@/lib/staff/action';
import type { AccountsState } from '@/components/staff/accounts-state';

const intentSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add') }),
  z.object({ intent: z.enum(['reset', 'disable', 'enable']), id: z.string().min(1).max(64).regex(/^[A-Za-z0-9-]+$/) }),
]);

/** The refusals whose words are shown; any other failure is "try again". */
const REFUSALS = [400, 404, 409, 422];

/**
 * Every account change (admins only; the builder checks it here, since an action is its own
 * endpoint). The backend checks the admin role again and writes the audit log.
 */
export const accountsAction = staffAction({
  role: 'admin',
  page: '/staff/accounts',
  values: (posted): FormValues => (posted.intent === 'add' ? { name: String(posted.name ?? ''), email: String(posted.email ?? ''), role: String(posted.role ?? '') } : {}),
  failure: { fallback: STAFF_TEXT.actionFailed, reads: (status) => REFUSALS.includes(status) },
  async run({ posted, values }): Promise<AccountsState> {
    const intent = intentSchema.safeParse(posted);
    if (!intent.success) return { status: 'error', message: STAFF_TEXT.actionFailed, errors: {}, values: {} };
    let result;
    if (intent.data.intent === 'add') {
      const parsed = createStaffPayloadSchema.safeParse({ ...values, password: String(posted.password ?? '') });
      if (!parsed.success) return { status: 'error', message: 'Please check the highlighted fields.', errors: errorsByPath(parsed.error), values };
      result = await call('staffCreate', { body: parsed.data });
    } else {
      const params = { id: intent.data.id };
      if (intent.data.intent === 'reset') result = await call('staffPassword', { params, body: {} });
      else result = await call(intent.data.intent === 'disable' ? 'staffDisable' : 'staffEnable', { params });
    }
    revalidatePath('/staff/accounts');
    return { status: 'success', message: result.message, errors: {}, values: {}, data: { generatedPassword: result.generatedPassword, forEmail: result.data.email } };
  },
});
