import { z } from 'zod';
import { text } from '@/contract/text';
import { eventDetailSchema, type EventDetail } from '@/contract/content/schemas';
import { textField } from '@/contract/forms/rules';
import { EVENT_DETAIL_LIMITS } from './admin-limits';

/**
 * Editing an event's or programme session's detail from the staff area (issue 17 item 4): dates
 * and times in Lagos local time, venue, address, description. What the staff form sends to
 * POST /api/admin/content/event-details/<slug>/, what comes back, and every message staff read
 * about it. Shared by the server action and the built-in backend.
 */
export const EVENT_DETAIL_MESSAGES = {
  titleRequired: 'Enter a title',
  startsRequired: 'Enter the start date and time',
  endsRequired: 'Enter the end date and time',
  dateTimeInvalid: 'Enter a date and time like 2026-10-24 09:00',
  endBeforeStart: 'The end must be after the start',
  venueRequired: 'Enter the venue',
  addressRequired: 'Enter the address',
  descriptionRequired: 'Describe the event',
  descriptionTooLong: 'The description must be 4,000 characters or fewer',
  saved: 'Date, time and place saved. They are on the site now.',
  notFound: 'There is no such event or programme session.',
  /** A session's time and place are its entry's now (issue 40 part 3): edited under Content, Programme: sessions. */
  programmeSession: 'A programme session is edited in Content, under “Programme: sessions”.',
} as const;

export { EVENT_DETAIL_LIMITS };

/** Lagos is UTC+01:00 all year (no daylight saving). */
const LAGOS_OFFSET = '+01:00';
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::00)?$/;

/** "2026-10-24T09:00" (a datetime-local value, Lagos time) as "2026-10-24T09:00:00+01:00"; undefined if not a real date and time. */
export function lagosLocalToIso(local: string): string | undefined {
  const m = LOCAL_PATTERN.exec(local.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:00${LAGOS_OFFSET}`;
  const parsed = new Date(Date.parse(iso) + 3_600_000);
  // Refuse 2026-02-30 or 25:00 (Date.parse would roll them over): the round trip must match.
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 16) !== `${y}-${mo}-${d}T${h}:${mi}`) return undefined;
  return iso;
}

/** An ISO date-time (any offset) as a datetime-local value in Lagos time: "2026-10-24T09:00". */
export function isoToLagosLocal(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms + 3_600_000).toISOString().slice(0, 16);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text typed by staff (paragraphs split by blank lines) as the stored HTML: escaped <p> paragraphs. */
export function descriptionTextToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The stored HTML description as the plain text the form shows (paragraphs split by blank lines). */
export function descriptionHtmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();
}

const dateTimeField = (required: string) =>
  z.unknown().transform((raw, ctx): string => {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    // A Lagos local time from the form, or an ISO date-time with its offset (what the site's action sends).
    const iso = readDateTime(value);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: EVENT_DETAIL_MESSAGES.dateTimeInvalid });
      return z.NEVER;
    }
    return iso;
  });

/** Typed text with its paragraphs (newlines allowed, other control characters not), as stored HTML. */
const descriptionField = z.unknown().transform((raw, ctx): string => {
  const value = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n').normalize('NFC').trim() : '';
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value) || typeof raw !== 'string') {
    ctx.addIssue({ code: 'custom', message: raw === undefined || raw === '' ? EVENT_DETAIL_MESSAGES.descriptionRequired : 'Invalid value' });
    return z.NEVER;
  }
  if (value === '') ctx.addIssue({ code: 'custom', message: EVENT_DETAIL_MESSAGES.descriptionRequired });
  else if (value.length > EVENT_DETAIL_LIMITS.description) ctx.addIssue({ code: 'custom', message: EVENT_DETAIL_MESSAGES.descriptionTooLong });
  else return descriptionTextToHtml(value);
  return z.NEVER;
});

/**
 * The form's values and the API's payload: startsAt/endsAt as Lagos local "YYYY-MM-DDTHH:MM" (or
 * with a space) or ISO with an offset, out as ISO with +01:00 (to the minute); the description as
 * plain text (paragraphs split by a blank line), out as escaped HTML paragraphs.
 */
export const eventDetailInputSchema = z
  .object({
    title: textField({ required: EVENT_DETAIL_MESSAGES.titleRequired, maxLength: EVENT_DETAIL_LIMITS.title }),
    startsAt: dateTimeField(EVENT_DETAIL_MESSAGES.startsRequired),
    endsAt: dateTimeField(EVENT_DETAIL_MESSAGES.endsRequired),
    venue: textField({ required: EVENT_DETAIL_MESSAGES.venueRequired, maxLength: EVENT_DETAIL_LIMITS.venue }),
    address: textField({ required: EVENT_DETAIL_MESSAGES.addressRequired, maxLength: EVENT_DETAIL_LIMITS.address }),
    description: descriptionField,
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.endsAt) <= Date.parse(value.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: EVENT_DETAIL_MESSAGES.endBeforeStart });
  });
export type EventDetailInput = z.output<typeof eventDetailInputSchema>;

/** The form field order (error summary order). */
export const EVENT_DETAIL_FIELDS = ['title', 'startsAt', 'endsAt', 'venue', 'address', 'description'] as const;

/** Reads a date-time field as the schema does: ISO with +01:00, or undefined. */
function readDateTime(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const value = raw.trim();
  return lagosLocalToIso(value) ?? (ISO_WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value)) ? lagosLocalToIso(isoToLagosLocal(value)) : undefined);
}

/**
 * Parses an edit: the input, or every field's first message in form order. The end-after-start
 * rule is checked even when another field fails (zod skips an object's refinements then), so
 * staff see every problem at once.
 */
export function parseEventDetailInput(raw: Record<string, unknown>): { ok: true; value: EventDetailInput } | { ok: false; errors: Record<string, string> } {
  const parsed = eventDetailInputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const found: Record<string, string> = {};
  for (const issue of parsed.error.issues) found[issue.path.join('.') || '_'] ??= issue.message;
  const start = readDateTime(raw.startsAt);
  const end = readDateTime(raw.endsAt);
  if (!found.endsAt && start && end && Date.parse(end) <= Date.parse(start)) found.endsAt = EVENT_DETAIL_MESSAGES.endBeforeStart;
  const errors: Record<string, string> = {};
  for (const k of [...EVENT_DETAIL_FIELDS, ...Object.keys(found)]) if (found[k]) errors[k] ??= found[k];
  return { ok: false, errors };
}

/**
 * The API's request body as a schema: parseEventDetailInput's value, or its errors (every field's
 * first message, in form order) as issues on those fields, so a validator reports exactly them.
 */
export const eventDetailRequestSchema = z.record(text(), z.unknown()).transform((raw, ctx): EventDetailInput => {
  const parsed = parseEventDetailInput(raw);
  if (parsed.ok) return parsed.value;
  for (const [field, message] of Object.entries(parsed.errors)) ctx.addIssue({ code: 'custom', path: [field], message });
  return z.NEVER;
});

export const eventDetailResultSchema = z.object({ success: z.literal(true), data: eventDetailSchema, message: text() });

/**
 * How a stored detail is kept in the built-in backend's `event-details` content block. A seeded
 * detail (no `editedAt`) holds the times of contract/fallbacks/event-details.ts, written around
 * FALLBACK_FESTIVAL_START_DATE, and is shifted to FESTIVAL_START_DATE every time it is read, like
 * the static copy. Once staff save it, it carries `editedAt` and its times are served exactly as typed.
 */
export type StoredEventDetail = EventDetail & { editedAt?: string };
