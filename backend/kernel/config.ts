import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { checkFestivalDates, clockOf, describeIssues, editionSettingsOf, flagSetting, logLevelSetting, optionalTextSetting, sharedSettingsShape, withoutTrailingSlash, type LogLevel } from '@/contract/config';
import type { EditionSettings } from '@/contract/edition';
import { parseTrustedProxies, type TrustedProxies } from './client-address';

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
     * The proxies whose X-Forwarded-For the rate limits believe (kernel/client-address.ts): a hop count,
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
    /**
     * The private key that signs gate passes (the QR codes the offline gate verifies): an ECDSA
     * P-256 key as PEM, PKCS#8 ("BEGIN PRIVATE KEY") or SEC1 ("BEGIN EC PRIVATE KEY"); a one-line
     * value may write its line breaks as \n. Unset: generated once and kept in the database.
     */
    GATE_SIGNING_KEY: optionalTextSetting.transform((value, ctx): string | undefined => {
      if (value === undefined) return undefined;
      const pkcs8 = gateKeyPkcs8(value);
      if (pkcs8) return pkcs8;
      ctx.addIssue({ code: 'custom', message: 'GATE_SIGNING_KEY must be an ECDSA P-256 private key in PEM (openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256)' });
      return z.NEVER;
    }),
    /** smtp:// or smtps:// (nodemailer's URL form); unset: each mail is written as an .eml file under DATA_DIR/mail/. */
    SMTP_URL: optionalTextSetting.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional()),
    /** The sender of every mail, e.g. "Ìtàn Festival <tickets@example.org>". */
    MAIL_FROM: z.string().trim().min(3).default('Ìtàn Festival <no-reply@localhost>'),
    /** Where answers to our mails go (Reply-To on every mail), e.g. "Ìtàn Festival <hello@example.org>"; unset: to MAIL_FROM. */
    MAIL_REPLY_TO: optionalTextSetting.pipe(
      z
        .string()
        .regex(/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/, 'MAIL_REPLY_TO must be an email address, optionally with a name: Name <address@example.org>')
        .optional(),
    ),
    /**
     * The team's address for inbox alerts (issue 43): one mail listing new proposals, applications
     * and contact messages, at most one every 5 minutes. Unset: no alerts.
     */
    INBOX_ALERT_TO: optionalTextSetting.pipe(
      z
        .string()
        .regex(/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/, 'INBOX_ALERT_TO must be an email address, optionally with a name: Name <address@example.org>')
        .optional(),
    ),
    /** First retry of an undelivered mail after this long, doubling up to an hour. */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
    /** Images one staff member may upload per hour (counted in the database, across instances); 0: no limit. */
    MEDIA_UPLOADS_PER_HOUR: positiveInt(60),
    /** Mails of every kind one address is sent per hour; more wait in the outbox (never dropped). 0: no limit. */
    MAIL_PER_RECIPIENT_PER_HOUR: positiveInt(5),
    /**
     * Newsletter campaign mails sent per minute, every instance together (counted in the database);
     * other mail never waits behind them. At least 1: a campaign always has a rate.
     */
    NEWSLETTER_RATE_PER_MINUTE: z.coerce
      .number()
      .int('NEWSLETTER_RATE_PER_MINUTE must be a whole number of mails per minute')
      .min(1, 'NEWSLETTER_RATE_PER_MINUTE must be 1 or more (campaign mails per minute; your SMTP plan’s hourly limit divided by 60 is a safe value)')
      .max(100_000)
      .default(60),
    /** Where `npm run backup` writes; unset: DATA_DIR/backups. */
    BACKUP_DIR: optionalTextSetting,
    /** The backups `npm run backup` keeps (of its own file names); 0: every one. */
    BACKUP_KEEP: positiveInt(14),
    /** 'production' under next start and the standalone output (set by Next); the start-up warnings depend on it. */
    NODE_ENV: z.string().trim().optional(),
  })
  .superRefine(checkFestivalDates);

