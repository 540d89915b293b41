import { parseBackendConfig } from '../kernel/config';
import { BackupError, runRestore } from '../backup';

/**
 * `npm run restore -- [--no-checksum] <file>`: puts a backup made by `npm run backup` in place of
 * the configured database, with the servers stopped. It checks the file first and refuses, changing
 * nothing, a file without its `.sha256` beside it (unless --no-checksum) or whose SHA-256 differs,
 * a damaged file, one made by a newer version of the code, or a database still in use. The next
 * start migrates a backup from an older version.
 */
const USAGE = [
  'Usage: npm run restore -- [--no-checksum] <backup file>',
  '  Stop the server(s) first; start them again afterwards.',
  '  The backup\'s <file>.sha256 (written beside it by npm run backup) must be beside it;',
  '  --no-checksum restores a file without one, checked by its structure only.',
].join('\n');

async function main() {
  const args = process.argv.slice(2);
  const noChecksum = args.includes('--no-checksum');
  const files = args.filter((arg) => arg !== '--no-checksum');
  const file = files[0];
  if (!file || files.length > 1 || file.startsWith('-')) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = parseBackendConfig(process.env);
  const result = await runRestore(config, file, { tools: { env: process.env }, noChecksum });
  for (const line of result.lines) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : `restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
