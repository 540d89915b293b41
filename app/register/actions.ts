'use server';

import { ticketLinkToken } from '@/contract/api/tickets';
import type { FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { registrationFormSchema, toRegistrationPayload } from '@/contract/forms/schemas';
import { WAITING_LIST_MESSAGES, waitingListFormSchema } from '@/contract/api/waiting-list';
import { submitForm } from '@/lib/forms/submit';
import { postedForm } from '@/lib/forms/posted';

const WAITING_LIST_THANK_YOU = '/register/waiting-list/thank-you';

/** Free registration (spec §3): validate, post, and on success show the ticket reference. */
export async function registerAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(postedForm(formData), {
    schema: registrationFormSchema,
    endpoint: 'registration',
    payload: toRegistrationPayload,
    fallback: SUBMIT_MESSAGES.registration,
    thankYou: '/registration/thank-you',
    done: (data, result) => {
      const query = new URLSearchParams({ tickets: String(data.numberOfTickets) });
      const ref = result.ticketReference ?? result.registrationId;
      if (ref) query.set('ref', ref);
      // The signed ticket link's token (the built-in backend sends it; another backend may not).
      const token = ticketLinkToken(result.ticketUrl ?? '');
      if (token) query.set('t', token);
      return `/registration/thank-you?${query.toString()}`;
    },
  });
}

/** The waiting list while the edition is sold out (issue 28): validate, post, thank. */
export async function joinWaitingListAction(_previous: FormState, formData: FormData): Promise<FormState> {
  return submitForm(postedForm(formData), {
    schema: waitingListFormSchema,
    endpoint: 'waitingList',
    payload: (data) => ({ ...data, submittedAt: new Date().toISOString() }),
    fallback: WAITING_LIST_MESSAGES.submitFailed,
    thankYou: WAITING_LIST_THANK_YOU,
    done: (data) => `${WAITING_LIST_THANK_YOU}?tickets=${data.numberOfTickets}`,
  });
}
