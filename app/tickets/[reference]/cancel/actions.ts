'use server';

import { redirect } from 'next/navigation';
import { TICKET_REFERENCE_PATTERN, TICKET_TOKEN_PATTERN, ticketLinkPath } from '@/contract/api/tickets';
import { call, isApiError } from '@/lib/backend';
import { postedForm } from '@/lib/forms/posted';

/**
 * "Yes, give them back" (issue 28): a plain form post (works with JavaScript off). Given back, or
 * given back already (a second click): the ticket page, which says so. Refused: this step again,
 * saying why (the reason the backend gave).
 */
export async function giveBackAction(sent: FormData): Promise<void> {
  const formData = postedForm(sent);
  const reference = String(formData.get('reference') ?? '');
  const token = String(formData.get('token') ?? '');
  if (!TICKET_REFERENCE_PATTERN.test(reference) || !TICKET_TOKEN_PATTERN.test(token)) redirect('/tickets/resend');
  let refused: string | undefined;
  try {
    await call('ticketCancel', { params: { reference }, body: { token } });
  } catch (error) {
    const reason = isApiError(error) && typeof error.body === 'object' && error.body !== null ? (error.body as { reason?: unknown }).reason : undefined;
    if (reason !== 'already-given-back') refused = typeof reason === 'string' ? reason : 'failed';
  }
  if (refused) redirect(`/tickets/${encodeURIComponent(reference)}/cancel?t=${encodeURIComponent(token)}&refused=${encodeURIComponent(refused)}`);
  redirect(ticketLinkPath(reference, token));
}
