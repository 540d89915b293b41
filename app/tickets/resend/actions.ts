'use server';

import { ticketResendPayloadSchema } from '@/contract/api/tickets';
import type { FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { submitForm } from '@/lib/forms/submit';
import { postedForm } from '@/lib/forms/posted';

/** "Send my ticket again": the backend answers the same for every address; so does this page. */
export async function resendAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(postedForm(formData), { schema: ticketResendPayloadSchema, endpoint: 'ticketResend', fallback: SUBMIT_MESSAGES.ticketResend, thankYou: '/tickets/resend?sent=1' });
}
