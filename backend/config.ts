import path from 'node:path';
import { z } from 'zod';
import { checkFestivalDates, clockOf, describeIssues, editionSettingsOf, flagSetting, optionalTextSetting, sharedSettingsShape, withoutTrailingSlash } from '@/contract/config';
import type { EditionSettings } from '@/contract/edition';
import { parseTrustedProxies, type TrustedProxies } from './lib/client-address';

/**
 * The built-in backend's configuration, parsed once from the environment with zod. It is separate
 * from the site's lib/config.ts because the backend also runs standalone (tsx) and must not pull
 * in anything Next-specific.
 */

const positiveInt = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

const backendConfigSchema = z
  .object({
    ...sharedSettingsShape,
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalTextSetting.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)')
        .optional(),
    ),
    PAYSTACK_SECRET_KEY: optionalTextSetting,
    PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
    /** Total wristbands (tickets) for the edition; unset or 0 means no limit (staff may change it at /staff/edition). */
    REGISTRATION_CAPACITY: optionalTextSetting.pipe(z.coerce.number<string | undefined>().int().nonnegative().optional()),
    /** Registrations one email address may hold this edition (compared trimmed, any case); 0: no limit. */
    REGISTRATIONS_PER_EMAIL: positiveInt(1),
    ALLOW_STAFF_SIGNUP: flagSetting.default(false),
    /** Form submissions allowed per IP per window; 0 switches the limit off. */
    RATE_LIMIT_MAX: positiveInt(60),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(32 * 1024),
    /** 0: any free port (the address is printed at start). */
    BACKEND_PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
    BACKEND_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /**
     * The proxies whose X-Forwarded-For the rate limits believe (lib/client-address.ts): a hop count,
     * or addresses and CIDR ranges. Unset: none, except on Vercel (VERCEL=1), whose edge overwrites
     * X-Forwarded-For with the client's address: one hop there.
     */
    TRUSTED_PROXIES: optionalTextSetting.transform((value, ctx): TrustedProxies | undefined => {
      if (value === undefined) return undefined;
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `${error instanceof Error ? error.message : String(error)} (use a number of hops, or addresses and CIDR ranges separated by commas)`,
        });
        return z.NEVER;
      }
    }),
    /** The key of ticket and unsubscribe links; unset: generated once and kept in the database. */
    TICKET_SECRET: optionalTextSetting.pipe(z.string().min(16, 'TICKET_SECRET must be at least 16 characters').optional()),
    /** smtp:// or smtps:// (nodemailer's URL form); unset: each mail is written as an .eml file under DATA_DIR/mail/. */
    SMTP_URL: optionalTextSetting.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional()),
    /** The sender of every mail, e.g. "Ìtàn Festival <tickets@example.org>". */
    MAIL_FROM: z.string().trim().min(3).default('Ìtàn Festival <no-reply@localhost>'),
    /** First retry of an undelivered mail after this long, doubling up to an hour. */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
    /** Images one staff member may upload per hour (counted in the database, across instances); 0: no limit. */
    MEDIA_UPLOADS_PER_HOUR: positiveInt(60),
    /** Mails of every kind one address is sent per hour; more wait in the outbox (never dropped). 0: no limit. */
    MAIL_PER_RECIPIENT_PER_HOUR: positiveInt(5),
    /** 'production' under next start and the standalone output (set by Next); the start-up warnings depend on it. */
    NODE_ENV: z.string().trim().optional(),
  })
  .superRefine(checkFestivalDates);

const SQLITE_IN_MEMORY = ':memory:';

export interface BackendConfig {
  dataDir: string;
  /** undefined: SQLite file under dataDir. */
  databaseUrl: string | undefined;
  /** The SQLite file, or ':memory:' when submissions are off. */
  sqlitePath: string;
  /**
   * On Vercel without DATABASE_URL there is nowhere to keep a submission (a SQLite file there is
   * lost with the function instance): content is served from an in-memory copy of the seed and
   * every write is refused with a 503 (HTTP_MESSAGES.submissionsOff).
   */
  submissionsOff: boolean;
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
  /** PAYSTACK_CHECKOUT_ORIGIN as an origin. */
  paystackCheckoutOrigin: string;
  /** REGISTRATIONS_PER_EMAIL; undefined: no limit. */
  registrationsPerEmail: number | undefined;
  allowStaffSignup: boolean;
  rateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  port: number;
  host: string;
  /** SITE_URL without a trailing slash. */
  siteUrl: string;
  trustedProxies: TrustedProxies;
  ticketSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The edition as configured, capacity included; /staff/edition's settings in the database win (backend/edition/). */
  editionSettings: EditionSettings;
  /** The festival's clock: FESTIVAL_NOW when set (tests, rehearsals), else the real time. */
  now: () => Date;
  mailRetryBaseMs: number;
  /** MEDIA_UPLOADS_PER_HOUR; 0: no limit. */
  mediaUploadsPerHour: number;
  /** MAIL_PER_RECIPIENT_PER_HOUR; undefined: no limit. */
  mailPerRecipientPerHour: number | undefined;
  /** NODE_ENV=production. */
  production: boolean;
}

export function parseBackendConfig(env: Record<string, string | undefined>): BackendConfig {
  const parsed = backendConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid backend configuration: ${describeIssues(parsed.error)}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  const submissionsOff = c.VERCEL && !c.DATABASE_URL;
  return {
    dataDir,
    databaseUrl: c.DATABASE_URL,
    sqlitePath: submissionsOff ? SQLITE_IN_MEMORY : path.join(dataDir, 'festival.sqlite'),
    submissionsOff,
    paystackSecretKey: c.PAYSTACK_SECRET_KEY,
    paystackBaseUrl: c.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
    paystackCheckoutOrigin: new URL(c.PAYSTACK_CHECKOUT_ORIGIN).origin,
    registrationsPerEmail: c.REGISTRATIONS_PER_EMAIL > 0 ? c.REGISTRATIONS_PER_EMAIL : undefined,
    allowStaffSignup: c.ALLOW_STAFF_SIGNUP,
    rateLimit: { max: c.RATE_LIMIT_MAX, windowMs: c.RATE_LIMIT_WINDOW_MS },
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    port: c.BACKEND_PORT,
    host: c.BACKEND_HOST,
    siteUrl: withoutTrailingSlash(c.SITE_URL),
    trustedProxies: c.TRUSTED_PROXIES ?? (c.VERCEL ? { kind: 'hops', hops: 1 } : { kind: 'none' }),
    ticketSecret: c.TICKET_SECRET,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    editionSettings: { ...editionSettingsOf(c), capacity: c.REGISTRATION_CAPACITY ? c.REGISTRATION_CAPACITY : null },
    now: clockOf(c.FESTIVAL_NOW),
    mailRetryBaseMs: c.MAIL_RETRY_BASE_MS,
    mediaUploadsPerHour: c.MEDIA_UPLOADS_PER_HOUR,
    mailPerRecipientPerHour: c.MAIL_PER_RECIPIENT_PER_HOUR > 0 ? c.MAIL_PER_RECIPIENT_PER_HOUR : undefined,
    production: c.NODE_ENV === 'production',
  };
}

let fromEnv: BackendConfig | undefined;

/** The configuration of this process, from its environment (the one place the backend reads it), parsed once. */
export function backendConfigFromEnv(): BackendConfig {
  fromEnv ??= parseBackendConfig(process.env);
  return fromEnv;
}
