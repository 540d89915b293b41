import { randomUUID } from 'node:crypto';
import type { Db, DbDialect } from '../db/schema';
import type { Logger } from '../kernel/deps';
import { backoffDelay, type BackoffOptions } from './backoff';
import { claimDue, complete, giveUp, holdBack, nextDueAt, retryLater, type OutboxEntry, type OutboxTopic } from './queue';
import { admitDelivery, type KindLimit, type RecipientLimit } from './recipient-limit';

/**
 * One drain pass: claim what is due, deliver it, settle each entry. Any number of passes may run
 * at once, in one process or many (after a response, a cron call, a long-lived loop): the claim's
 * lease keeps them off each other's entries.
 *
 * A delivery that throws `PermanentFailure` is given up at once (kept, with the reason); any other
 * error is retried with exponential backoff, and given up only after `maxAttempts`. With a
 * per-recipient limit (policy.perRecipient), an entry over it is held back, not attempted: it is
 * due again when the recipient's window allows (recipient-limit.ts). A kind with a rate of its own
 * (policy.perKind: newsletter campaigns) is held back the same way once its window is full, is not
 * claimed again in that pass, and is always claimed after every other due entry, so bulk mail
 * never delays a ticket or a receipt.
 */
export class PermanentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentFailure';
  }
}

export type Deliver = (entry: OutboxEntry) => Promise<void>;

export interface DrainPolicy {
  backoff: BackoffOptions;
  maxAttempts: number;
  /** How long a claim is held: longer than one delivery can take (SMTP timeouts are below it). */
  leaseMs: number;
  batchSize: number;
  /** Deliveries of one batch in flight at once (a pooled SMTP transport sends them side by side). */
  concurrency?: number;
  /** At most this many deliveries per recipient per window, every kind together (mail: MAIL_PER_RECIPIENT_PER_HOUR); unset: none. */
  perRecipient?: RecipientLimit | undefined;
  /** At most this many deliveries of a kind per window, across every instance (campaigns: NEWSLETTER_RATE_PER_MINUTE). */
  perKind?: Readonly<Record<string, KindLimit>> | undefined;
}

export const DEFAULT_DRAIN_POLICY: DrainPolicy = {
  backoff: { baseMs: 30_000, maxMs: 60 * 60_000 },
  // With a 1-hour cap, about two days of retries before an entry is marked failed.
  maxAttempts: 50,
  leaseMs: 5 * 60_000,
  batchSize: 20,
  // One SMTP round trip is mostly waiting (greeting, DATA, the server's answer): four at once
  // delivered a registration rush's ticket mails about four times as fast (docs/performance.md).
  concurrency: 4,
};

export interface DrainTarget {
  db: Db;
  dialect: DbDialect;
  topic: OutboxTopic;
  deliver: Deliver;
  policy: DrainPolicy;
  log: Logger;
  /** The time entries are claimed, settled and counted at (tests move it); default: the system clock. */
  clock?: () => Date;
}

export interface DrainResult {
  delivered: number;
  retried: number;
  failed: number;
  /** Left waiting by the per-recipient limit (due again when it allows; not attempts, not failures). */
  held: number;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** Drains until nothing is due, or `budgetMs` has passed (a serverless response must not wait long). */
export async function drainOutbox(target: DrainTarget, budgetMs = 10_000): Promise<DrainResult> {
  const { db, dialect, topic, deliver, policy, log } = target;
  const now = target.clock ?? (() => new Date());
  const result: DrainResult = { delivered: 0, retried: 0, failed: 0, held: 0 };
  const started = Date.now();
  const limitedKinds = Object.keys(policy.perKind ?? {});
  /** Kinds whose own window filled up during this pass: not claimed again until the next. */
  const fullKinds = new Set<string>();
  while (Date.now() - started < budgetMs) {
    const owner = randomUUID();
    const batch = await claimDue(db, dialect, {
      topic,
      owner,
      limit: policy.batchSize,
      leaseMs: policy.leaseMs,
      now: now(),
      skipKinds: [...fullKinds],
      lastKinds: limitedKinds,
    });
    if (batch.length === 0) break;
    const settle = async (entry: OutboxEntry) => {
      const kindLimit = policy.perKind && Object.hasOwn(policy.perKind, entry.kind) ? policy.perKind[entry.kind] : undefined;
      if (policy.perRecipient || kindLimit) {
        const admission = await admitDelivery(db, dialect, entry, owner, policy.perRecipient, now(), kindLimit);
        if (admission.kind === 'lost') return;
        if (admission.kind === 'held') {
          await holdBack(db, entry.id, owner, admission.until);
          if (admission.by === 'kind') fullKinds.add(entry.kind);
          result.held++;
          return;
        }
      }
      try {
        await deliver(entry);
        if (await complete(db, entry.id, owner, now())) result.delivered++;
        else log.warn({ area: 'outbox' }, `${topic} ${entry.kind} ${entry.id}: delivered after its lease ran out`);
      } catch (error) {
        const reason = describe(error);
        if (error instanceof PermanentFailure || entry.attempts >= policy.maxAttempts) {
          await giveUp(db, entry.id, owner, reason);
          result.failed++;
          log.error({ area: 'outbox' }, `${topic} ${entry.kind} ${entry.id} given up after ${entry.attempts} attempt(s): ${reason}`);
        } else {
          await retryLater(db, entry.id, owner, new Date(now().getTime() + backoffDelay(entry.attempts, policy.backoff)), reason);
          result.retried++;
        }
      }
    };
    await inParallel(batch, policy.concurrency ?? 1, settle);
    // A batch with failures ends the pass: what failed is not due again yet.
    if (result.retried > 0 || batch.length < policy.batchSize) break;
  }
  return result;
}

export interface DrainLoop {
  /** Drain now (after a write), and keep watching for retries. */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * For a long-lived server only (one Node server, the standalone backend): runs a pass when kicked
 * and wakes again when the next retry is due, with an unref'd timer. Serverless instances do not
 * use it: they drain after a response and from the cron route. `afterPass` runs after each pass
 * (the backend's media sweep, backend/start.ts), so the loop does what a drain pass does.
 */
export function createDrainLoop(
  target: DrainTarget,
  { maxSleepMs = 60_000, afterPass }: { maxSleepMs?: number; afterPass?: () => Promise<unknown> } = {},
): DrainLoop {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const schedule = async () => {
    clearTimeout(timer);
    if (stopped) return;
    // Nothing due here: look again after maxSleepMs all the same, for entries another deliverer
    // (an after() drain, another instance) left waiting for a retry.
    const next = await nextDueAt(target.db, target.topic);
    const wait = next ? Math.min(Math.max(250, Date.parse(next) - Date.now()), maxSleepMs) : maxSleepMs;
    timer = setTimeout(() => loop.kick(), wait);
    timer.unref?.();
  };

  const loop: DrainLoop = {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          try {
            await drainOutbox(target);
          } catch (error) {
            target.log.error({ area: 'outbox' }, `${target.topic} drain failed: ${describe(error)}`);
          }
          await afterPass?.().catch((error: unknown) => target.log.error({ area: 'outbox' }, `${target.topic} after the pass: ${describe(error)}`));
        } while (again && !stopped);
        await schedule().catch(() => undefined);
      })().finally(() => {
        running = undefined;
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
  return loop;
}
