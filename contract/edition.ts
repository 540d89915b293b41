import { z } from 'zod';
import { oneLineText, text } from './text'; // relative: next.config.ts loads this file (lib/config.ts), and Next's config loader knows no @/ alias
import { FESTIVAL_NAME, FESTIVAL_VENUE, FIRST_EDITION_YEAR, formatFestivalDates } from './festival';
import { DAY_MS } from './calendar-days';

/**
 * The festival's year (issue 28): the current edition (dates, venue, capacity, registration
 * window) and where it stands, its phase, computed from one clock. Pure: the site (lib/edition.ts)
 * and the built-in backend (backend/edition/) both decide with these functions, so the page and
 * the endpoint that refuses a registration never disagree. Times are instants; the festival's days
 * are Lagos days (UTC+1 all year, no daylight saving).
 */

const LAGOS_OFFSET = '+01:00';

export const isoDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'expected a real calendar date');

/**
 * An instant as configured or entered by staff: an ISO timestamp with its offset
 * ("2026-09-01T09:00:00+01:00", "2026-09-01T08:00:00Z"), a Lagos local time without one
 * ("2026-09-01T09:00"), or a date alone ("2026-09-01": the start of that day in Lagos).
 * Normalised to a UTC ISO string.
 */
export const instantSchema = text()
  .trim()
  .transform((value, ctx) => {
    const instant = parseInstant(value);
    if (instant) return instant.toISOString();
    ctx.addIssue({ code: 'custom', message: 'expected a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM, Lagos time, or with an offset)' });
    return z.NEVER;
  });

export function parseInstant(value: string): Date | undefined {
  let text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text = `${text}T00:00:00${LAGOS_OFFSET}`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) text = `${text}${LAGOS_OFFSET}`;
  else if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * An edition's identity (issue 41): what a ticket, a waiting-list entry and a wristband counter
 * belong to, so moving an edition's dates (in the environment or at /staff/edition) keeps them.
 * A year, optionally followed by labels ("2027", "2027-autumn", "2027-10-24"): the year leads, so
 * copy can name an earlier edition's ticket ("Ìtàn Festival 2027") from the key alone, and no dot,
 * so it fits in a gate pass (contract/gate/pass.ts). Keys are names, compared for equality only:
 * "2027-autumn" does not sort after "2027-spring".
 */
export const EDITION_KEY_PATTERN = /^\d{4}(?:-[A-Za-z0-9]+)*$/;
export const EDITION_KEY_MAX = 32;
export const editionKeySchema = text()
  .trim()
  .max(EDITION_KEY_MAX, `expected an edition key of at most ${EDITION_KEY_MAX} characters`)
  .regex(EDITION_KEY_PATTERN, 'expected a year, optionally followed by a label: 2027, or 2027-autumn');

/**
 * The key an edition has when none is set: its start date's year, so moving 24 October 2027 to
 * 31 October 2027 is the same edition and 2028's dates are a new one. Also how registrations
 * stored by start date before keys existed were keyed (migration 2026-12-02-1).
 */
export function editionKeyOfDate(startDate: string): string {
  return startDate.slice(0, 4);
}

/** An edition's name as staff or configuration write it: one line, at most this long. */
export const EDITION_NAME_MAX = 120;
/** The highest edition number staff or configuration may give. */
export const EDITION_NUMBER_MAX = 1000;

/** FESTIVAL_EDITION_NAME: one line, at most EDITION_NAME_MAX characters. */
export const editionNameSchema = oneLineText('expected the edition’s name on one line')
  .trim()
  .min(1)
  .max(EDITION_NAME_MAX, `expected an edition name of at most ${EDITION_NAME_MAX} characters`);
/** FESTIVAL_EDITION_NUMBER: a whole number from 1 to EDITION_NUMBER_MAX. */
export const editionNumberSchema = z.coerce
  .number<string>()
  .int('expected a whole number')
  .min(1, 'expected a number from 1')
  .max(EDITION_NUMBER_MAX, `expected a number up to ${EDITION_NUMBER_MAX}`);

/**
 * "Ìtàn Festival 2027": an edition's name when none is set: the festival's name and the year its
 * key leads with (editionKeyYear: the start date's year unless the edition was moved from an
 * earlier one, so 2027's festival postponed to January 2028 is still "Ìtàn Festival 2027"). Copy
 * that names the edition is then true for whatever year the dates roll forward to.
 */
export function defaultEditionName(key: string): string {
  return `${FESTIVAL_NAME} ${editionKeyYear(key)}`;
}

