/**
 * The built-in backend's one front: the only module of backend/ that the site imports (through
 * its door, lib/backend/; .dependency-cruiser.cjs holds every other module of backend/ private).
 * Scripts, end-to-end specs and tests drive the backend from outside and may reach further in.
 *
 *   startBackend(config)                    connect, migrate, seed and build the app (the in-process backend)
 *   backendConfigFromEnv() / parseBackendConfig(env)
 *   connectDb, migrateToLatest              the database the site's relay outbox shares with the backend
 *   drainOutbox, createDrainLoop, enqueue…  the durable outbox, for the relay's own topic
 *   processLogger, silentLogger             one JSON line per event, for the site's log lines too
 *   HTTP_MESSAGES                           the contract's transport-level messages
 */
import type { Backend, StartOptions } from './start';

export type { Backend, StartOptions };

/**
 * Loads the app (every feature's routes, mail kinds and seams) on first use only, so a site whose
 * API_BASE_URL names an external backend, and the relay outbox or logger imported through this
 * front, never evaluate it.
 */
export async function startBackend(...args: Parameters<typeof import('./start').startBackend>): Promise<Backend> {
  const { startBackend: start } = await import('./start');
  return start(...args);
}
export { backendConfigFromEnv, parseBackendConfig, type BackendConfig } from './kernel/config';
export { connectDb, type DbHandle } from './db/connect';
export { migrateToLatest } from './db/migrate';
export { HTTP_MESSAGES } from './kernel/http';
export { processLogger, silentLogger, type Logger } from './kernel/log';
export { createDrainLoop, DEFAULT_DRAIN_POLICY, drainOutbox, PermanentFailure, type Deliver, type DrainLoop, type DrainResult, type DrainTarget } from './outbox/drain';
export { enqueue, outboxCounts } from './outbox/queue';
