import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations } from '../db/migrations';
import { ensurePrivateDir, ensurePrivateFile, makePrivate } from '../kernel/private-files';
import { BackupError } from './files';

/**
 * SQLite's side of `npm run backup` and `npm run restore`.
 *
 * Whether a server uses the file is asked of SQLite's own locks rather than of a heartbeat row:
 * every connection in WAL mode (backend/db/connect.ts) holds a shared lock on the file for as long
 * as it is open, so a connection asking for an exclusive lock gets SQLITE_BUSY exactly while a
 * server (the site, `npm run backend`, a CLI) has it open. A crashed server's lock goes with its
 * process, and nothing is written to find out. A process that has not opened the database yet is
 * not seen, and does no harm: it opens the restored file.
 */

/**
 * A consistent copy of the live file while the site serves (SQLite's online backup API). The copy
 * is taken in one step, inside one read transaction: a WAL reader never blocks the site's writers,
 * and one step cannot be restarted by their writes as a paced, many-step copy would be.
 */
export async function backupSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source} (DATA_DIR): nothing to back up.`);
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  fs.rmSync(partial, { force: true });
  // Made 0600 before SQLite writes into it (it would make a new file 0644 under the usual umask).
  ensurePrivateFile(partial);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  try {
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      // One self-contained file (no -wal beside it); the server turns WAL on again when it opens it.
      copy.pragma('journal_mode = DELETE');
      const problems = integrityProblems(copy);
      if (problems.length > 0) throw new BackupError(`The copy of ${source} does not pass integrity_check: ${problems.join('; ')}`);
    } finally {
      copy.close();
    }
    fsyncFile(partial);
    fs.renameSync(partial, target);
    fsyncFile(path.dirname(target));
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

export interface SqliteRestore {
  /** Where the database that was in place now is; undefined when there was none. */
  keptAs: string | undefined;
  bytes: number;
  /** Migrations this code has that the backup has not: they run at the next start. */
  pending: string[];
}

/**
 * Puts a checked copy of `file` in place of the database at `target` (festival.sqlite under
 * DATA_DIR). Refuses, changing nothing, when the file is damaged, when it was made by a newer
 * version of the code, or when a process has the database open.
 */
export function restoreSqlite(file: string, target: string, stamp: string): SqliteRestore {
  const dir = path.dirname(target);
  ensurePrivateDir(dir);
  // Checked as the copy that goes into place (the backup itself is only read). copyFile gives it the
  // backup's mode: made owner-only, as the database is, whatever mode the backup file came with
  // (inside the 0700 folder meanwhile).
  const incoming = path.join(dir, `.${path.basename(target)}.restoring-${stamp}`);
  fs.copyFileSync(file, incoming);
  let pending: string[];
  try {
    makePrivate(incoming);
    pending = checkSqliteCopy(incoming, file);
    fsyncFile(incoming);
  } catch (error) {
    removeWithSidecars(incoming);
    throw error;
  }

  let keptAs: string | undefined;
  try {
    if (fs.existsSync(target)) {
      foldWalUnlessInUse(target);
      keptAs = `${target}.before-restore-${stamp}`;
      // Two restores within a second: the first one's file is kept too.
      for (let n = 2; fs.existsSync(keptAs); n++) keptAs = `${target}.before-restore-${stamp}-${n}`;
      fs.renameSync(target, keptAs);
      makePrivate(keptAs);
      // The WAL of a database that could not be opened goes with it, under the name SQLite pairs with it.
      if (fs.existsSync(`${target}-wal`)) {
        fs.renameSync(`${target}-wal`, `${keptAs}-wal`);
        makePrivate(`${keptAs}-wal`);
      }
      fs.rmSync(`${target}-shm`, { force: true });
    }
    fs.rmSync(`${target}-wal`, { force: true });
    fs.rmSync(`${target}-shm`, { force: true });
    fs.renameSync(incoming, target);
    fsyncFile(dir);
  } catch (error) {
    removeWithSidecars(incoming);
    throw error;
  }
  return { keptAs, bytes: fs.statSync(target).size, pending };
}

/** integrity_check = ok and only migrations this code knows; returns those it has that the file lacks. */
export function checkSqliteCopy(copy: string, shownAs: string): string[] {
  let db: SQLite.Database;
  try {
    db = new SQLite(copy, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${shownAs} is not a usable SQLite database: ${(error as Error).message}`);
  }
  try {
    let problems: string[];
    let applied: string[];
    try {
      problems = integrityProblems(db);
      if (problems.length === 0) {
        const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
        if (!table) throw new BackupError(`${shownAs} is a SQLite database but not the festival's (it has no kysely_migration table).`);
        applied = (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
      } else {
        applied = [];
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`${shownAs} is damaged: ${(error as Error).message}`);
    }
    if (problems.length > 0) throw new BackupError(`${shownAs} is damaged (integrity_check: ${problems.slice(0, 3).join('; ')}).`);
    return migrationsCheck(applied, shownAs);
  } finally {
    db.close();
  }
}

/** The backup's migrations against this code's: unknown ones refuse it; returns the ones it lacks. */
export function migrationsCheck(applied: string[], shownAs: string): string[] {
  const known = new Set(Object.keys(migrations));
  const unknown = applied.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${shownAs} was made by a newer version of the site: it has migrations this code does not know (${unknown.join(', ')}). Update the code to that version first, then restore.`,
    );
  }
  if (applied.length === 0) throw new BackupError(`${shownAs} has no migrations recorded: it is not a backup of the festival's database.`);
  const have = new Set(applied);
  return Object.keys(migrations).filter((name) => !have.has(name));
}

function integrityProblems(db: SQLite.Database): string[] {
  const rows = db.pragma('integrity_check') as { integrity_check: string }[];
  return rows.map((r) => r.integrity_check).filter((line) => line !== 'ok');
}

/**
 * Refuses while any process has `file` open (see the top of this file); otherwise folds its WAL
 * into it, so the file set aside is the whole database.
 */
export function foldWalUnlessInUse(file: string): void {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch {
    // Not even openable (what a restore may be for): only the process table can say who uses it.
    refuseIfHeld(file, false);
    return;
  }
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
  } catch (error) {
    db.close();
    const code = (error as { code?: unknown }).code;
    // Busy: someone has it open. Anything else: a damaged file, set aside as it is unless a process holds it.
    refuseIfHeld(file, typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')));
    return;
  }
  try {
    // A process can have the file open without a lock for a moment (opened, not yet read).
    refuseIfHeld(file, false);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

function refuseIfHeld(file: string, locked: boolean): void {
  const holders = holdersOf(file);
  if (holders.length === 0 && !locked) return;
  throw new BackupError(
    [
      `Refused: ${file} is in use${holders.length === 0 ? ' (by a process not listed here: another user\'s, or this one)' : ''}. Stop it, then run the restore again:`,
      ...holders.map((h) => `  pid ${h.pid}: ${h.command}`),
      '(the site: npm start / next start / the standalone server; npm run backend; any other tool with the file open)',
      'Nothing was changed.',
    ].join('\n'),
  );
}

interface Holder {
  pid: number;
  command: string;
}

/** Processes (of this user, on Linux) with the database, its WAL or its shared memory open. */
export function holdersOf(file: string): Holder[] {
  const targets = new Set([file, `${file}-wal`, `${file}-shm`].map((f) => (fs.existsSync(f) ? fs.realpathSync(f) : f)));
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
  const found: Holder[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return targets.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = '';
    try {
      command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      // gone meanwhile
    }
    found.push({ pid: Number(pid), command: command || '(unknown command)' });
  }
  return found;
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function removeWithSidecars(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}
