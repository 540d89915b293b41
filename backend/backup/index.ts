import fs from 'node:fs';
import path from 'node:path';
import type { BackendConfig } from '../kernel/config';
import { ensurePrivateDir } from '../kernel/private-files';
import { BackupError, backupName, CHECKSUM_SUFFIX, formatBytes, kindOfFile, pruneBackups, stampOf, verifyChecksum, writeChecksum } from './files';
import { backupPostgres, restorePostgres, type PgTools } from './postgres';
import { backupSqlite, restoreSqlite } from './sqlite';

export { BackupError } from './files';

/**
 * `npm run backup` and `npm run restore`. Everything the festival keeps is in its database,
 * uploaded images included (the `media` table holds their bytes), so a backup is the database
 * alone. DATA_DIR's other contents are not data: `mail/` holds copies of mails written when
 * SMTP_URL is unset.
 */

type BackupConfig = Pick<BackendConfig, 'databaseUrl' | 'sqlitePath' | 'submissionsOff' | 'backupDir' | 'backupKeep'>;

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** Older backups deleted to keep BACKUP_KEEP. */
  pruned: string[];
  /** The line the command prints. */
  line: string;
}

export async function runBackup(config: BackupConfig, options: { tools: PgTools; now?: Date }): Promise<BackupResult> {
  if (config.submissionsOff) throw new BackupError('There is no database to back up: on Vercel without DATABASE_URL nothing is stored.');
  const started = performance.now();
  const kind = config.databaseUrl ? 'pgdump' : 'sqlite';
  // Owner-only, as DATA_DIR: a backup holds the server's secrets, password hashes and everyone's data.
  ensurePrivateDir(config.backupDir);
  const file = path.join(config.backupDir, backupName(kind, options.now ?? new Date()));
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists (one backup a second at most): try again.`);
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file, options.tools);
  else await backupSqlite(config.sqlitePath, file);
  await writeChecksum(file);
  const pruned = pruneBackups(config.backupDir, kind, config.backupKeep);
  const bytes = fs.statSync(file).size;
  const ms = Math.round(performance.now() - started);
  const kept = pruned.length > 0 ? `, ${pruned.length} older deleted (BACKUP_KEEP=${config.backupKeep})` : '';
  return { file, bytes, ms, pruned, line: `backup ${file} ${formatBytes(bytes)} in ${(ms / 1000).toFixed(1)} s${kept}` };
}

export interface RestoreResult {
  lines: string[];
}

export interface RestoreOptions {
  tools: PgTools;
  now?: Date;
  /**
   * `--no-checksum`: restore a file that has no `.sha256` beside it, checked by its structure only.
   * Without it such a file is refused. A checksum file that is there is checked either way.
   */
  noChecksum?: boolean;
}

export async function runRestore(config: BackupConfig, file: string, options: RestoreOptions): Promise<RestoreResult> {
  if (config.submissionsOff) throw new BackupError('There is no database to restore into: on Vercel without DATABASE_URL nothing is stored. Set DATABASE_URL.');
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`${source} is not a file.`);
  const verified = (await verifyChecksum(source)) === 'verified';
  if (!verified && !options.noChecksum) {
    throw new BackupError(
      [
        `Refused: there is no ${source}${CHECKSUM_SUFFIX} beside the backup, so nothing shows it is the file written at backup time (a copy can be cut short or changed on the way without its structure showing it).`,
        `Copy the ${path.basename(source)}${CHECKSUM_SUFFIX} written with it into the same folder, or, to restore it checked by its structure only, run again with --no-checksum.`,
        'Nothing was changed.',
      ].join('\n'),
    );
  }
  const checksum = verified ? `SHA-256 verified (${source}${CHECKSUM_SUFFIX})` : `no ${source}${CHECKSUM_SUFFIX} beside it (--no-checksum): checked by its structure only`;
  const kind = kindOfFile(source);
  if (!kind) throw new BackupError(`${source} is neither a SQLite database nor a pg_dump archive (damaged, or not a backup).`);
  const stamp = stampOf(options.now ?? new Date());
  const pendingLine = (pending: string[]) =>
    pending.length > 0 ? `the backup is ${pending.length} migration(s) behind this code: the next start brings it up to date (${pending.join(', ')})` : undefined;

  if (config.databaseUrl) {
    if (kind !== 'pgdump') throw new BackupError(`${source} is a SQLite backup, but DATABASE_URL is set: unset DATABASE_URL to restore it into DATA_DIR.`);
    const result = await restorePostgres(config.databaseUrl, source, options.tools);
    return {
      lines: [
        `restored ${source} into the PostgreSQL database "${result.database}" (${result.tables} tables, pg_restore --clean --if-exists --no-owner, one transaction)`,
        checksum,
        ...(result.dropped.length > 0 ? [`dropped tables the backup does not have: ${result.dropped.join(', ')}`] : []),
        ...[pendingLine(result.pending)].filter((l): l is string => l !== undefined),
        'start the server(s) again',
      ],
    };
  }
  if (kind !== 'sqlite') throw new BackupError(`${source} is a PostgreSQL dump, but DATABASE_URL is unset: set it to the database to restore into.`);
  const result = restoreSqlite(source, config.sqlitePath, stamp);
  return {
    lines: [
      `restored ${source} to ${config.sqlitePath} (${formatBytes(result.bytes)})`,
      checksum,
      result.keptAs ? `the database that was there is kept as ${result.keptAs}` : 'there was no database there before',
      ...[pendingLine(result.pending)].filter((l): l is string => l !== undefined),
      'start the server(s) again',
    ],
  };
}
