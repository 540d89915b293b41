import 'server-only';
import { call, isApiError, type ClientKind } from '@/lib/backend';
import { ticketLinkPath, TICKET_REFERENCE_PATTERN, type Ticket } from '@/contract/api/tickets';

/** A ticket by its reference and link token; undefined for any wrong pair (the page answers 404). */
export async function getTicket(reference: string, token: string | undefined, client: ClientKind = 'visitor'): Promise<Ticket | undefined> {
  if (!TICKET_REFERENCE_PATTERN.test(reference) || !token) return undefined;
  try {
    return (await call('ticket', { params: { reference }, query: { t: token } }, { client })).data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}

/** The ticket has something to show at the gate: not given back, not an earlier edition's. */
export function admitsAtGate(ticket: Pick<Ticket, 'cancelledAt' | 'earlierEdition'>): boolean {
  return !ticket.cancelledAt && !ticket.earlierEdition;
}

/**
 * What the ticket's QR code carries: the gate pass the backend signs (contract/gate/), which the
 * gate checks offline; from a backend without one, the ticket's link, as the mail's QR code does.
 */
export function ticketQrText(ticket: Pick<Ticket, 'reference' | 'pass'>, token: string, siteUrl: string): string {
  return ticket.pass ?? `${siteUrl}${ticketLinkPath(ticket.reference, encodeURIComponent(token))}`;
}

/** The "Save ticket image" download (app/tickets/[reference]/ticket.png/route.ts), signed like the page. */
export function ticketImagePath(reference: string, token: string): string {
  return `/tickets/${encodeURIComponent(reference)}/ticket.png?t=${encodeURIComponent(token)}`;
}

/** The image's file name: itan-ticket-ITN-7K3Q9P.png. */
export function ticketImageFileName(reference: string): string {
  return `itan-ticket-${reference.replace(/[^A-Z0-9-]/gi, '')}.png`;
}
