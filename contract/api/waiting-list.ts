import { z } from 'zod';
import { text } from '@/contract/text';
import { EMAIL_RULES, NAME_RULES, PHONE_RULES, TICKETS_RULES } from '@/contract/forms/field-rules';
import { MESSAGES } from '@/contract/forms/messages';
import { numberField, textField } from '@/contract/forms/rules';
import { formatInstant } from '@/contract/edition';

/**
 * Giving wristbands back and the waiting list (issue 28): ours, beside spec §7, one schema per
 * message and every visitor-facing sentence in one place (the backend answers with them, the site
 * shows them).
 *
 *   POST /api/tickets/<reference>/cancel { token }        → 200 { success, message, data: CancelledTicket }
 *                                                           404 (no such ticket / wrong token), 409 (reason)
 *   POST /api/forms/waiting-list/ { name, email, numberOfTickets, submittedAt }
 *                                                         → 201 { success, waitingListId, message, data }
 *                                                           409 when registration is not sold out (reason)
 *   GET  /api/waiting-list/offers/<id>/?t=<token>         → 200 { success, data: Offer } · 404 · 409 used · 410 expired
 *   POST /api/waiting-list/offers/<id>/claim { token, firstName, lastName, phone }
 *                                                         → 201 like a registration (ticketReference, ticketUrl)
 *                                                           404 · 409 used · 410 expired
 */

// ---- Forms (flat FormData fields) ----

export const waitingListFormSchema = z.object({
  name: textField(NAME_RULES),
  email: textField(EMAIL_RULES),
  numberOfTickets: numberField(TICKETS_RULES),
});
export type WaitingListForm = z.output<typeof waitingListFormSchema>;

/** Taking an offer: the registration's fields the waiting list did not ask for. */
export const offerClaimFormSchema = z.object({
  firstName: textField(NAME_RULES),
  lastName: textField(NAME_RULES),
  phone: textField(PHONE_RULES),
});
export type OfferClaimForm = z.output<typeof offerClaimFormSchema>;

// ---- Payloads ----

const submittedAt = () =>
  z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return new Date().toISOString();
      if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(raw) && !Number.isNaN(Date.parse(raw))) return new Date(raw).toISOString();
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalid });
      return z.NEVER;
    });

export const waitingListPayloadSchema = waitingListFormSchema.extend({ submittedAt: submittedAt() });
export type WaitingListPayload = z.output<typeof waitingListPayloadSchema>;

/** A link's token: 22 base64url characters (an HMAC under the server secret). */
const token = () => text().max(64);

export const offerClaimPayloadSchema = offerClaimFormSchema.extend({ token: token() });
export type OfferClaimPayload = z.output<typeof offerClaimPayloadSchema>;

export const ticketCancelPayloadSchema = z.object({ token: token() });

// ---- Answers ----

export const offerSchema = z.object({
  id: text(),
  name: text(),
  numberOfTickets: z.number().int().positive(),
  offeredAt: text(),
  /** Until when the places are held for this person (an instant; shown in Lagos time). */
  expiresAt: text(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerResultSchema = z.object({ success: z.literal(true), data: offerSchema });

export const cancelledTicketSchema = z.object({
  reference: text(),
  numberOfTickets: z.number().int().positive(),
  cancelledAt: text(),
});
export const ticketCancelResultSchema = z.object({ success: z.literal(true), message: text(), data: cancelledTicketSchema });

/** Why a cancel, a join or a claim was refused (besides the message): what a client can act on. */
export const WAITING_LIST_REASONS = [
  'registration-open',
  'registration-not-open',
  'registration-closed',
  'already-given-back',
  'checked-in',
  'earlier-edition',
  'festival-over',
  'festival-started',
  'offer-used',
  'offer-expired',
] as const;
export type WaitingListReason = (typeof WAITING_LIST_REASONS)[number];

/** How long an offer holds its places. */
export const OFFER_HOURS = 48;

const wristbands = (n: number) => `${n} wristband${n === 1 ? '' : 's'}`;

export const WAITING_LIST_MESSAGES = {
  joined: 'You are on the waiting list. If wristbands are given back, we email the people on the list in the order they joined: watch your inbox (and spam folder).',
  /** Not sold out: the form to use instead. */
  registerInstead: 'Wristbands are available again, so there is no waiting list: please register instead.',
  submitFailed: 'We could not add you to the waiting list. Please try again.',
  // Giving wristbands back
  cancelled: (n: number) => `Your ${wristbands(n)} ${n === 1 ? 'has' : 'have'} been given back. Thank you for letting someone else come: we have sent you a confirmation by email.`,
  alreadyCancelled: 'This ticket was already given back: its wristbands went to someone else.',
  checkedIn: 'This ticket was already used at the gate, so its wristbands cannot be given back.',
  earlierEdition: 'This ticket is for an earlier edition of the festival: there is nothing to give back.',
  festivalOver: 'The festival is over: there is nothing to give back.',
  /** Issue 41: from 00:00 Lagos on the first day the gate is admitting people; nothing is given back any more. */
  festivalStarted: 'The festival has started, so wristbands can no longer be given back. If you cannot come after all, there is nothing more to do.',
  cancelFailed: 'We could not give your wristbands back. Please try again.',
  // Offers
  offerNotFound: 'This offer link is not valid. Please use the link in your email exactly as it is.',
  offerExpired: 'This offer has expired: the places were held for you for 48 hours and have gone to the next person on the waiting list.',
  offerUsed: 'This offer has already been taken: your ticket was sent by email. Lost it? Use “Send my ticket again”.',
  offerClosed: 'Registration for this edition has closed, so this offer can no longer be taken.',
  offerAlreadyRegistered: 'This email address already holds a registration for the festival, so the offer cannot be taken. Lost your ticket? Use “Send my ticket again”.',
  claimFailed: 'We could not complete your registration. Please try again.',
  offerUntil: (iso: string) => `${formatInstant(iso)} (Lagos time)`,
} as const;

/** Where an offer mail points: `/register/offer/<id>?t=<token>`. */
export function offerLinkPath(id: string, token: string): string {
  return `/register/offer/${encodeURIComponent(id)}?t=${encodeURIComponent(token)}`;
}

/** A full name as people type it → the registration's first and last name (the form lets them correct it). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { firstName: parts[0] ?? '', lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! };
}
