'use server';

import type { FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { partnershipFormSchema, toPartnershipPayload } from '@/contract/forms/schemas';
import { submitForm } from '@/lib/forms/submit';
import { postedForm } from '@/lib/forms/posted';

/** A partnership proposal (spec §3). */
export async function proposeAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(postedForm(formData), { schema: partnershipFormSchema, endpoint: 'partnership', payload: toPartnershipPayload, fallback: SUBMIT_MESSAGES.partnership, thankYou: '/partnerships/thank-you' });
}
