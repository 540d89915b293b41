'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { call, isApiError } from '@/lib/backend';
import { EDITION_FIELDS, EDITION_FORM_MESSAGES, editionPayloadSchema } from '@/contract/api/edition-admin';
import { apiErrorState } from '@/lib/forms/api-error';
import { staffAction, staffRedirectAction } from '@/lib/staff/action';
import type { EditionFormState } from '@/components/staff/edition-state';

/** The backend refused an admin: the role changed since the builder's check. */
const forbidden = (error: unknown): void => {
  if (isApiError(error) && error.status === 403) redirect('/staff');
};

/**
 * Saves the edition (admins only; the builder checks it here, since an action is its own
 * endpoint); the backend checks the role again, checks the capacity against the wristbands taken,
 * and audits the save. A save redirects to the page, which shows the values now in force.
 */
export const editionAction = staffAction({
  role: 'admin',
  page: '/staff/edition',
  values: (posted) => Object.fromEntries(EDITION_FIELDS.map((f) => [f, typeof posted[f] === 'string' ? String(posted[f]).slice(0, 1000) : ''])),
  schema: editionPayloadSchema,
  fields: EDITION_FIELDS,
  invalid: EDITION_FORM_MESSAGES.invalid,
  failure(error, { values }): EditionFormState {
    forbidden(error);
    return apiErrorState(error, { fallback: EDITION_FORM_MESSAGES.failed, values, fields: EDITION_FIELDS, reads: (s) => s === 409 || s === 422, message: 'alone' });
  },
  async run({ input }): Promise<EditionFormState> {
    await call('editionSave', { body: input });
    // Every page that shows the dates or offers registration reads the edition per request; this
    // also drops this instance's router cache of them.
    revalidatePath('/', 'layout');
    redirect('/staff/edition?saved=1');
  },
});

/**
 * "Back to configuration" (admins only): the saved edition is removed and the server's
 * configuration is in force again. A plain form, so the answer is the page again: ?saved=reset, or
 * ?reset=refused when the configuration's capacity is below the wristbands already taken.
 */
export const editionResetAction = staffRedirectAction({
  role: 'admin',
  page: '/staff/edition',
  async run() {
    await call('editionReset');
    revalidatePath('/', 'layout');
    redirect('/staff/edition?saved=reset');
  },
  failure(error) {
    forbidden(error);
    redirect(`/staff/edition?${isApiError(error) && error.status === 409 ? 'reset=refused' : 'reset=failed'}`);
  },
});
