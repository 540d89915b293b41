'use server';

import { ticketLinkToken } from '@/contract/api/tickets';
import { offerClaimFormSchema, WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import type { FormState } from '@/contract/forms/form-state';
import { postedForm } from '@/lib/forms/posted';
import { submitForm } from '@/lib/forms/submit';

const OFFER_ID = /^[0-9a-f-]{36}$/;
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Taking a waiting-list offer (issue 28): the registration's remaining fields, posted with the
 * link's id and token (hidden fields), then the registration's thank-you page with the ticket,
 * as after registering. Refusals (taken, expired, forged) come back as the form's message.
 */
export async function claimOfferAction(_previous: FormState, sent: FormData): Promise<FormState> {
  const formData = postedForm(sent);
  const id = String(formData.get('offerId') ?? '');
  const token = String(formData.get('token') ?? '');
  if (!OFFER_ID.test(id) || !TOKEN.test(token)) return { status: 'error', errors: {}, values: {}, message: WAITING_LIST_MESSAGES.offerNotFound };
  return submitForm(formData, {
    schema: offerClaimFormSchema,
    endpoint: 'offerClaim',
    params: { id },
    payload: (data) => ({ ...data, token }),
    fallback: WAITING_LIST_MESSAGES.claimFailed,
    thankYou: '/registration/thank-you',
    done: (_data, result) => {
      const query = new URLSearchParams();
      if (result.numberOfTickets) query.set('tickets', result.numberOfTickets);
      if (result.ticketReference) query.set('ref', result.ticketReference);
      const ticketToken = ticketLinkToken(result.ticketUrl ?? '');
      if (ticketToken) query.set('t', ticketToken);
      return `/registration/thank-you?${query.toString()}`;
    },
  });
}
