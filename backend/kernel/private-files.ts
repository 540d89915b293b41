import fs from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { processLogger } from './log';

/**
 * DATA_DIR holds the SQLite database (the server's secrets, password hashes, every visitor's data),
 * copies of mails with signed ticket links, and by default the backups: everything the app makes
 * there, and in BACKUP_DIR, is for the server's own user only: folders 0700, files 0600, whatever
 * the umask (a mode given at creation is masked by it, so each is chmod-ed after creating).
 * Whatever makes a folder or a file there goes through these.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const GROUP_AND_OTHERS = 0o077;
const STICKY = 0o1000;

/** Paths already warned about: once per process, not on every mail written. */
const warned = new Set<string>();

function warnOnce(target: string, message: string): void {
  if (warned.has(target)) return;
  warned.add(target);
  processLogger().warn({ area: 'files' }, message);
}

/**
 * Makes `dir` 0700, with every parent it had to make; an existing one readable by others is
 * tightened (`chmod go-rwx`).
 */
export function ensurePrivateDir(dir: string): void {
  const target = path.resolve(dir);
  const first = fs.mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (first === undefined) {
    makePrivate(target);
    return;
  }
  let made = first;
  fs.chmodSync(made, PRIVATE_DIR_MODE);
  for (const part of path.relative(first, target).split(path.sep).filter(Boolean)) {
    made = path.join(made, part);
    fs.chmodSync(made, PRIVATE_DIR_MODE);
  }
}

/**
 * Takes the group's and others' permissions off an existing folder or file (`chmod go-rwx`);
 * nothing when it does not exist or is already owner-only. One this process may not change (another
 * user's, a read-only file system) is left as it is, with a warning; so is a shared folder (the
 * sticky bit: /tmp), which is no place for DATA_DIR.
 */
export function makePrivate(target: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((stat.mode & GROUP_AND_OTHERS) === 0) return;
  const shown = `0${(stat.mode & 0o777).toString(8)}`;
  if (stat.isDirectory() && (stat.mode & STICKY) !== 0) {
    warnOnce(target, `${target} is a shared folder (mode ${shown}, sticky): give DATA_DIR and BACKUP_DIR a folder of their own`);
    return;
  }
  try {
    fs.chmodSync(target, stat.mode & 0o7700);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EROFS' && code !== 'EACCES') throw error;
    warnOnce(target, `${target} can be read by other users (mode ${shown}) and this process cannot change that (${code}): chmod go-rwx ${target}`);
  }
}

/** Creates `file` empty and 0600 when it does not exist (for a tool that then writes into it); otherwise makePrivate. */
export function ensurePrivateFile(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    makePrivate(file);
    return;
  }
  try {
    fs.fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `file` whole, 0600 before a byte is written (an existing file included). */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  const fd = fs.openSync(file, 'w', PRIVATE_FILE_MODE);
  try {
    fs.fchmodSync(fd, PRIVATE_FILE_MODE);
    fs.writeFileSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
}

/** writePrivateFile without blocking (the mail transport). */
export async function writePrivateFileAsync(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(file, 'w', PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}