const SQLITE_IN_MEMORY = ':memory:';

/** A PEM EC P-256 private key as PKCS#8 DER, base64url (the form the database keeps a generated one in); undefined when it is not one. */
function gateKeyPkcs8(pem: string): string | undefined {
  try {
    const key = createPrivateKey({ key: pem.replaceAll('\\n', '\n'), format: 'pem' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return undefined;
    return key.export({ type: 'pkcs8', format: 'der' }).toString('base64url');
  } catch {
    return undefined;
  }
}

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
  /** GATE_SIGNING_KEY as PKCS#8 DER, base64url; undefined: generated once and kept in the database (backend/tickets/gate/keys.ts). */
  gateSigningKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** MAIL_REPLY_TO: the Reply-To of every mail; undefined: answers go to mailFrom. */
  mailReplyTo: string | undefined;
  /** INBOX_ALERT_TO: the address of the team's inbox alerts (backend/inbox/alerts.ts); undefined: none. */
  inboxAlertTo: string | undefined;
  /** The edition as configured, capacity included; /staff/edition's settings in the database win (backend/edition/). */
  editionSettings: EditionSettings;
  /** The festival's clock: FESTIVAL_NOW when set (tests, rehearsals), else the real time. */
  now: () => Date;
  mailRetryBaseMs: number;
  /** MEDIA_UPLOADS_PER_HOUR; 0: no limit. */
  mediaUploadsPerHour: number;
  /** MAIL_PER_RECIPIENT_PER_HOUR; undefined: no limit. */
  mailPerRecipientPerHour: number | undefined;
  /** NEWSLETTER_RATE_PER_MINUTE: campaign mails per minute across every instance (at least 1). */
  newsletterRatePerMinute: number;
  /** NODE_ENV=production. */
  production: boolean;
  /** BACKUP_DIR, absolute; default DATA_DIR/backups. */
  backupDir: string;
  /** BACKUP_KEEP; 0: keep every backup. */
  backupKeep: number;
  /** LOG_LEVEL (backend/kernel/log.ts). */
  logLevel: LogLevel;
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
    gateSigningKey: c.GATE_SIGNING_KEY,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    mailReplyTo: c.MAIL_REPLY_TO,
    inboxAlertTo: c.INBOX_ALERT_TO,
    editionSettings: { ...editionSettingsOf(c), capacity: c.REGISTRATION_CAPACITY ? c.REGISTRATION_CAPACITY : null },
    now: clockOf(c.FESTIVAL_NOW),
    mailRetryBaseMs: c.MAIL_RETRY_BASE_MS,
    mediaUploadsPerHour: c.MEDIA_UPLOADS_PER_HOUR,
    mailPerRecipientPerHour: c.MAIL_PER_RECIPIENT_PER_HOUR > 0 ? c.MAIL_PER_RECIPIENT_PER_HOUR : undefined,
    newsletterRatePerMinute: c.NEWSLETTER_RATE_PER_MINUTE,
    production: c.NODE_ENV === 'production',
    backupDir: c.BACKUP_DIR ? path.resolve(c.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupKeep: c.BACKUP_KEEP,
    logLevel: c.LOG_LEVEL,
  };
}

let fromEnv: BackendConfig | undefined;

/** The configuration of this process, from its environment (the one place the backend reads it), parsed once. */
export function backendConfigFromEnv(): BackendConfig {
  fromEnv ??= parseBackendConfig(process.env);
  return fromEnv;
}

/**
 * LOG_LEVEL alone, for the logger, which must work even when the rest of the configuration is
 * invalid (it writes that error). An invalid value is refused by the full parse above; here it is 'info'.
 */
export function logLevelFromEnv(): LogLevel {
  const parsed = logLevelSetting.safeParse(process.env.LOG_LEVEL);
  return parsed.success ? parsed.data : 'info';
}
