import { z } from 'zod';
import { isOneLineText, oneLineText, text } from '@/contract/text';
import {
  EDITION_NAME_MAX,
  EDITION_NUMBER_MAX,
  defaultEditionName,
  defaultEditionNumber,
  editionStatusSchema,
  festivalEndsAt,
  parseInstant,
  type Edition,
  type Phase,
} from '@/contract/edition';

/**
 * /staff/edition (issue 28): admins set the current edition's dates, name and number (issue 40),
 * venue, capacity and registration window. The built-in backend stores it (one row, read on every request, so it is in
 * force at once on every instance) and audits every save.
 *
 *   GET  /api/admin/edition/                   → { success, data: EditionAdmin }
 *   PUT  /api/admin/edition/ EditionPayload    → { success, data: EditionAdmin, message }
 *        (POST is the same: the site's API client posts)
 *        | 422 field errors | 409 capacity below the wristbands already taken (errors.capacity)
 *   DELETE /api/admin/edition/                → the same answer: the saved edition is removed and the
 *        server's configuration is in force again (POST /api/admin/edition/reset/ is the same)
 *
 * Admins only (403 for other staff, 401 without a session). One schema for the form (strings,
 * as typed: `<input type="date">`, `<input type="datetime-local">` in Lagos time) and for the
 * API (its own output parses again to itself).
 */

export const VENUE_MAX_CHARS = 200;
export const CAPACITY_MAX = 1_000_000;

export const EDITION_FORM_MESSAGES = {
  startDate: 'Enter the first festival day as a date, for example 2026-10-24',
  endDate: 'Enter the last festival day as a date, for example 2026-10-25',
  endBeforeStart: 'The last festival day cannot be before the first',
  nameLong: `The name must be ${EDITION_NAME_MAX} characters or fewer`,
  nameOneLine: 'Write the name on one line, without line breaks or control characters',
  number: `Enter the edition’s number as a whole number from 1 to ${EDITION_NUMBER_MAX.toLocaleString('en-NG')}, or leave it empty to count it from the first festival`,
  venue: 'Enter the venue',
  venueLong: `The venue must be ${VENUE_MAX_CHARS} characters or fewer`,
  venueOneLine: 'Write the venue on one line, without line breaks or control characters',
  capacity: 'Enter the number of wristbands as a whole number from 1 to 1,000,000, or leave it empty for no limit',
  capacityBelowTaken: (taken: number) =>
    `The capacity cannot be below the ${taken.toLocaleString('en-NG')} wristband${taken === 1 ? '' : 's'} already registered or held by waiting-list offers for this edition`,
  opensAt: 'Enter when registration opens as a date and time, or leave it empty to open it now',
  closesAt: 'Enter when registration closes as a date and time, or leave it empty to close it when the last festival day ends',
  closesBeforeOpens: 'Registration must close after it opens',
  invalid: 'Please check the highlighted fields.',
  saved: 'Edition saved. The site shows the new settings now.',
  reset: 'Back to the configuration. The site shows the configured edition now.',
  failed: 'The edition could not be saved just now. Please try again in a minute.',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const dateField = (message: string) =>
  text({ error: message }).trim().refine(isRealDate, message);

const capacityField = z
  .union([z.number(), text(), z.null()], { error: EDITION_FORM_MESSAGES.capacity })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/[\s,_]/g, '');
    if (text === '') return null;
    const n = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > CAPACITY_MAX) {
      ctx.addIssue({ code: 'custom', message: EDITION_FORM_MESSAGES.capacity });
      return z.NEVER;
    }
    return n;
  });

/** Empty: null (the default name); otherwise one line, trimmed, at most EDITION_NAME_MAX characters. */
const nameField = z
  .union([text(), z.null()], { error: EDITION_FORM_MESSAGES.nameOneLine })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    if (!isOneLineText(value)) {
      ctx.addIssue({ code: 'custom', message: EDITION_FORM_MESSAGES.nameOneLine });
      return z.NEVER;
    }
    const name = value.trim();
    if (name === '') return null;
    if (name.length > EDITION_NAME_MAX) {
      ctx.addIssue({ code: 'custom', message: EDITION_FORM_MESSAGES.nameLong });
      return z.NEVER;
    }
    return name;
  });

/** Empty: null (counted from the first festival); otherwise a whole number from 1 to EDITION_NUMBER_MAX. */
const numberField = z
  .union([z.number(), text(), z.null()], { error: EDITION_FORM_MESSAGES.number })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') return null;
    const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > EDITION_NUMBER_MAX) {
      ctx.addIssue({ code: 'custom', message: EDITION_FORM_MESSAGES.number });
      return z.NEVER;
    }
    return n;
  });

