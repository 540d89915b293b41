import { NEWSLETTER_KIND, createOutboxWorker, defaultDeliver, type OutboxWorker } from './worker';
import { locationFromEnv, openOutboxStore, outboxUnavailable, sqliteFile, type OutboxStore } from './store';
import { existsSync } from 'node:fs';
import { getConfig } from '@/lib/config';

/**
 * The site's one outbox and its worker, per process. Server-side only (Node runtime).
 *   enqueueNewsletter(email) — keep a sign-up the backend could not take, and start delivering it
 *   startOutboxWorker()      — at server start: deliver whatever a previous run left waiting
 */
export { NEWSLETTER_KIND } from './worker';

interface Runtime {
  store: Promise<OutboxStore>;
  worker: Promise<OutboxWorker>;
}

const KEY = Symbol.for('festival.outbox');
type WithRuntime = typeof globalThis & { [KEY]?: Runtime };

function runtime(): Runtime {
  const g = globalThis as WithRuntime;
  if (!g[KEY]) {
    const store = openOutboxStore();
    const worker = store.then((s) => createOutboxWorker(s, defaultDeliver()));
    // A failed open must be retried on the next call, not remembered forever.
    store.catch(() => {
      delete g[KEY];
    });
    g[KEY] = { store, worker };
  }
  return g[KEY];
}

export async function enqueueNewsletter(email: string): Promise<void> {
  const refusal = outboxUnavailable(locationFromEnv(), getConfig().onVercel);
  if (refusal) throw new Error(refusal);
  const { store, worker } = runtime();
  await (await store).enqueue(NEWSLETTER_KIND, email.toLowerCase(), { email });
  (await worker).kick();
}

/** One pass over the due relay items (the cron route); nothing when there is no outbox here. */
export async function drainRelayOnce(): Promise<'drained' | 'none'> {
  const location = locationFromEnv();
  if (outboxUnavailable(location, getConfig().onVercel)) return 'none';
  if (!location.databaseUrl && location.dataDir && !existsSync(sqliteFile(location.dataDir))) return 'none';
  await (await runtime().worker).runOnce();
  return 'drained';
}

/** Starts delivering leftovers. Opens nothing when there is no SQLite outbox file yet. */
export async function startOutboxWorker(): Promise<void> {
  const location = locationFromEnv();
  if (outboxUnavailable(location, getConfig().onVercel)) return;
  if (!location.databaseUrl && location.dataDir && !existsSync(sqliteFile(location.dataDir))) return;
  (await runtime().worker).kick();
}
