import { z } from 'zod';
import { text } from './text'; // relative: next.config.ts loads this file (lib/config.ts), and Next's config loader knows no @/ alias
import { editionKeySchema, editionNameSchema, editionNumberSchema, instantSchema, isoDateSchema, type EditionSettings } from './edition';

/**
 * The settings the site (lib/config.ts) and the built-in backend (backend/kernel/config.ts) both read,
 * parsed by one set of rules so the two can never disagree on what a value means. Each side
 * reads its own environment; this module only says how a value is parsed.
 */

/** "1", "true", "yes" or "on" (any case) is on; anything else is off. */
export const flagSetting = text()
  .trim()
  .toLowerCase()
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** A value where an empty string means unset. */
export const optionalTextSetting = text()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Unset or empty: undefined; otherwise parsed by `schema`. */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) => optionalTextSetting.pipe(schema.optional());

/** The logger's levels, quietest last (pino's names); LOG_LEVEL picks the least severe one written. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL: unset or empty is 'info'; any case. */
export const logLevelSetting = text()
  .trim()
  .toLowerCase()
  .transform((v) => (v === '' ? 'info' : v))
  .pipe(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }))
  .default('info');

/** SITE_URL and the festival's dates: the shape both configuration schemas extend. */
export const sharedSettingsShape = {
  SITE_URL: z.url().default('http://localhost:3000'),
  /**
   * The edition (contract/edition.ts). Dates unset: the next 24–25 October that has not ended.
   * The window: REGISTRATION_OPENS_AT unset opens it now; REGISTRATION_CLOSES_AT unset closes it
   * when the festival's last day ends (Lagos time). Staff may override all of it at /staff/edition.
   */
  FESTIVAL_START_DATE: optional(isoDateSchema),
  FESTIVAL_END_DATE: optional(isoDateSchema),
  /**
   * The edition's identity (contract/edition.ts editionKeySchema): tickets, the waiting list and
   * the wristband count belong to it, whatever its dates. Unset: FESTIVAL_START_DATE's year, so
   * moving the dates within a year keeps every ticket; set it to keep an edition across a new
   * year (a postponement to January), or to hold two editions in one year (2027-spring).
   */
  FESTIVAL_EDITION: optional(editionKeySchema),
  /**
   * What copy calls the edition and its place in the series (contract/edition.ts). Unset: the
   * festival's name and the start date's year ("Ìtàn Festival 2027"), and the number counted from
   * the first festival (FIRST_EDITION_YEAR: 2027 is the 3rd).
   */
  FESTIVAL_EDITION_NAME: optional(editionNameSchema),
  FESTIVAL_EDITION_NUMBER: optional(editionNumberSchema),
  FESTIVAL_VENUE: optionalTextSetting,
  REGISTRATION_OPENS_AT: optional(instantSchema),
  REGISTRATION_CLOSES_AT: optional(instantSchema),
  /**
   * The festival's clock, for tests and rehearsals: the site and the backend decide the edition's
   * phase as if it were this instant. Unset (always, in production): the real time.
   */
  FESTIVAL_NOW: optional(instantSchema),
  /**
   * Paystack's hosted checkout page: the one origin donors are sent to (the backend checks every
   * authorization_url against it) and the one the CSP's form-action allows besides our own.
   */
  PAYSTACK_CHECKOUT_ORIGIN: z.url({ protocol: /^https?$/ }).default('https://checkout.paystack.com'),
  /** Set to 1 by Vercel in its builds and functions: a filesystem that keeps nothing. */
  VERCEL: flagSetting.default(false),
  /** The least severe log level written (backend/kernel/log.ts); one setting for the site and the built-in backend. */
  LOG_LEVEL: logLevelSetting,
};

/** The check both schemas apply to their parsed settings. */
export function checkFestivalDates(
  settings: { FESTIVAL_START_DATE?: string | undefined; FESTIVAL_END_DATE?: string | undefined; REGISTRATION_OPENS_AT?: string | undefined; REGISTRATION_CLOSES_AT?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const { FESTIVAL_START_DATE: start, FESTIVAL_END_DATE: end, REGISTRATION_OPENS_AT: opens, REGISTRATION_CLOSES_AT: closes } = settings;
  if (end && !start) {
    ctx.addIssue({ code: 'custom', message: 'FESTIVAL_END_DATE needs FESTIVAL_START_DATE', path: ['FESTIVAL_END_DATE'] });
  }
  if (start && end && end < start) {
    ctx.addIssue({ code: 'custom', message: 'FESTIVAL_END_DATE must not be before FESTIVAL_START_DATE', path: ['FESTIVAL_END_DATE'] });
  }
  if (opens && closes && closes <= opens) {
    ctx.addIssue({ code: 'custom', message: 'REGISTRATION_CLOSES_AT must be after REGISTRATION_OPENS_AT', path: ['REGISTRATION_CLOSES_AT'] });
  }
}

/** The edition as configuration describes it (the database's /staff/edition settings win over it). */
export function editionSettingsOf(settings: {
  FESTIVAL_EDITION?: string | undefined;
  FESTIVAL_EDITION_NAME?: string | undefined;
  FESTIVAL_EDITION_NUMBER?: number | undefined;
  FESTIVAL_START_DATE?: string | undefined;
  FESTIVAL_END_DATE?: string | undefined;
  FESTIVAL_VENUE?: string | undefined;
  REGISTRATION_OPENS_AT?: string | undefined;
  REGISTRATION_CLOSES_AT?: string | undefined;
}): EditionSettings {
  return {
    key: settings.FESTIVAL_EDITION,
    name: settings.FESTIVAL_EDITION_NAME,
    number: settings.FESTIVAL_EDITION_NUMBER,
    startDate: settings.FESTIVAL_START_DATE,
    endDate: settings.FESTIVAL_END_DATE,
    venue: settings.FESTIVAL_VENUE,
    registrationOpensAt: settings.REGISTRATION_OPENS_AT,
    registrationClosesAt: settings.REGISTRATION_CLOSES_AT,
  };
}

/** FESTIVAL_NOW as a clock, or the real one. */
export function clockOf(festivalNow: string | undefined): () => Date {
  if (!festivalNow) return () => new Date();
  const fixed = new Date(festivalNow).getTime();
  return () => new Date(fixed);
}

/** SITE_URL as every link is built on it: no trailing slash. */
export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** The zod issues of a failed parse as one line naming each setting. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
}
