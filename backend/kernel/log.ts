import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { LogLevel } from '@/contract/config';
import { logLevelFromEnv } from './config';

/**
 * The one logger of the site and the built-in backend: pino, one JSON line per event on stdout
 * ({"level":"warn","time":"…","area":"outbox","requestId":"…","msg":"…"}), at LOG_LEVEL and above.
 *
 * Nothing secret reaches a line (DESIGN.md: card data is never logged): known keys are redacted
 * wherever they sit, and every string, the message included, has its email addresses cut to
 * a***@domain, its card-like digit runs replaced and its bearer tokens removed.
 */
export type Logger = PinoLogger;

const REDACTED = '[redacted]';

/** Keys whose values never reach a line, compared without case, '-' or '_'. */
const SECRET_KEYS = [
  'password',
  'newpassword',
  'currentpassword',
  'passwordhash',
  'token',
  'accesstoken',
  'refreshtoken',
  'authtoken',
  'csrftoken',
  'xcsrftoken',
  'idempotencykey',
  'secret',
  'authorization',
  'cookie',
  'setcookie',
  'card',
  'cardnumber',
  'number',
  'pan',
  'cvc',
  'cvv',
  'cardcvc',
  'expiry',
  'cardexpiry',
];
const SECRET = new Set(SECRET_KEYS);
const isSecretKey = (key: string) => SECRET.has(key.replace(/[-_]/g, '').toLowerCase());

/** pino's redact paths for the same keys at the top and one level down (the formatter covers deeper). */
const REDACT_PATHS = [
  'password',
  'token',
  'authorization',
  'cookie',
  'cardNumber',
  'cvc',
  'cvv',
  'expiry',
  'card',
  '["set-cookie"]',
  '["x-csrftoken"]',
  '["idempotency-key"]',
].flatMap((path) => [path, path.startsWith('[') ? `*${path}` : `*.${path}`]);

// Cut to the first character of the local part; also when percent-encoded in a URL (%40).
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*(@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
// 12 to 19 digits, maybe grouped by spaces or dashes; not inside a longer word (an id, a UUID).
const CARD_LIKE = /(?<![A-Za-z0-9_-])\d(?:[ -]?\d){11,18}(?![A-Za-z0-9_-])/g;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi;

/** A string with its email addresses, card-like numbers and bearer tokens masked. */
export function maskText(text: string): string {
  return text.replace(BEARER, `$1 ${REDACTED}`).replace(CARD_LIKE, '[card]').replace(EMAIL, '$1***$2$3');
}

/** Values kept exactly: the ids staff search for. */
const VERBATIM = new Set(['requestId', 'digest', 'level', 'time']);
const MAX_DEPTH = 6;

/** A copy of a value with every secret key redacted and every string masked. */
export function maskValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return maskText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested]';
  seen.add(value);
  if (value instanceof Error) {
    const cause = (value as { cause?: unknown }).cause;
    return {
      type: value.name,
      message: maskText(value.message),
      ...(typeof (value as Error & { code?: unknown }).code === 'string' ? { code: (value as Error & { code: string }).code } : {}),
      ...(cause === undefined ? {} : { cause: maskValue(cause, depth + 1, seen) }),
    };
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSecretKey(key) ? REDACTED : VERBATIM.has(key) ? item : maskValue(item, depth + 1, seen);
  }
  return out;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where the lines go; default: stdout, written synchronously (a line is never lost on exit). */
  destination?: DestinationStream;
}

export function createLogger({ level = 'info', destination }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // The formatter below has already made an Error a plain, masked object.
      serializers: { err: (value: unknown) => value },
      formatters: {
        level: (label) => ({ level: label }),
        bindings: (bindings) => maskValue(bindings) as Record<string, unknown>,
        log: (object) => maskValue(object) as Record<string, unknown>,
      },
      hooks: {
        // The message and its format arguments; an Error logged alone keeps its masked message as msg.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          if (first instanceof Error) {
            const message = typeof rest[0] === 'string' ? maskText(rest[0]) : maskText(first.message);
            return method.apply(this, [{ err: first }, message]);
          }
          const masked = args.map((arg) => (typeof arg === 'string' ? maskText(arg) : arg)) as Parameters<typeof method>;
          return method.apply(this, masked);
        },
      },
    },
    destination ?? pino.destination({ fd: 1, sync: true }),
  );
}

const KEY = Symbol.for('itan.log');
type Holder = { [KEY]?: Logger };

/**
 * The process's logger at LOG_LEVEL, shared by the site and the in-process backend (kept on
 * globalThis: Next bundles route chunks separately).
 */
export function processLogger(): Logger {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= createLogger({ level: logLevelFromEnv() }));
}

/**
 * Command-line tools print their results on stdout (CSV, JSON): their log lines go to stderr.
 * Called first thing, before anything logs.
 */
export function logToStderr(): void {
  (globalThis as Holder)[KEY] = createLogger({ level: logLevelFromEnv(), destination: pino.destination({ fd: 2, sync: true }) });
}

/** For tests and callers that want no output. */
export const silentLogger: Logger = pino({ level: 'silent' });
