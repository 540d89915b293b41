import { z } from 'zod';
import { FALLBACK_FESTIVAL_END_DATE, FALLBACK_FESTIVAL_START_DATE } from './festival';

/**
 * The settings the site (lib/config.ts) and the built-in backend (backend/config.ts) both read,
 * parsed by one set of rules so the two can never disagree on what a value means. Each side
 * reads its own environment; this module only says how a value is parsed.
 */

/** "1", "true", "yes" or "on" (any case) is on; anything else is off. */
export const flagSetting = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** A value where an empty string means unset. */
export const optionalTextSetting = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

/** SITE_URL and the festival's dates: the shape both configuration schemas extend. */
export const sharedSettingsShape = {
  SITE_URL: z.url().default('http://localhost:3000'),
  FESTIVAL_START_DATE: isoDate.default(FALLBACK_FESTIVAL_START_DATE),
  FESTIVAL_END_DATE: isoDate.default(FALLBACK_FESTIVAL_END_DATE),
  /**
   * Paystack's hosted checkout page: the one origin donors are sent to (the backend checks every
   * authorization_url against it) and the one the CSP's form-action allows besides our own.
   */
  PAYSTACK_CHECKOUT_ORIGIN: z.url({ protocol: /^https?$/ }).default('https://checkout.paystack.com'),
  /** Set to 1 by Vercel in its builds and functions: a filesystem that keeps nothing. */
  VERCEL: flagSetting.default(false),
};

/** The check both schemas apply to their parsed settings. */
export function checkFestivalDates(
  settings: { FESTIVAL_START_DATE: string; FESTIVAL_END_DATE: string },
  ctx: z.RefinementCtx,
): void {
  if (settings.FESTIVAL_END_DATE < settings.FESTIVAL_START_DATE) {
    ctx.addIssue({ code: 'custom', message: 'FESTIVAL_END_DATE must not be before FESTIVAL_START_DATE', path: ['FESTIVAL_END_DATE'] });
  }
}

/** SITE_URL as every link is built on it: no trailing slash. */
export const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** The zod issues of a failed parse as one line naming each setting. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
}
