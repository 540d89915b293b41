import { z } from 'zod';
import { EMAIL_RULES } from '@/contract/forms/field-rules';
import { textField } from '@/contract/forms/rules';

/**
 * The ticket and gate part of the /api contract (ours, beside spec §7): what the backend answers
 * and what the site reads, one schema per message.
 *
 *   GET  /api/tickets/<reference>/?t=<token>   → { success, data: Ticket }         (404 otherwise)
 *   POST /api/forms/ticket-resend/ { email }   → 202 { success, message }           (always the same)
 *   POST /api/admin/check-ins/ { reference }   → 200 CheckIn 'checked-in' | 409 'already' | 404
 *   GET  /api/admin/check-ins/                 → { success, data: CheckInCounts }
 */
export const TICKET_REFERENCE_PATTERN = /^ITN-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

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
  const match = /\/tickets\/([A-Za-z0-9-]+)/.exec(text);
  return normaliseReference(match?.[1] ?? text);
}

export const ticketSchema = z.object({
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  numberOfTickets: z.number().int().positive(),
  festivalStartDate: z.string(),
  festivalEndDate: z.string(),
  checkedInAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketResultSchema = z.object({ success: z.literal(true), data: ticketSchema });

export const TICKET_RESEND_MESSAGE =
  'If tickets are registered to that address, we have sent them to it. Please check your inbox (and spam folder) in a few minutes.';

export const ticketResendPayloadSchema = z.object({ email: textField(EMAIL_RULES) });

export const checkInPayloadSchema = z.object({ reference: z.string().max(64) });

const checkInTicketSchema = z.object({
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  numberOfTickets: z.number().int().positive(),
});

export const checkInResultSchema = z.discriminatedUnion('status', [
  z.object({ success: z.literal(true), status: z.literal('checked-in'), ticket: checkInTicketSchema, checkedInAt: z.string(), checkedInBy: z.string() }),
  z.object({ success: z.literal(false), status: z.literal('already'), ticket: checkInTicketSchema, checkedInAt: z.string(), checkedInBy: z.string() }),
  z.object({ success: z.literal(false), status: z.literal('unknown'), reference: z.string() }),
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
