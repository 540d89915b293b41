import { createApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { createTransport } from '@/lib/api/transport';
import { getConfig } from '@/lib/config';
import { backoffDelay, type BackoffOptions } from '@/backend/outbox/backoff';
import type { OutboxItem, OutboxStore } from './store';

/**
 * Delivers the outbox: an in-process loop started on the first enqueue and at server start
 * (instrumentation.ts). Each due item is posted through the API client; a 2xx marks it delivered,
 * a definite refusal (4xx other than 408/429) marks it rejected (kept, with the reason), anything
 * else (network, timeout, 5xx) is retried later with exponential backoff — never dropped.
 */
export type Deliver = (item: OutboxItem) => Promise<void>;

export const NEWSLETTER_KIND = 'newsletter';

/**
 * The backend did not answer: no response (network failure, timeout) or a 5xx. Only these send a
 * new sign-up to the outbox; any other status is the backend's answer (a 429 is the rate limit
 * saying no), and posting it again later would go around that answer.
 */
export function isOutage(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** For an item already in the outbox: worth trying again later (a 408 or 429 included). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Posts an item to its endpoint; the item id is the idempotency key, so a repeat is one record. */
export function defaultDeliver(): Deliver {
  const transport = createTransport(getConfig().apiBaseUrl);
  const client = createApiClient({ baseUrl: transport.baseUrl, fetch: transport.fetch, log: (line) => console.warn(line) });
  return async (item) => {
    if (item.kind !== NEWSLETTER_KIND) throw new ApiError(`Unknown outbox kind ${item.kind}`, { status: 400, path: '' });
    await client.post('/api/forms/newsletter/', item.payload, { idempotencyKey: `outbox-${item.id}` });
  };
}

export interface OutboxWorker {
  /** Run now (after an enqueue). */
  kick(): void;
  /** One pass over due items; resolves when done. Exposed for tests. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function createOutboxWorker(store: OutboxStore, deliver: Deliver, backoff: BackoffOptions = getConfig().outboxRetry): OutboxWorker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function pass(): Promise<void> {
    for (const item of await store.due()) {
      try {
        await deliver(item);
        await store.delivered(item.id);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (isRetryable(error)) {
          const attempts = item.attempts + 1;
          await store.retryLater(item.id, attempts, new Date(Date.now() + backoffDelay(attempts, backoff)), reason);
        } else {
          await store.rejected(item.id, reason);
          console.warn(`[outbox] ${item.kind} item ${item.id} rejected by the backend: ${reason}`);
        }
      }
    }
  }

  async function schedule(): Promise<void> {
    if (stopped) return;
    const next = await store.nextDueAt();
    clearTimeout(timer);
    if (!next) return;
    const wait = Math.max(0, Date.parse(next) - Date.now());
    timer = setTimeout(() => worker.kick(), Math.min(wait, 2_147_000_000));
    // A waiting retry must not keep a finishing process (a script, a test) alive.
    timer.unref?.();
  }

  const worker: OutboxWorker = {
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
            await pass();
          } catch (error) {
            console.warn(`[outbox] pass failed: ${error instanceof Error ? error.message : String(error)}`);
          }
        } while (again && !stopped);
        await schedule().catch(() => undefined);
      })().finally(() => {
        running = undefined;
      });
    },
    async runOnce() {
      await pass();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
  return worker;
}
