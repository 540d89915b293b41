import { parseBackendConfig } from '../kernel/config';
import { connectDb, type DbHandle } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { logToStderr } from '../kernel/log';

/**
 * The configured database, migrated: what the command-line tools work on. Their results go to
 * stdout, so the lines logged meanwhile (a migration's) go to stderr.
 */
export async function openConfiguredDb(env: Record<string, string | undefined> = process.env): Promise<DbHandle> {
  logToStderr();
  const config = parseBackendConfig(env);
  const handle = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, poolSize: 2 });
  await migrateToLatest(handle.db);
  return handle;
}
