import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { Logger } from './log';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the key may hit again (0 when allowed). */
  retryAfterSeconds: number;
}

/** Counts hits per key (a client address, backend/kernel/client-address.ts rateLimitKey). */
export interface RateLimiter {
  /** Records a hit; returns allowed: false (and counts nothing more) when the key is over its limit. */
  hit(key: string, now?: number): Promise<RateLimitResult>;
}

export interface RateLimitOptions {
  /** Hits allowed per key per window; 0 switches the limit off. */
  max: number;
  windowMs: number;
}

const ALLOWED: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };

/**
 * The donation return page's status check (POST /donations/verify, issue 42) is a page view, not a
 * submission: it counts in a bucket of its own (in the database, scope VERIFY_RATE_LIMIT_SCOPE),
 * allowed this many times the forms' limit in the same window. A donor refreshing the page never
 * spends the forms' budget of everyone behind their address, and a full forms bucket never hides
 * what became of a payment.
 */
export const VERIFY_RATE_LIMIT_FACTOR = 5;
export const VERIFY_RATE_LIMIT_SCOPE = 'donation-verify';

/** The verify bucket's limit from the forms' (RATE_LIMIT_MAX 0 switches both off). */
export function verifyRateLimit(forms: RateLimitOptions): RateLimitOptions {
  return { max: forms.max * VERIFY_RATE_LIMIT_FACTOR, windowMs: forms.windowMs };
}

/**
 * A per-key sliding-window limiter kept in memory: enough for one process (the site, or the
 * standalone backend, on SQLite). Each key keeps the times of its recent hits; old ones fall out of
 * the window. Several processes each keep their own counts: use the database limiter for them.
 */
export function createRateLimiter({ max, windowMs }: RateLimitOptions): RateLimiter {
  const hits = new Map<string, number[]>();
  let lastSweep = 0;

  const sweep = (now: number) => {
    // Drop idle keys now and then so a flood of distinct IPs cannot grow the map without bound.
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) {
      if ((times[times.length - 1] ?? 0) <= now - windowMs) hits.delete(key);
    }
  };

  const hitNow = (key: string, now: number): RateLimitResult => {
    if (max <= 0) return ALLOWED;
    sweep(now);
    const cutoff = now - windowMs;
    const times = (hits.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length >= max) {
      hits.set(key, times);
      const retryAfterSeconds = Math.max(1, Math.ceil(((times[0] ?? now) + windowMs - now) / 1000));
      return { allowed: false, retryAfterSeconds };
    }
    times.push(now);
    hits.set(key, times);
    return ALLOWED;
  };

  return {
    hit: (key, now = Date.now()) => Promise.resolve(hitNow(key, now)),
  };
}

/**
 * A fixed-window limiter kept in the database (table `rate_limits`, migration 2026-11-24-3), so
 * every instance on one PostgreSQL counts against one limit and a cold start forgets nothing.
 *
 * Each hit is one atomic statement: INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING. The
 * row lock taken by ON CONFLICT queues concurrent hits on a key, and each one adds to the count
 * the previous one committed, so N instances together allow exactly `max` per window. The window
 * is `floor(now / windowMs) * windowMs` on the instance's clock; a hit from an instance whose clock
 * lags (its window is older than the stored one) counts toward the stored, newer window rather
 * than resetting it. A refused hit leaves the count at max + 1, so it stays bounded.
 *
 * Fixed windows are cheaper than the memory limiter's sliding one (one row per key, not one time per
 * hit); the price is that a burst straddling a window boundary can get up to 2 × max through.
 *
 * Old rows go without a timer (none would fire on Vercel after the response): now and then, at
 * most once per window per instance, the hit that notices is followed by a DELETE of the rows
 * whose window ended. The same SQL runs on SQLite (tests); the app uses it on PostgreSQL.
 */
export interface DbRateLimiter extends RateLimiter {
  /** Takes back one hit of the key's current window (a sign-in that succeeded does not count). */
  undo(key: string, now?: number): Promise<void>;
}

/** Between a scope and its key in `rate_limits.key`; never in the forms' keys (IP addresses, /64s, 'unknown'). */
const SCOPE_SEPARATOR = '|';

export function createDbRateLimiter(
  db: Db,
  { max, windowMs }: RateLimitOptions,
  options: {
    log?: Logger;
    /**
     * Keeps this limiter's keys apart from the forms' (e.g. 'sign-in'): stored as `scope|key`, and
     * its sweep deletes only its own rows, by its own window. The unscoped (forms') limiter never
     * sweeps scoped rows, whose windows may be longer than its own.
     */
    scope?: string;
  } = {},
): DbRateLimiter {
  let lastSweep = 0;
  const { scope } = options;
  if (scope !== undefined && !/^[a-z0-9-]+$/.test(scope)) throw new Error(`rate limit scope "${scope}": use a-z, 0-9 and -`);
  const stored = (key: string) => (scope === undefined ? key : `${scope}${SCOPE_SEPARATOR}${key}`);

  const sweep = async (now: number) => {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    try {
      // A row whose window ended can no longer refuse anything. One window of slack is left for
      // instances whose clocks lag this one's.
      await db
        .deleteFrom('rate_limits')
        .where('window_start', '<=', now - 2 * windowMs)
        .where('key', scope === undefined ? 'not like' : 'like', scope === undefined ? `%${SCOPE_SEPARATOR}%` : `${scope}${SCOPE_SEPARATOR}%`)
        .execute();
    } catch (error) {
      // A failed sweep costs only space; the next window tries again.
      options.log?.error({ area: 'backend' }, `rate limit: sweeping old windows failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return {
    async undo(key, now = Date.now()) {
      if (max <= 0) return;
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', stored(key))
        .where('window_start', '=', Math.floor(now / windowMs) * windowMs)
        .where('hits', '>', 0)
        .execute();
    },
    async hit(key, now = Date.now()) {
      if (max <= 0) return ALLOWED;
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key: stored(key), window_start: windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE
              WHEN excluded.window_start > rate_limits.window_start THEN 1
              WHEN rate_limits.hits > ${max} THEN rate_limits.hits
              ELSE rate_limits.hits + 1 END`,
            window_start: sql<number>`CASE
              WHEN excluded.window_start > rate_limits.window_start THEN excluded.window_start
              ELSE rate_limits.window_start END`,
          }),
        )
        .returning(['hits', 'window_start'])
        .executeTakeFirstOrThrow();
      await sweep(now);
      const hits = Number(row.hits);
      if (hits <= max) return ALLOWED;
      const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.window_start) + windowMs - now) / 1000));
      return { allowed: false, retryAfterSeconds };
    },
  };
}
