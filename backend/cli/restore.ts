import { parseBackendConfig } from '../kernel/config';
import { BackupError, runRestore } from '../backup';

/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` in place of the configured
 * database, with the servers stopped. It checks the file first and refuses, changing nothing, a
 * damaged file, one made by a newer version of the code, or a database still in use. The next
 * start migrates a backup from an older version.
 */
async function main() {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('Usage: npm run restore -- <backup file>   (stop the server(s) first; start them again afterwards)');
    process.exitCode = 2;
    return;
  }
  const config = parseBackendConfig(process.env);
  const result = await runRestore(config, file, { tools: { env: process.env } });
  for (const line of result.lines) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : `restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