/**
 * An edition's number when none is set: its key's year counted from the first festival
 * (FIRST_EDITION_YEAR, contract/festival.ts), so the 2025 edition is the 1st and 2027's the 3rd.
 * A year before the first counts as the 1st. Two editions in one year share it: give each its own.
 */
export function defaultEditionNumber(key: string): number {
  return Math.max(1, Number(editionKeyYear(key)) - FIRST_EDITION_YEAR + 1);
}

/** The edition as every part of the site sees it; dates are Lagos calendar days, instants are UTC ISO strings. */
export const editionSchema = z.object({
  /** Its identity (editionKeySchema): the same while staff or the environment move its dates. */
  key: editionKeySchema,
  /** What copy calls it: as staff or configuration named it, else defaultEditionName(key). */
  name: text().min(1),
  /** Its place in the series (1: the first festival): as set, else defaultEditionNumber(key). */
  number: z.number().int().positive(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  venue: text().min(1),
  /** Wristbands for the edition; null: no limit. */
  capacity: z.number().int().positive().nullable(),
  /** When registration opens; null: open now (until it closes). */
  registrationOpensAt: text().nullable(),
  /** When registration closes: by default when the festival's last day ends, Lagos time. */
  registrationClosesAt: text(),
});
export type Edition = z.infer<typeof editionSchema>;

/** What configuration or staff say; unset parts take the defaults (editionFrom). */
export interface EditionSettings {
  /** The edition's identity; unset: the start date's year (editionKeyOfDate). */
  key?: string | null | undefined;
  /** Unset or empty: defaultEditionName. */
  name?: string | null | undefined;
  /** Unset: defaultEditionNumber. */
  number?: number | null | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  venue?: string | undefined;
  capacity?: number | null | undefined;
  registrationOpensAt?: string | null | undefined;
  registrationClosesAt?: string | null | undefined;
}

/** 00:00 Lagos time on a YYYY-MM-DD. */
export function startOfLagosDay(date: string): Date {
  return new Date(`${date}T00:00:00${LAGOS_OFFSET}`);
}

/** The YYYY-MM-DD of an instant in Lagos. */
export function lagosDate(instant: Date): string {
  return new Date(instant.getTime() + 3_600_000).toISOString().slice(0, 10);
}

/** When the festival opens: its first day's midnight in Lagos. */
export function festivalStartsAt(edition: Pick<Edition, 'startDate'>): Date {
  return startOfLagosDay(edition.startDate);
}

/** When the festival is over: the midnight after its last day, Lagos time. */
export function festivalEndsAt(edition: Pick<Edition, 'endDate'>): Date {
  return new Date(startOfLagosDay(edition.endDate).getTime() + DAY_MS);
}

/** The default festival days: 24–25 October. */
const DEFAULT_MONTH_DAY = { start: '10-24', end: '10-25' } as const;

/**
 * With no dates configured: the next 24–25 October that has not ended, so a fresh machine always
 * shows an edition to come (on 26 October the site moves on to next year's).
 */
export function defaultFestivalDates(now: Date): { startDate: string; endDate: string } {
  const year = Number(lagosDate(now).slice(0, 4));
  for (const y of [year, year + 1]) {
    const dates = { startDate: `${y}-${DEFAULT_MONTH_DAY.start}`, endDate: `${y}-${DEFAULT_MONTH_DAY.end}` };
    if (now < festivalEndsAt(dates)) return dates;
  }
  return { startDate: `${year + 1}-${DEFAULT_MONTH_DAY.start}`, endDate: `${year + 1}-${DEFAULT_MONTH_DAY.end}` };
}

/** The edition the settings describe at `now`: unset dates roll forward, the window closes when the festival ends. */
export function editionFrom(settings: EditionSettings, now: Date): Edition {
  const dates = settings.startDate
    ? { startDate: settings.startDate, endDate: settings.endDate ?? settings.startDate }
    : defaultFestivalDates(now);
  const key = settings.key || editionKeyOfDate(dates.startDate);
  return {
    key,
    name: settings.name?.trim() || defaultEditionName(key),
    number: settings.number && settings.number > 0 ? settings.number : defaultEditionNumber(key),
    ...dates,
    venue: settings.venue || FESTIVAL_VENUE,
    capacity: settings.capacity ? settings.capacity : null,
    registrationOpensAt: settings.registrationOpensAt ?? null,
    registrationClosesAt: settings.registrationClosesAt ?? festivalEndsAt(dates).toISOString(),
  };
}

export const PHASES = ['announced', 'open', 'sold-out', 'closed', 'live', 'after'] as const;
export type Phase = (typeof PHASES)[number];

/** Whether a registration may be made now: the window and the places. */
export const REGISTRATION_STATES = ['not-yet', 'open', 'sold-out', 'closed'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

/** The window alone (capacity aside): before it, within it, after it. */
export function registrationWindowState(edition: Edition, now: Date): 'not-yet' | 'open' | 'closed' {
  if (edition.registrationOpensAt && now < new Date(edition.registrationOpensAt)) return 'not-yet';
  if (now >= new Date(edition.registrationClosesAt)) return 'closed';
  return 'open';
}

/** `remaining`: wristbands still free (null: no limit or unknown). */
export function registrationState(edition: Edition, now: Date, remaining: number | null): RegistrationState {
  const window = registrationWindowState(edition, now);
  if (window !== 'open') return window;
  return remaining !== null && remaining <= 0 ? 'sold-out' : 'open';
}

/**
 * Where the edition stands. The festival days win over the registration state (a visitor on the
 * day wants today's programme first; registration may still be open then and the pages say so).
 */
export function editionPhase(edition: Edition, now: Date, remaining: number | null): Phase {
  if (now >= festivalEndsAt(edition)) return 'after';
  if (now >= festivalStartsAt(edition)) return 'live';
  const state = registrationState(edition, now, remaining);
  return state === 'not-yet' ? 'announced' : state;
}

/** The year an edition's key leads with ("2027-autumn" → "2027"): how copy names another edition's ticket. */
export function editionKeyYear(key: string): string {
  return key.slice(0, 4);
}

/**
 * Whether a ticket's wristbands may still be given back ("I can't come", issue 41): until the
 * festival's first day begins, Lagos time. From then on the gate is admitting people, so the
 * ticket page no longer offers it and the backend refuses it (after the last day, as "over").
 */
export function givingBackOpen(edition: Pick<Edition, 'startDate'>, now: Date): boolean {
  return now < festivalStartsAt(edition);
}

/**
 * Whether staff may register a walk-in at the gate (issue 41): whenever the public may register
 * (the window), and also on the festival days themselves, even when staff closed the public
 * window earlier: the walk-in is someone at the gate while places remain. Capacity and the
 * per-address limit apply as to any registration. Before the window opens (and before the
 * festival) or once the festival is over, the window's own answer ('not-yet' or 'closed').
 */
export function walkInWindowState(edition: Edition, now: Date): 'not-yet' | 'open' | 'closed' {
  if (now >= festivalStartsAt(edition) && now < festivalEndsAt(edition)) return 'open';
  return registrationWindowState(edition, now);
}

/** "2026": the edition's year, as copy names it. */
export function editionYear(edition: Pick<Edition, 'startDate'>): string {
  return edition.startDate.slice(0, 4);
}

/** The edition's name ("Ìtàn Festival 2026", or as staff named it); from a start date alone, its year's default. */
export function editionName(edition: Pick<Edition, 'startDate'> & Partial<Pick<Edition, 'name'>>): string {
  return edition.name || defaultEditionName(editionKeyOfDate(edition.startDate));
}

/** "24–25 October 2026". */
export function editionDates(edition: Pick<Edition, 'startDate' | 'endDate'>): string {
  return formatFestivalDates(edition.startDate, edition.endDate);
}

const dateTimeInLagos = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});

