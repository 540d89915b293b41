import { contact } from './contact';
import { partnership } from './partnership';
import { volunteer } from './volunteer';

/**
 * The stored public forms (docs/adding-a-form.md), one line each, by the name the site and the
 * endpoint table know them by. The registries take their entries from here: ENDPOINTS
 * (contract/api/endpoints.ts), PUBLIC_FORMS (../public-forms.ts), SUBMIT_MESSAGES and MAIL_REASONS
 * (../form-messages.ts). Each form's schemas are exported by its module and re-exported by
 * ../schemas.ts (the form) and contract/api/forms.ts (the payload).
 *
 * Nothing a form's module imports may import this list (an import cycle): the field rules and
 * MESSAGES live apart from the registries that gather the forms.
 */
export const STORED_FORMS = {
  partnership,
  volunteer,
  contact,
} as const;

export type StoredFormName = keyof typeof STORED_FORMS;
type StoredForms = typeof STORED_FORMS;

/** `{ partnership: <its entry>, ... }`, typed per form. */
function pick<K extends 'endpoint' | 'pages' | 'submitMessage' | 'mailReason'>(part: K): { [N in StoredFormName]: StoredForms[N][K] } {
  return Object.fromEntries(Object.entries(STORED_FORMS).map(([name, form]) => [name, form[part]])) as { [N in StoredFormName]: StoredForms[N][K] };
}

export const STORED_FORM_ENDPOINTS = pick('endpoint');
export const STORED_FORM_PAGES = pick('pages');
export const STORED_FORM_SUBMIT_MESSAGES = pick('submitMessage');
export const STORED_FORM_MAIL_REASONS = pick('mailReason');

export type { PublicFormPages, StoredFormContract } from './form';
