import path from 'node:path';
import { z } from 'zod';
import { FALLBACK_FESTIVAL_END_DATE, FALLBACK_FESTIVAL_START_DATE } from '@/contract/festival';
import { parseTrustedProxies, type TrustedProxies } from './lib/client-address';

/**
 * The built-in backend's configuration, parsed once from the environment with zod. It is separate
 * from the site's lib/config.ts because the backend also runs standalone (tsx) and must not pull
 * in anything Next-specific.
 */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

export const backendConfigSchema = z.object({
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
  ),
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** Total wristbands (tickets) for the edition; unset or 0 means no limit. */
  REGISTRATION_CAPACITY: optionalText.pipe(z.coerce.number<string | undefined>().int().nonnegative().optional()),
  ALLOW_STAFF_SIGNUP: flag.default(false),
  /** Form submissions allowed per IP per window; 0 switches the limit off. */
  RATE_LIMIT_MAX: positiveInt(60),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(32 * 1024),
  /** 0: any free port (the address is printed at start). */
  BACKEND_PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  BACKEND_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Vercel sets VERCEL=1 in its builds and functions: a filesystem that keeps nothing. */
  VERCEL: flag.default(false),
  /**
   * The proxies whose X-Forwarded-For the rate limits believe (lib/client-address.ts): a hop count,
   * or addresses and CIDR ranges. Unset: none, except on Vercel (VERCEL=1), whose edge overwrites
   * X-Forwarded-For with the client's address: one hop there.
   */
  TRUSTED_PROXIES: optionalText.transform((value, ctx): TrustedProxies | undefined => {
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
  /** The public address of the site: links the API returns (pagination) are built on it, never on Host. */
  SITE_URL: z.url().default('http://localhost:3000'),
  /** The key of ticket and unsubscribe links; unset: generated once and kept in the database. */
  TICKET_SECRET: optionalText.pipe(z.string().min(16, 'TICKET_SECRET must be at least 16 characters').optional()),
  /** smtp:// or smtps:// (nodemailer's URL form); unset: each mail is written as an .eml file under DATA_DIR/mail/. */
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional()),
  /** The sender of every mail, e.g. "Ìtàn Festival <tickets@example.org>". */
  MAIL_FROM: z.string().trim().min(3).default('Ìtàn Festival <no-reply@localhost>'),
  /** The festival's dates, as the site reads them (lib/config.ts): mails and tickets show them. */
  FESTIVAL_START_DATE: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).default(FALLBACK_FESTIVAL_START_DATE),
  FESTIVAL_END_DATE: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).default(FALLBACK_FESTIVAL_END_DATE),
  /** First retry of an undelivered mail after this long, doubling up to an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
});

export const SQLITE_IN_MEMORY = ':memory:';

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
  registrationCapacity: number | undefined;
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
  festivalStartDate: string;
  festivalEndDate: string;
  mailRetryBaseMs: number;
}

export function parseBackendConfig(env: Record<string, string | undefined>): BackendConfig {
  const parsed = backendConfigSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid backend configuration: ${detail}`);
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
    registrationCapacity: c.REGISTRATION_CAPACITY ? c.REGISTRATION_CAPACITY : undefined,
    allowStaffSignup: c.ALLOW_STAFF_SIGNUP,
    rateLimit: { max: c.RATE_LIMIT_MAX, windowMs: c.RATE_LIMIT_WINDOW_MS },
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    port: c.BACKEND_PORT,
    host: c.BACKEND_HOST,
    siteUrl: c.SITE_URL.replace(/\/+$/, ''),
    trustedProxies: c.TRUSTED_PROXIES ?? (c.VERCEL ? { kind: 'hops', hops: 1 } : { kind: 'none' }),
    ticketSecret: c.TICKET_SECRET,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    festivalStartDate: c.FESTIVAL_START_DATE,
    festivalEndDate: c.FESTIVAL_END_DATE,
    mailRetryBaseMs: c.MAIL_RETRY_BASE_MS,
  };
}

let fromEnv: BackendConfig | undefined;

/** The configuration of this process, from its environment (the one place the backend reads it), parsed once. */
export function backendConfigFromEnv(): BackendConfig {
  fromEnv ??= parseBackendConfig(process.env);
  return fromEnv;
}
