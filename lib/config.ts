import { z } from 'zod';
import { checkFestivalDates, clockOf, describeIssues, editionSettingsOf, sharedSettingsShape, withoutTrailingSlash, type LogLevel } from '../contract/config';
import { editionFrom, type Edition, type EditionSettings } from '../contract/edition'; // relative: next.config.ts loads this file, and Next's config loader knows no @/ alias

/**
 * Environment configuration, parsed once. Every setting the site reads lives here so a
 * misconfigured deployment fails loudly at start rather than with a broken page later.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const configSchema = z
  .object({
    API_BASE_URL: optionalUrl,
    // Where the external backend's images live, when not on API_BASE_URL's own origin: origins,
    // comma-separated ("https://cdn.example.org, https://media.example.org").
    API_IMAGE_ORIGINS: z.string().trim().optional(),
    REGISTRATION_FORM_URL: optionalUrl,
    VOLUNTEER_FORM_URL: optionalUrl,
    ...sharedSettingsShape,
    // The site's relay outbox (lib/backend/): first retry after this long, doubling up to the max.
    OUTBOX_RETRY_BASE_MS: z.coerce.number().int().positive().default(2_000),
    OUTBOX_RETRY_MAX_MS: z.coerce.number().int().positive().default(300_000),
    // Vercel Cron sends it as a bearer token to /api/cron/outbox; unset, that route answers 404.
    CRON_SECRET: z
      .string()
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.string().min(16, 'CRON_SECRET must be at least 16 characters').optional())
      .optional(),
  })
  // Paystack's settings are the built-in backend's alone (its configuration reads them): the site
  // asks lib/backend's capabilities whether checkout is on.
  .omit({ PAYSTACK_CHECKOUT_ORIGIN: true })
  .superRefine(checkFestivalDates);

export interface SiteConfig {
  /** The festival's own backend; undefined means the built-in backend runs in-process. */
  apiBaseUrl: string | undefined;
  /** Where "Register" points: the external form if configured, else our own /register page. */
  registrationUrl: string;
  registrationIsExternal: boolean;
  /** Where "Apply to volunteer" points: the external form if configured, else /volunteer/apply. */
  volunteerApplyUrl: string;
  volunteerIsExternal: boolean;
  siteUrl: string;
  /** The edition as configured (lib/edition.ts asks the built-in backend, whose staff settings win). */
  editionSettings: EditionSettings;
  /** The festival's clock: FESTIVAL_NOW when set (tests, rehearsals), else the real time. */
  now: () => Date;
  /**
   * Origins whose images pages may show (next/image remotePatterns and the CSP's img-src): the
   * external backend's own origin and API_IMAGE_ORIGINS. Empty with the built-in backend.
   */
  imageOrigins: string[];
  /** Running on Vercel (VERCEL=1): the filesystem keeps nothing, so nothing may be stored in a file. */
  onVercel: boolean;
  outboxRetry: { baseMs: number; maxMs: number };
  cronSecret: string | undefined;
  /** LOG_LEVEL: the site's log lines and the built-in backend's share one logger (backend/kernel/log.ts). */
  logLevel: LogLevel;
}

function parseOrigins(list: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (list ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const url = z.url({ protocol: /^https?$/ }).safeParse(item);
    if (!url.success) throw new Error(`Invalid configuration: API_IMAGE_ORIGINS: ${item} is not an http(s) address`);
    origins.push(new URL(url.data).origin);
  }
  return origins;
}

export function parseConfig(env: Record<string, string | undefined>): SiteConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${describeIssues(parsed.error)}`);
  }
  const c = parsed.data;
  return {
    apiBaseUrl: c.API_BASE_URL?.replace(/\/+$/, ''),
    registrationUrl: c.REGISTRATION_FORM_URL ?? '/register',
    registrationIsExternal: Boolean(c.REGISTRATION_FORM_URL),
    volunteerApplyUrl: c.VOLUNTEER_FORM_URL ?? '/volunteer/apply',
    volunteerIsExternal: Boolean(c.VOLUNTEER_FORM_URL),
    siteUrl: withoutTrailingSlash(c.SITE_URL),
    editionSettings: editionSettingsOf(c),
    now: clockOf(c.FESTIVAL_NOW),
    imageOrigins: [
      ...new Set([...(c.API_BASE_URL ? [new URL(c.API_BASE_URL).origin] : []), ...parseOrigins(c.API_IMAGE_ORIGINS)]),
    ],
    onVercel: c.VERCEL,
    outboxRetry: { baseMs: c.OUTBOX_RETRY_BASE_MS, maxMs: c.OUTBOX_RETRY_MAX_MS },
    cronSecret: c.CRON_SECRET,
    logLevel: c.LOG_LEVEL,
  };
}

let cached: SiteConfig | undefined;

/** The process's configuration, parsed from process.env on first use. */
export function getConfig(): SiteConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * The edition as configuration alone describes it, now. Pages ask lib/edition.ts (the built-in
 * backend's staff settings win there); this is for fallbacks that cannot wait on the backend.
 */
export function configuredEdition(): Edition {
  const config = getConfig();
  return editionFrom(config.editionSettings, config.now());
}

/** `next dev`: React needs 'unsafe-eval' there (Next's CSP guide). Inlined by Next at build. */
export const isDevelopment = (): boolean => process.env.NODE_ENV === 'development';
