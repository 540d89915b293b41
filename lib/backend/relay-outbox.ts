import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { after } from 'next/server';
import {
  backendConfigFromEnv,
  connectDb,
  createDrainLoop,
  DEFAULT_DRAIN_POLICY,
  drainOutbox,
  enqueue,
  HTTP_MESSAGES,
  migrateToLatest,
  type DbHandle,
  type DrainLoop,
  type DrainResult,
  type DrainTarget,
} from '@/backend';
import { getConfig } from '@/lib/config';
import { buildApiClient, usesBuiltInBackend } from './mode';
import { NEWSLETTER_KIND, relayDeliver } from './relay';
import { logger } from './log';

/**
 * The site's relay outbox: newsletter sign-ups an external backend (API_BASE_URL) could not take,
 * kept in the backend's own database layout (the SQLite file under DATA_DIR, or PostgreSQL with
 * DATABASE_URL) in the one `outbox` table, topic 'relay', and delivered like the mail: right after
 * the response (after()), by the cron route, and by a loop on a long-lived server; every entry
 * claimed under a lease, so any number of instances may drain at once.
 *   enqueueNewsletter(email) — keep a sign-up the backend could not take
 *   drainRelayOnce()         — one pass (the cron route)
 *   startRelayLoop()         — long-lived servers only (instrumentation.ts)
 */
export { isOutage, NEWSLETTER_KIND } from './relay';

interface Runtime {
  handle: Promise<DbHandle>;
  target?: Promise<DrainTarget>;
  loop?: DrainLoop;
}

const KEY = Symbol.for('festival.relay-outbox');
type WithRuntime = typeof globalThis & { [KEY]?: Runtime };

/** Nowhere durable to keep anything (Vercel without DATABASE_URL): the sign-up is refused, not half-kept. */
function refusal(): string | undefined {
  return backendConfigFromEnv().submissionsOff ? HTTP_MESSAGES.submissionsOff : undefined;
}

async function open(): Promise<DbHandle> {
  const config = backendConfigFromEnv();
  const handle = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, poolSize: 2 });
  await migrateToLatest(handle.db);
  if (!config.databaseUrl) await importLegacyOutbox(handle, config.dataDir);
  return handle;
}

function runtime(): Runtime {
  const g = globalThis as WithRuntime;
  if (!g[KEY]) {
    const handle = open();
    // A failed open must be retried on the next call, not remembered forever.
    handle.catch(() => {
      delete g[KEY];
    });
    g[KEY] = { handle };
  }
  return g[KEY];
}

/** The relay's drain target: built once per process, like its database handle. */
function target(): Promise<DrainTarget> {
  const r = runtime();
  r.target ??= r.handle.then((handle) => {
    const client = buildApiClient();
    return {
      db: handle.db,
      dialect: handle.dialect,
      topic: 'relay' as const,
      deliver: relayDeliver(client),
      policy: { ...DEFAULT_DRAIN_POLICY, backoff: getConfig().outboxRetry },
      log: logger('outbox'),
    };
  });
  return r.target;
}

export async function enqueueNewsletter(email: string): Promise<void> {
  const refused = refusal();
  if (refused) throw new Error(refused);
  const { db } = await runtime().handle;
  const recipient = email.trim().toLowerCase();
  // One waiting sign-up per address is enough.
  const waiting = await db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', 'relay')
    .where('kind', '=', NEWSLETTER_KIND)
    .where('recipient', '=', recipient)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!waiting) await enqueue(db, { topic: 'relay', kind: NEWSLETTER_KIND, recipient, payload: { email } });
  // A long-lived server's loop delivers and schedules the retries; elsewhere, after the response.
  const loop = runtime().loop;
  if (loop) return loop.kick();
  const run = () => drainRelayOnce().catch((error: unknown) => logger('outbox').warn(`relay drain failed: ${String(error)}`));
  try {
    after(run);
  } catch {
    void run();
  }
}

/** One pass over the due relay entries; 'none' when this site keeps no relay outbox. */
export async function drainRelayOnce(): Promise<DrainResult | 'none'> {
  if (refusal()) return 'none';
  return drainOutbox(await target());
}

/** Long-lived servers: deliver what earlier runs left waiting, and wake for retries. */
export async function startRelayLoop(): Promise<void> {
  if (usesBuiltInBackend() || refusal()) return;
  const r = runtime();
  r.loop ??= createDrainLoop(await target());
  r.loop.kick();
}

/**
 * Sign-ups kept by the earlier relay store (its own `outbox.sqlite` under DATA_DIR): moved into
 * the outbox table once, then the old file is renamed so it is never imported twice.
 */
export async function importLegacyOutbox(handle: DbHandle, dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'outbox.sqlite');
  if (!existsSync(file)) return;
  const { default: Database } = await import('better-sqlite3');
  const legacy = new Database(file, { readonly: true });
  try {
    const rows = legacy
      .prepare("SELECT email, payload, created_at FROM site_outbox WHERE status = 'pending'")
      .all() as Array<{ email: string; payload: string; created_at: string }>;
    for (const row of rows) {
      await enqueue(handle.db, { topic: 'relay', kind: NEWSLETTER_KIND, recipient: row.email, payload: JSON.parse(row.payload) as unknown }, new Date(row.created_at));
    }
  } catch {
    // Not the old layout: nothing to import.
  } finally {
    legacy.close();
  }
  renameSync(file, `${file}.imported`);
}
