import type { Context } from 'hono';
import { createApp, type BackendApp } from './app';
import type { BackendConfig } from './config';
import { connectDb } from './db/connect';
import { migrateToLatest, withBusyRetry } from './db/migrate';
import type { Db, DbDialect } from './db/schema';
import { seedContent } from './db/seed';
import { gatewayFromConfig, type PaymentGateway } from './payments';
import { loadSigner } from './lib/signing';
import type { AppEnv, Logger } from './types';

export interface Backend {
  app: BackendApp;
  db: Db;
  dialect: DbDialect;
  close: () => Promise<void>;
}

export interface StartOptions {
  gateway?: PaymentGateway;
  log?: Logger;
  socketAddress?: (c: Context<AppEnv>) => string | undefined;
}

/** Connects, migrates, seeds the content, and builds the app: what every entry point does at start. */
export async function startBackend(config: BackendConfig, options: StartOptions = {}): Promise<Backend> {
  const handle = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  let signer;
  try {
    await migrateToLatest(handle.db);
    await withBusyRetry(() => seedContent(handle.db));
    signer = await withBusyRetry(() => loadSigner(handle.db, config.ticketSecret));
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  const app = createApp({
    db: handle.db,
    dialect: handle.dialect,
    config,
    gateway: options.gateway ?? gatewayFromConfig(config),
    signer,
    ...(options.log ? { log: options.log } : {}),
    ...(options.socketAddress ? { socketAddress: options.socketAddress } : {}),
  });
  return { app, db: handle.db, dialect: handle.dialect, close: handle.close };
}
