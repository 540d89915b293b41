'use server';

import type { FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';
import { contactFormSchema, toContactPayload } from '@/contract/forms/schemas';
import { submitForm } from '@/lib/forms/submit';

/** A message from /contact (issue 16): validated here, stored by POST /api/forms/contact/. */
export async function contactAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(formData, { schema: contactFormSchema, path: '/api/forms/contact/', payload: toContactPayload, fallback: SUBMIT_MESSAGES.contact, thankYou: '/contact/thank-you' });
}
