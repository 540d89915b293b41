import type { FormState } from '@/contract/forms/form-state';

/**
 * The edition form's state (app/staff/edition/actions.ts answers with it; edition-form.tsx shows
 * it): the one form state. A save redirects to the page with its success notice, so only errors
 * come back here.
 */
export type EditionFormState = FormState;
