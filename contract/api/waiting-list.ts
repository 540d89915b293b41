import { wristbands } from '@/contract/festival';
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
  offerWithdrawn: 'This offer was withdrawn by the festival’s organisers, so it can no longer be taken. We have written to you about it.',
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

// ---- Staff: the list in order, offers by hand, withdrawing an offer (issue 43) ----
//
//   GET  /api/admin/waiting-list/                      → { success, data: WaitingListView } (staff)
//   POST /api/admin/waiting-list/<id>/offer/           → { success, message, data: WaitingListRow } (admins)
//                                                        404 · 409 (not free, not offerable, registration not open)
//   POST /api/admin/waiting-list/<id>/withdraw/        → { success, message, data: WaitingListRow } (admins) · 404 · 409
//   GET  /api/admin/export/waiting-list.csv            → the CSV (admins; audited like every export)

/** How long before an offer lapses its reminder goes (one per offer): half a day, so a night's sleep never eats the last hours unwarned. */
export const OFFER_REMINDER_HOURS = 12;

export const WAITING_STATES = ['waiting', 'offered', 'registered', 'lapsed', 'withdrawn'] as const;
export type WaitingState = (typeof WAITING_STATES)[number];
export const OFFER_REASONS = ['given-back', 'capacity', 'staff'] as const;
export type OfferReason = (typeof OFFER_REASONS)[number];

export const waitingListRowSchema = z.object({
  id: text(),
  position: z.number().int().nonnegative(),
  name: text(),
  numberOfTickets: z.number().int().positive(),
  joinedAt: text(),
  offersMade: z.number().int().nonnegative(),
  state: z.enum(WAITING_STATES),
  offeredAt: text().nullable(),
  offerExpiresAt: text().nullable(),
  offerReason: z.enum(OFFER_REASONS).nullable(),
});
export type WaitingListRow = z.infer<typeof waitingListRowSchema>;

export const waitingListViewSchema = z.object({
  /** The edition's key the list is for. */
  edition: text(),
  capacity: z.number().int().nonnegative().nullable(),
  /** Wristbands free now (registered and held by offers taken off); null: no limit. */
  free: z.number().int().nonnegative().nullable(),
  /** Whether registration is open (offers are made only then). */
  registrationOpen: z.boolean(),
  entries: z.array(waitingListRowSchema),
});
export type WaitingListView = z.infer<typeof waitingListViewSchema>;

export const waitingListViewResultSchema = z.object({ success: z.literal(true), data: waitingListViewSchema });
export const waitingListChangeResultSchema = z.object({ success: z.literal(true), message: text(), data: waitingListRowSchema });

/** An entry's id in a staff path. */
export const WAITING_ENTRY_ID_PATTERN = /^[0-9a-f-]{36}$/;

export const WAITING_LIST_ADMIN_MESSAGES = {
  offered: (name: string, n: number) => `Offer made: ${wristbands(n)} held for ${name} for up to ${OFFER_HOURS} hours. The offer mail is on its way.`,
  withdrawn: (name: string) => `Offer to ${name} withdrawn: they have been told, and the wristbands went back to the waiting list.`,
  notFound: 'There is no such entry on this edition’s waiting list.',
  notOfferable: 'This person cannot be offered places now: they hold an offer already, or registered.',
  notFree: (n: number, free: number) => `Not enough wristbands are free: ${wristbands(n)} asked for, ${free} free. Withdraw an open offer or raise the capacity first.`,
  registrationNotOpen: 'Registration is not open, so an offer could not be taken: offers are made only while it is open.',
  otherEntryOpen: 'This address is on the waiting list again with a newer entry: offer that one instead.',
  notOffered: 'This entry holds no open offer: it was taken, lapsed or withdrawn meanwhile.',
} as const;
