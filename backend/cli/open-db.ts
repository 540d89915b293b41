import { parseBackendConfig } from '../config';
import { connectDb, type DbHandle } from '../db/connect';
import { migrateToLatest } from '../db/migrate';

/** The configured database, migrated: what the command-line tools work on. */
export async function openConfiguredDb(env: Record<string, string | undefined> = process.env): Promise<DbHandle> {
  const config = parseBackendConfig(env);
  const handle = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath, poolSize: 2 });
  await migrateToLatest(handle.db);
  return handle;
}
