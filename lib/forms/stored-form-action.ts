'use server';

import { idleState, type FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { STORED_FORMS, type StoredFormName } from '@/contract/forms/stored';
import { lookup } from '@/contract/lookup';
import { postedForm } from '@/lib/forms/posted';
import { submitForm, type PublicForm } from '@/lib/forms/submit';

/**
 * The server action of every stored public form (docs/adding-a-form.md): its page binds it to the
 * form's name, `submitStoredForm.bind(null, 'partnership')` (Next's documented way to pass an
 * argument to a server action; without JavaScript React posts the bound name with the form), so a
 * new form needs no action of its own. The name comes from the post, so it is looked up as an own
 * property of STORED_FORMS and anything else answers the submit-level message, never a throw.
 */
export async function submitStoredForm(name: StoredFormName, _previous: FormState, formData: FormData): Promise<FormState> {
  const form = lookup(STORED_FORMS, name);
  if (!form) return { ...idleState, status: 'error', message: SUBMIT_MESSAGES.unexpected };
  // One call for every form: the entry's schema, payload and endpoint belong together (STORED_FORMS).
  const spec = { schema: form.form, endpoint: name, payload: form.toPayload, fallback: form.submitMessage, thankYou: form.pages.thankYou[0] };
  return submitForm(postedForm(formData), spec as unknown as PublicForm<typeof form.form, 'partnership'>);
}
