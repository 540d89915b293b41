'use server';

import type { FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { contactFormSchema, toContactPayload } from '@/contract/forms/schemas';
import { submitForm } from '@/lib/forms/submit';
import { postedForm } from '@/lib/forms/posted';

/** A message from /contact (issue 16): validated here, stored by the backend (the contact endpoint). */
export async function contactAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(postedForm(formData), { schema: contactFormSchema, endpoint: 'contact', payload: toContactPayload, fallback: SUBMIT_MESSAGES.contact, thankYou: '/contact/thank-you' });
}