/** Empty: null (the default rule); otherwise a Lagos date-time (or an ISO instant), normalised to UTC ISO. */
const instantField = (message: string) =>
  z
    .union([text(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.trim() === '') return null;
      const instant = value.length <= 40 ? parseInstant(value) : undefined;
      if (instant) return instant.toISOString();
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

export const editionPayloadSchema = z
  .object({
    startDate: dateField(EDITION_FORM_MESSAGES.startDate),
    endDate: dateField(EDITION_FORM_MESSAGES.endDate),
    /** Empty: the festival's name and the first day's year ("Ìtàn Festival 2027"). */
    name: nameField,
    /** Empty: counted from the first festival (FIRST_EDITION_YEAR). */
    number: numberField,
    // One line, as every one-line field of the visitor forms (issue 42): it goes into pages, mails and the .ics.
    venue: oneLineText(EDITION_FORM_MESSAGES.venueOneLine, { error: EDITION_FORM_MESSAGES.venue })
      .trim()
      .min(1, EDITION_FORM_MESSAGES.venue)
      .max(VENUE_MAX_CHARS, EDITION_FORM_MESSAGES.venueLong),
    capacity: capacityField,
    /** Empty: registration is open now (until it closes). */
    registrationOpensAt: instantField(EDITION_FORM_MESSAGES.opensAt),
    /** Empty: registration closes when the last festival day ends (Lagos time). */
    registrationClosesAt: instantField(EDITION_FORM_MESSAGES.closesAt),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: EDITION_FORM_MESSAGES.endBeforeStart });
    if (v.registrationOpensAt) {
      const closes = v.registrationClosesAt ?? (v.endDate >= v.startDate ? festivalEndsAt(v).toISOString() : undefined);
      if (closes && Date.parse(closes) <= Date.parse(v.registrationOpensAt)) {
        ctx.addIssue({ code: 'custom', path: [v.registrationClosesAt ? 'registrationClosesAt' : 'registrationOpensAt'], message: EDITION_FORM_MESSAGES.closesBeforeOpens });
      }
    }
  });
export type EditionPayload = z.output<typeof editionPayloadSchema>;

/** The form's fields, in its order (the error summary follows it). */
export const EDITION_FIELDS = ['startDate', 'endDate', 'name', 'number', 'venue', 'capacity', 'registrationOpensAt', 'registrationClosesAt'] as const;

export const editionAdminSchema = z.object({
  /** The edition in force and its phase, as GET /api/edition/ answers it. */
  status: editionStatusSchema,
  /** Where the values come from: saved at /staff/edition, or the server's configuration. */
  source: z.enum(['staff', 'configuration']),
  updatedAt: text().nullable(),
  updatedBy: text().nullable(),
  /** Wristbands registered (not given back) or held by open waiting-list offers for the edition. */
  placesTaken: z.number().int().nonnegative(),
});
export type EditionAdmin = z.infer<typeof editionAdminSchema>;

export const editionAdminResultSchema = z.object({ success: z.literal(true), data: editionAdminSchema, message: text().optional() });

/** The phase in words, for staff. */
export const PHASE_WORDS: Record<Phase, string> = {
  announced: 'Announced: registration has not opened yet',
  open: 'Registration is open',
  'sold-out': 'Sold out: visitors can join the waiting list',
  closed: 'Registration has closed; the festival has not started yet',
  live: 'The festival is on now',
  after: 'The festival is over',
};

/** An instant as a `datetime-local` value in Lagos time ("2026-09-01T09:00"). */
export function lagosDateTimeInput(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : new Date(t + 3_600_000).toISOString().slice(0, 16);
}

/** The form's values for an edition: empty where the default rule gives the value. */
export function editionFormValues(edition: Edition): Record<(typeof EDITION_FIELDS)[number], string> {
  const defaultClose = festivalEndsAt(edition).toISOString();
  return {
    startDate: edition.startDate,
    endDate: edition.endDate,
    name: edition.name === defaultEditionName(edition.key) ? '' : edition.name,
    number: edition.number === defaultEditionNumber(edition.key) ? '' : String(edition.number),
    venue: edition.venue,
    capacity: edition.capacity === null ? '' : String(edition.capacity),
    registrationOpensAt: edition.registrationOpensAt ? lagosDateTimeInput(edition.registrationOpensAt) : '',
    registrationClosesAt: Date.parse(edition.registrationClosesAt) === Date.parse(defaultClose) ? '' : lagosDateTimeInput(edition.registrationClosesAt),
  };
}
