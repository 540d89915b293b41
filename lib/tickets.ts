import 'server-only';
import { call, isApiError, type ClientKind } from '@/lib/backend';
import { ticketLinkPath, TICKET_REFERENCE_PATTERN, type Ticket } from '@/contract/api/tickets';
import { WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import { festivalEndsAt, givingBackOpen, type EditionStatus } from '@/contract/edition';

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
 * Why this ticket's wristbands cannot be given back now ("I can't come"), in the backend's words;
 * undefined when they can. The ticket's state first, then the edition's clock (the status the page
 * rendered with): from 00:00 Lagos on the festival's first day nothing is given back (issue 41),
 * the same rule backend/tickets/cancel.ts applies.
 */
export function giveBackRefusal(ticket: Pick<Ticket, 'cancelledAt' | 'checkedInAt' | 'earlierEdition'>, status: Pick<EditionStatus, 'edition' | 'now'>): string | undefined {
  if (ticket.cancelledAt) return WAITING_LIST_MESSAGES.alreadyCancelled;
  if (ticket.checkedInAt) return WAITING_LIST_MESSAGES.checkedIn;
  if (ticket.earlierEdition) return WAITING_LIST_MESSAGES.earlierEdition;
  const now = new Date(status.now);
  if (now >= festivalEndsAt(status.edition)) return WAITING_LIST_MESSAGES.festivalOver;
  if (!givingBackOpen(status.edition, now)) return WAITING_LIST_MESSAGES.festivalStarted;
  return undefined;
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
