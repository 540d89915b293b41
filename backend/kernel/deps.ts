import type { Context } from 'hono';
import type { BackendConfig } from './config';
import type { Db, DbDialect, StaffRole } from '../db/schema';
import type { RateLimiter } from './rate-limit';
import type { Signer } from './signing';
import type { PaymentGateway } from '../payments/gateway';
import type { PaystackCheckout } from '../payments/paystack';
import type { Logger } from './log';

/** The outbox's topics (backend/outbox/queue.ts): the backend's mail, and the site's relay to an external backend. */
export type OutboxTopic = 'mail' | 'relay';

export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** Hono's context variables for this app. */
export interface AppEnv {
  /** requestId and log (a child logger carrying it): set for every request (app.ts). */
  Variables: { staff: StaffUser; requestId: string; log: Logger };
}

export type { Logger } from './log';

/** Everything the app needs, passed in (no module singletons) so tests build isolated apps. */
export interface AppDeps {
  db: Db;
  dialect: DbDialect;
  config: BackendConfig;
  /** The spec's card form: the sandbox (no money moves). */
  gateway: PaymentGateway;
  /** Paystack's redirect checkout, when PAYSTACK_SECRET_KEY is set: the real path for donations. */
  checkout?: PaystackCheckout;
  /** Signs ticket and unsubscribe links; default: loaded from TICKET_SECRET or the database on first use. */
  signer?: Signer;
  /** The forms' per-client limit; default: in the database on PostgreSQL, in memory on SQLite. */
  rateLimiter?: RateLimiter;
  /** The donation return page's status checks, a bucket of their own (kernel/rate-limit.ts verifyRateLimit); same default. */
  verifyRateLimiter?: RateLimiter;
  /** Structured log lines (backend/kernel/log.ts); never request bodies. Default: the process's logger at LOG_LEVEL. */
  log?: Logger;
  /**
   * Called after a committed write that queued outbox work (a mail): the host starts delivery
   * (a long-lived loop's kick, or Next's after() in the site). Unset: the work waits for a drain.
   */
  onOutboxWrite?: (topic: OutboxTopic) => void;
  /** The TCP peer address when running on a socket (standalone server). */
  socketAddress?: (c: Context<AppEnv>) => string | undefined;
}
