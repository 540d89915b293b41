'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { apiClient, isApiError } from '@/lib/backend';
import { EDITION_FIELDS, EDITION_FORM_MESSAGES, editionAdminResultSchema, editionPayloadSchema } from '@/contract/api/edition-admin';
import { errorsByPath, formDataToObject } from '@/contract/forms/form-state';
import { apiErrorState } from '@/lib/forms/api-error';
import { requireAdmin } from '@/lib/staff/session';
import type { EditionFormState } from '@/components/staff/edition-state';

/**
 * Saves the edition (admins only): checked here, not only by the page, since an action is its own
 * endpoint; the backend checks the role again, checks the capacity against the wristbands taken,
 * and audits the save. A save redirects to the page, which shows the values now in force.
 */
export async function editionAction(previous: EditionFormState, formData: FormData): Promise<EditionFormState> {
  await requireAdmin('/staff/edition');
  const seq = (previous.seq ?? 0) + 1;
  const raw = formDataToObject(formData);
  const values = Object.fromEntries(EDITION_FIELDS.map((f) => [f, typeof raw[f] === 'string' ? String(raw[f]).slice(0, 1000) : '']));
  const parsed = editionPayloadSchema.safeParse(values);
  if (!parsed.success) {
    const byPath = errorsByPath(parsed.error);
    const errors = Object.fromEntries(EDITION_FIELDS.filter((f) => byPath[f]).map((f) => [f, byPath[f]!]));
    return { status: 'error', seq, message: EDITION_FORM_MESSAGES.invalid, errors, values };
  }
  try {
    await apiClient.post('/api/admin/edition/', parsed.data, { schema: editionAdminResultSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 401) await requireAdmin('/staff/edition');
    if (isApiError(error) && error.status === 403) redirect('/staff');
    return { ...apiErrorState(error, { fallback: EDITION_FORM_MESSAGES.failed, values, fields: EDITION_FIELDS, reads: (s) => s === 409 || s === 422, message: 'alone' }), seq };
  }
  // Every page that shows the dates or offers registration reads the edition per request; this
  // also drops this instance's router cache of them.
  revalidatePath('/', 'layout');
  redirect('/staff/edition?saved=1');
}

/**
 * "Back to configuration" (admins only): the saved edition is removed and the server's
 * configuration is in force again. A plain form, so the answer is the page again: ?saved=reset, or
 * ?reset=refused when the configuration's capacity is below the wristbands already taken.
 */
export async function editionResetAction(): Promise<void> {
  await requireAdmin('/staff/edition');
  let outcome = 'saved=reset';
  try {
    await apiClient.post('/api/admin/edition/reset/', {}, { schema: editionAdminResultSchema });
    revalidatePath('/', 'layout');
  } catch (error) {
    if (isApiError(error) && error.status === 401) await requireAdmin('/staff/edition');
    if (isApiError(error) && error.status === 403) redirect('/staff');
    outcome = isApiError(error) && error.status === 409 ? 'reset=refused' : 'reset=failed';
  }
  redirect(`/staff/edition?${outcome}`);
}
