'use server';

import type { FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { volunteerFormSchema, toVolunteerPayload } from '@/contract/forms/schemas';
import { submitForm } from '@/lib/forms/submit';
import { postedForm } from '@/lib/forms/posted';

/** The on-site volunteer application (used when no external volunteer form is configured). */
export async function applyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(postedForm(formData), { schema: volunteerFormSchema, endpoint: 'volunteer', payload: toVolunteerPayload, fallback: SUBMIT_MESSAGES.volunteer, thankYou: '/volunteer/apply/thank-you' });
}
