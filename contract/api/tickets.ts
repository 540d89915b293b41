import { z } from 'zod';
import { text } from '@/contract/text';
import { EMAIL_RULES } from '@/contract/forms/field-rules';
import { textField } from '@/contract/forms/rules';
import { editionDates, editionKeyYear, editionName, formatInstant } from '@/contract/edition';
import { FESTIVAL_NAME } from '@/contract/festival';
import { TICKET_REFERENCE_PATTERN } from '@/contract/ticket-reference';

/**
 * The ticket and gate part of the /api contract (ours, beside spec §7): what the backend answers
 * and what the site reads, one schema per message.
 *
 *   GET  /api/tickets/<reference>/?t=<token>   → { success, data: Ticket }         (404 otherwise)
 *   POST /api/forms/ticket-resend/ { email }   → 202 { success, message }           (always the same)
 *   POST /api/admin/check-ins/ { reference }   → 200 CheckIn 'checked-in' | 409 'already' | 409 'refused'
 *                                                (given back, or an earlier edition's ticket) | 404
 *   GET  /api/admin/check-ins/                 → the current edition's counts (given-back tickets excluded)
 *                                                { success, data: CheckInCounts }
 */
export { TICKET_REFERENCE_PATTERN } from '@/contract/ticket-reference';

/** What a volunteer may type: any case, spaces, with or without the ITN- prefix. */
export function normaliseReference(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s_]+/g, '').replace(/^ITN-?/, '');
  const reference = `ITN-${compact}`;
  return TICKET_REFERENCE_PATTERN.test(reference) ? reference : undefined;
}

const TOKEN = '[A-Za-z0-9_-]{22}';
/** A ticket link's token: the HMAC of the reference under the server secret, base64url. */
export const TICKET_TOKEN_PATTERN = new RegExp(`^${TOKEN}$`);
const LINK_TOKEN = new RegExp(`[?&]t=(${TOKEN})$`);

/** A signed link's token in a query string (`?t=`): the ticket's and the waiting-list offer's GET. */
export const linkTokenQuerySchema = z.object({ t: text().optional() });

/** A ticket's page: `/tickets/<reference>?t=<token>` (what the mail, the QR code and the thank-you page link to). */
export function ticketLinkPath(reference: string, token: string): string {
  return `/tickets/${encodeURIComponent(reference)}?t=${token}`;
}

/** The token of a ticket link (a path or a full URL), when it ends with one; otherwise undefined. */
export function ticketLinkToken(link: string): string | undefined {
  return LINK_TOKEN.exec(link)?.[1];
}

/** A scanned QR code holds the ticket link; the reference is its path's last segment. */
export function referenceFromScan(text: string): string | undefined {
  const pass = /^\s*ITN[12]\.([A-Z0-9]{6})\./.exec(text);
  if (pass) return normaliseReference(pass[1] ?? '');
  const match = /\/tickets\/([A-Za-z0-9-]+)/.exec(text);
  return normaliseReference(match?.[1] ?? text);
}

export const ticketSchema = z.object({
  reference: text(),
  firstName: text(),
  lastName: text(),
  numberOfTickets: z.number().int().positive(),
  /** The current edition's dates (the ticket's own when it is for this edition). */
  festivalStartDate: text(),
  festivalEndDate: text(),
  venue: text(),
  checkedInAt: text().nullable(),
  /** The year of the edition the ticket is for ("2025"). */
  editionYear: text(),
  /** The ticket is for an earlier edition: the page says so and the gate refuses it. */
  earlierEdition: z.boolean(),
  /** The visitor gave the wristbands back ("I can't come"): the gate refuses the ticket. */
  cancelledAt: text().nullable(),
  /**
   * The gate pass its QR code carries (contract/gate/pass.ts), signed by the backend; null when
   * the gate would refuse the ticket. Absent from a backend without offline gates: the QR code
   * then carries the ticket link, as before.
   */
  pass: text().max(200).nullable().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketResultSchema = z.object({ success: z.literal(true), data: ticketSchema });

/** The ticket page's notice for a ticket of an earlier edition (the gate refuses it too). */
export const EARLIER_EDITION_TICKET = {
  title: 'This ticket is no longer valid',
  text: (ticketYear: string, current: { startDate: string; endDate: string }) =>
    `This ticket was for ${FESTIVAL_NAME} ${ticketYear}. It is not valid for ${editionName(current)} (${editionDates(current)}): register again for this year's festival.`,
} as const;

export const TICKET_RESEND_MESSAGE =
  'If tickets are registered to that address, we have sent them to it. Please check your inbox (and spam folder) in a few minutes.';

export const ticketResendPayloadSchema = z.object({ email: textField(EMAIL_RULES) });

export const checkInPayloadSchema = z.object({ reference: text().max(200) });

const checkInTicketSchema = z.object({
  reference: text(),
  firstName: text(),
  lastName: text(),
  numberOfTickets: z.number().int().positive(),
});

/**
 * Why the gate refuses a ticket that exists and is not checked in (issue 28), answered with 409
 * like 'already' (the ticket's state conflicts with a check-in): it was given back ("I can't
 * come"), or it is for an earlier edition (another edition's key than the current one's, issue
 * 41; in practice an earlier one). Nothing is checked in.
 */
export const CHECK_IN_REFUSAL_REASONS = ['cancelled', 'earlier-edition'] as const;
export type CheckInRefusalReason = (typeof CHECK_IN_REFUSAL_REASONS)[number];

/** The gate's words for a refused ticket: the backend sends them, the desk shows them. */
export const CHECK_IN_REFUSALS = {
  verdict: 'Do not admit',
  cancelled: (cancelledAt: string) => `This ticket was given back on ${formatInstant(cancelledAt)}: do not admit.`,
  /** `edition`: the ticket's edition key (contract/edition.ts), named by its year. */
  earlierEdition: (edition: string) => `This ticket is for ${FESTIVAL_NAME} ${editionKeyYear(edition)}, not this year's festival.`,
} as const;

export const checkInResultSchema = z.discriminatedUnion('status', [
  z.object({ success: z.literal(true), status: z.literal('checked-in'), ticket: checkInTicketSchema, checkedInAt: text(), checkedInBy: text() }),
  z.object({ success: z.literal(false), status: z.literal('already'), ticket: checkInTicketSchema, checkedInAt: text(), checkedInBy: text() }),
  z.object({ success: z.literal(false), status: z.literal('unknown'), reference: text() }),
  z.object({
    success: z.literal(false),
    status: z.literal('refused'),
    reason: z.enum(CHECK_IN_REFUSAL_REASONS),
    ticket: checkInTicketSchema,
    message: text(),
    /** reason 'cancelled': when it was given back. */
    cancelledAt: text().nullable().optional(),
    /** reason 'earlier-edition': the year of the edition the ticket is for ("2024"). */
    editionYear: text().optional(),
  }),
]);
export type CheckInResult = z.infer<typeof checkInResultSchema>;

export const checkInCountsSchema = z.object({
  registrations: z.number().int().nonnegative(),
  wristbands: z.number().int().nonnegative(),
  checkedInRegistrations: z.number().int().nonnegative(),
  checkedInWristbands: z.number().int().nonnegative(),
});
export type CheckInCounts = z.infer<typeof checkInCountsSchema>;
export const checkInCountsResultSchema = z.object({ success: z.literal(true), data: checkInCountsSchema });
