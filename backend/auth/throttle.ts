import { SIGN_IN_WAIT_MINUTES } from '@/contract/api/staff';
import type { Db } from '../db/schema';
import { rateLimitKey } from '../kernel/client-address';
import { createDbRateLimiter } from '../kernel/rate-limit';

/**
 * Staff sign-in's own limit (issue 32), never the forms' shared bucket: anonymous form posts,
 * however many, cannot make sign-in refuse anyone. Two counts of failed sign-ins, each per
 * SIGN_IN_LIMIT.windowMs, kept in the database (every instance shares them, on SQLite and
 * PostgreSQL alike; rows scoped 'sign-in' in `rate_limits`):
 * - per account (the email typed, canonical): after `perAccount` wrong passwords that account's
 *   sign-in waits, and only that account's;
 * - per client address, when one is known (TRUSTED_PROXIES; the socket of the standalone server):
 *   `perClient` failures over any accounts. A client whose address cannot be known is not counted
 *   here: all such clients would share one bucket, and a stranger could lock everyone out.
 *
 * Race-safe: every attempt takes its place first (one atomic statement per count), so parallel
 * guesses cannot pass the limit together; an attempt that signs in gives its places back, so
 * only failures count and staff who sign in often are never held.
 */
export const SIGN_IN_LIMIT = { perAccount: 10, perClient: 30, windowMs: SIGN_IN_WAIT_MINUTES * 60_000 } as const;

export interface SignInAttempt {
  /** The email as typed. */
  email: string;
  /** The client's address, when known (backend/kernel/client-address.ts). */
  address: string | undefined;
}

export type Throttled = { allowed: true; release: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

export interface SignInThrottle {
  /** Takes this attempt's places, or refuses it; call `release()` when the attempt signed in. */
  attempt(who: SignInAttempt, now?: number): Promise<Throttled>;
}

export function createSignInThrottle(db: Db, limits: { perAccount: number; perClient: number; windowMs: number } = SIGN_IN_LIMIT): SignInThrottle {
  const accounts = createDbRateLimiter(db, { max: limits.perAccount, windowMs: limits.windowMs }, { scope: 'sign-in' });
  const clients = createDbRateLimiter(db, { max: limits.perClient, windowMs: limits.windowMs }, { scope: 'sign-in' });
  return {
    async attempt({ email, address }, now = Date.now()) {
      const accountKey = `account:${email.trim().toLowerCase()}`;
      const clientKey = address ? `client:${rateLimitKey(address)}` : undefined;
      const account = await accounts.hit(accountKey, now);
      const client = clientKey ? await clients.hit(clientKey, now) : { allowed: true, retryAfterSeconds: 0 };
      if (!account.allowed || !client.allowed) {
        // A refused hit counts nothing more; give back the place the other count took.
        if (account.allowed) await accounts.undo(accountKey, now);
        if (client.allowed && clientKey) await clients.undo(clientKey, now);
        return { allowed: false, retryAfterSeconds: Math.max(account.retryAfterSeconds, client.retryAfterSeconds) };
      }
      return {
        allowed: true,
        release: async () => {
          await accounts.undo(accountKey, now);
          if (clientKey) await clients.undo(clientKey, now);
        },
      };
    },
  };
}
