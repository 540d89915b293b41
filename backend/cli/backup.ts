import { parseBackendConfig } from '../kernel/config';
import { BackupError, runBackup } from '../backup';

/**
 * `npm run backup`: a consistent copy of the database while the site serves, into BACKUP_DIR
 * (default DATA_DIR/backups), keeping the newest BACKUP_KEEP. SQLite: the online backup API;
 * PostgreSQL: pg_dump --format=custom. The database is not migrated (openConfiguredDb would):
 * a backup is of the database as the running site has it.
 */
async function main() {
  const config = parseBackendConfig(process.env);
  const result = await runBackup(config, { tools: { env: process.env } });
  console.log(result.line);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : `backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
