import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writePrivateFile } from '../kernel/private-files';

/** What a backup holds: a copy of the SQLite file, or a PostgreSQL dump in pg_dump's custom format. */
export type BackupKind = 'sqlite' | 'pgdump';

/** `festival-2026-11-24T031500Z.sqlite`: the only names `npm run backup` writes (each with its `.sha256`), and the only ones it ever deletes. */
export const BACKUP_NAME = /^festival-(\d{4}-\d{2}-\d{2}T\d{6}Z)\.(sqlite|pgdump)$/;

/**
 * Beside each backup, its SHA-256 in sha256sum's format (`sha256sum -c` checks it too). SQLite's
 * integrity_check sees damage to the file's structure only, not a flipped byte inside a row; the
 * checksum sees any change since the backup was written.
 */
export const CHECKSUM_SUFFIX = '.sha256';

/** `2026-11-24T031500Z` (UTC): sorts as it reads, and has no colons (they are awkward on some file systems). */
export function stampOf(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '');
}

export function backupName(kind: BackupKind, date: Date): string {
  return `festival-${stampOf(date)}.${kind}`;
}

/**
 * Deletes the oldest backups of `kind` in `dir` beyond the newest `keep` (0: keeps all), each with
 * its checksum file. Only files named by BACKUP_NAME are looked at: whatever else an operator keeps
 * there stays.
 */
export function pruneBackups(dir: string, kind: BackupKind, keep: number): string[] {
  if (keep <= 0) return [];
  const ours = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && BACKUP_NAME.exec(entry.name)?.[2] === kind)
    .map((entry) => entry.name)
    .sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) {
    fs.rmSync(path.join(dir, name));
    fs.rmSync(path.join(dir, `${name}${CHECKSUM_SUFFIX}`), { force: true });
  }
  return old;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes `<file>.sha256` (0600, as the backup). */
export async function writeChecksum(file: string): Promise<void> {
  writePrivateFile(`${file}${CHECKSUM_SUFFIX}`, `${await sha256Of(file)}  ${path.basename(file)}\n`);
}

/** 'verified', or 'absent' when no checksum file is beside it; a damaged file is refused. */
export async function verifyChecksum(file: string): Promise<'verified' | 'absent'> {
  const sidecar = `${file}${CHECKSUM_SUFFIX}`;
  if (!fs.existsSync(sidecar)) return 'absent';
  const expected = /^([0-9a-f]{64})\b/i.exec(fs.readFileSync(sidecar, 'utf8'))?.[1]?.toLowerCase();
  if (!expected) throw new BackupError(`${sidecar} is not a SHA-256 checksum file: remove it and run again with --no-checksum to restore without the check.`);
  if ((await sha256Of(file)) !== expected) {
    throw new BackupError(`${file} is damaged: its SHA-256 differs from the one written beside it at backup time (${sidecar}). Nothing was changed.`);
  }
  return 'verified';
}

/** `12.3 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The first bytes say what a file is, whatever it is called. */
export function kindOfFile(file: string): BackupKind | undefined {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pgdump';
  return undefined;
}

/** A refusal the command prints as is (exit code 1), not as a crash. */
export class BackupError extends Error {
  override name = 'BackupError';
}
