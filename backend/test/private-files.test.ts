import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBackup, runRestore } from '../backup';
import { CHECKSUM_SUFFIX } from '../backup/files';
import { parseBackendConfig, type BackendConfig } from '../kernel/config';
import { silentLogger } from '../kernel/log';
import { startBackend } from '../start';
import { postJson, TEST_EDITION_ENV, validPayloads } from '@/test/support/databases';

/**
 * Issue 42, item 1: DATA_DIR holds the SQLite database (server secrets, password hashes, every
 * visitor's data), copies of mails with signed ticket links, and by default the backups. Whatever
 * the umask, everything the app makes there is owner-only: folders 0700, files 0600. Checked here
 * through the real code paths (the backend's start, a registration and its mail written as an .eml
 * file, `npm run backup`, `npm run restore`) under the common umask 022, on SQLite and PostgreSQL.
 */
const tools = { env: process.env };
const cleanups: (() => Promise<void> | void)[] = [];
let umask: number;

beforeEach(() => {
  umask = process.umask(0o022);
});

afterEach(() => {
  process.umask(umask);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Target {
  name: 'sqlite' | 'postgres';
  /** DATABASE_URL: '' for SQLite, or a fresh PostgreSQL database of this test's own. */
  databaseUrl: () => Promise<string>;
}

const sqlite: Target = { name: 'sqlite', databaseUrl: async () => '' };

function postgres(adminUrl: string): Target {
  return {
    name: 'postgres',
    async databaseUrl() {
      const name = `festival_private_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      });
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
  };
}

const targets: Target[] = [sqlite, ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : [])];

function configOf(dataDir: string, databaseUrl: string): BackendConfig {
  // No SMTP_URL: mail is written as .eml files under DATA_DIR/mail/.
  return parseBackendConfig({ ...TEST_EDITION_ENV, RATE_LIMIT_MAX: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
}

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;
const octal = (mode: number) => `0${mode.toString(8)}`;

/** Every folder and file under `root` (itself included) whose mode is not owner-only, as "path 0644". */
function looser(root: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const stat = fs.lstatSync(p);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${path.relative(root, p) || '.'}/ ${octal(mode)}`);
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    } else if (mode !== 0o600) {
      found.push(`${path.relative(root, p)} ${octal(mode)}`);
    }
  };
  visit(root);
  return found;
}

/** Every file under `root`, relative to it. */
function filesUnder(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(root, name)).isFile()).sort();
}

describe.each(targets)('DATA_DIR is owner-only whatever the umask, on $name', (target) => {
  it('the start, a registration with its mail, a backup and a restore make only 0700 folders and 0600 files', { timeout: 120_000 }, async () => {
    const dataDir = path.join(tempDir('festival-private-'), 'data'); // made by the app
    const databaseUrl = await target.databaseUrl();
    const config = configOf(dataDir, databaseUrl);

    const backend = await startBackend(config, { log: silentLogger });
    let backup: string;
    try {
      expect((await postJson(backend.app, '/api/forms/registrations/', validPayloads.registration(1))).status).toBe(201);
      expect(await backend.drainMail()).toMatchObject({ delivered: 1 });
      backup = (await runBackup(config, { tools })).file;

      const files = filesUnder(dataDir);
      expect(files.filter((f) => /^mail\/[^/]+\.eml$/.test(f))).toHaveLength(1);
      expect(files.filter((f) => /^backups\/festival-[^/]+\.(sqlite|pgdump)$/.test(f))).toHaveLength(1);
      expect(files).toContain(`backups/${path.basename(backup)}${CHECKSUM_SUFFIX}`);
      // While the server has it open, the database with its WAL and shared memory.
      if (target.name === 'sqlite') expect(files).toEqual(expect.arrayContaining(['festival.sqlite', 'festival.sqlite-wal', 'festival.sqlite-shm']));
      expect(looser(dataDir)).toEqual([]);
    } finally {
      await backend.close();
    }

    const restored = await runRestore(config, backup, { tools });
    expect(restored.lines[0]).toMatch(/^restored /);
    if (target.name === 'sqlite') {
      expect(modeOf(config.sqlitePath)).toBe(0o600);
      expect(filesUnder(dataDir).filter((f) => /^festival\.sqlite\.before-restore-/.test(f))).toHaveLength(1);
    }
    expect(looser(dataDir)).toEqual([]);

    // The server started again on the restored database keeps it so.
    const again = await startBackend(config, { log: silentLogger });
    await again.close();
    expect(looser(dataDir)).toEqual([]);
  });

  it('a restore from a world-readable copy of a backup (copied in from elsewhere) still puts a 0600 database in place', { timeout: 120_000 }, async () => {
    const dataDir = path.join(tempDir('festival-private-'), 'data');
    const databaseUrl = await target.databaseUrl();
    const config = configOf(dataDir, databaseUrl);
    const backend = await startBackend(config, { log: silentLogger });
    let backup: string;
    try {
      backup = (await runBackup(config, { tools })).file;
    } finally {
      await backend.close();
    }
    const elsewhere = path.join(tempDir('festival-copied-'), path.basename(backup));
    fs.copyFileSync(backup, elsewhere);
    fs.copyFileSync(`${backup}${CHECKSUM_SUFFIX}`, `${elsewhere}${CHECKSUM_SUFFIX}`);
    fs.chmodSync(elsewhere, 0o644);

    await runRestore(config, elsewhere, { tools });
    if (target.name === 'sqlite') expect(modeOf(config.sqlitePath)).toBe(0o600);
    expect(looser(dataDir)).toEqual([]);
  });

  it('an existing DATA_DIR that is readable by others is tightened at start', { timeout: 60_000 }, async () => {
    const dataDir = path.join(tempDir('festival-private-'), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const backend = await startBackend(configOf(dataDir, await target.databaseUrl()), { log: silentLogger });
    await backend.close();
    expect(octal(modeOf(dataDir))).toBe('0700');
  });
});

describe('a BACKUP_DIR of its own', () => {
  it('is made owner-only too, with its backups and their checksums', async () => {
    const dataDir = path.join(tempDir('festival-private-'), 'data');
    const backupDir = path.join(tempDir('festival-private-backups-'), 'nightly', 'festival');
    const config = parseBackendConfig({ ...TEST_EDITION_ENV, DATA_DIR: dataDir, DATABASE_URL: '', BACKUP_DIR: backupDir });
    const backend = await startBackend(config, { log: silentLogger });
    await backend.close();
    await runBackup(config, { tools });
    expect(looser(path.dirname(backupDir))).toEqual([]);
    expect(filesUnder(backupDir)).toHaveLength(2);
  });
});
