import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { staticMigrationProvider } from './migrations';

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

/** Retries a start-up step when another process holds SQLite's write lock (parallel Next workers). */
export async function withBusyRetry<T>(fn: () => Promise<T>, attempts = 20): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (!isBusy(error) || i >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 50 * i));
    }
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: staticMigrationProvider });
  const result: MigrationResultSet = await withBusyRetry(() => migrator.migrateToLatest());
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
}

/** Rolls every migration back (tests use it to prove `down` works). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateAllDown(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: staticMigrationProvider });
  for (;;) {
    const result = await migrator.migrateDown();
    if (result.error) throw result.error;
    if (!result.results || result.results.length === 0) return;
  }
}
