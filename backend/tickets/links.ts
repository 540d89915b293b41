import { ticketLinkPath } from '@/contract/api/tickets';
import type { Signer } from '../kernel/signing';

/**
 * A ticket's page: `/tickets/<reference>?t=<token>`, the token an HMAC of the reference under the
 * server secret, so knowing (or guessing) a reference never opens its ticket.
 */
export function ticketPath(signer: Signer, reference: string): string {
  return ticketLinkPath(reference, signer.sign('ticket', reference));
}

export function ticketUrl(signer: Signer, siteUrl: string, reference: string): string {
  return `${siteUrl}${ticketPath(signer, reference)}`;
}