/** "1 September 2026, 09:00" (Lagos time). */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeInLagos.format(date).replace(' at ', ', ');
}

/** The status the site reads (GET /api/edition/ with the built-in backend; from configuration otherwise). */
export const editionStatusSchema = z.object({
  edition: editionSchema,
  phase: z.enum(PHASES),
  registration: z.enum(REGISTRATION_STATES),
  /** Wristbands still free; null: no limit, or not known (the festival's own backend). */
  remaining: z.number().int().nonnegative().nullable(),
  /** Whether /register offers the waiting list (sold out, with the built-in backend). */
  waitingList: z.boolean(),
  /** The clock the status was computed at (FESTIVAL_NOW or the real time). */
  now: text(),
});
export type EditionStatus = z.infer<typeof editionStatusSchema>;

export function editionStatus(edition: Edition, now: Date, remaining: number | null, waitingListAvailable: boolean): EditionStatus {
  const registration = registrationState(edition, now, remaining);
  return {
    edition,
    phase: editionPhase(edition, now, remaining),
    registration,
    remaining,
    waitingList: waitingListAvailable && registration === 'sold-out',
    now: now.toISOString(),
  };
}

/**
 * The messages a refused registration carries (backend) and the form shows (site): one place.
 */
export const REGISTRATION_WINDOW_MESSAGES = {
  notYet: (opensAt: string) => `Registration is not open yet. It opens on ${formatInstant(opensAt)} (Lagos time).`,
  closed: 'Registration for this edition has closed.',
} as const;
