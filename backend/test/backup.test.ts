import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, runBackup, runRestore } from '../backup';
import { BACKUP_NAME, CHECKSUM_SUFFIX } from '../backup/files';
import { parseBackendConfig, type BackendConfig } from '../kernel/config';
import { connectDb, type DbHandle } from '../db/connect';
import { migrations, staticMigrationProvider } from '../db/migrations';
import { startBackend } from '../start';
import { buildApp, postJson, TEST_EDITION_ENV, validPayloads } from '@/test/support/databases';
import { staffToken } from '@/test/support/staff';
import { runCli, type CliRun } from '@/test/support/cli';

/**
 * `npm run backup` and `npm run restore` (issue 30) on a real SQLite file and a real PostgreSQL
 * database of the test's own (created and dropped here): round trips, a backup taken while a
 * registration rush is answered (the commands run as processes, as cron and an operator run them),
 * refusals that change nothing (a damaged file, a newer version's backup, a database in use), and
 * BACKUP_KEEP.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const tools = { env: process.env };
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Where a database lives: its settings, a connection to it, and a fingerprint of everything in it. */
interface Place {
  env: Record<string, string>;
  connect: () => DbHandle;
  fingerprint: () => Promise<string>;
}

interface Target {
  name: 'sqlite' | 'postgres';
  place: () => Promise<Place>;
}

const sqlite: Target = {
  name: 'sqlite',
  async place() {
    const dataDir = tempDir('festival-backup-test-');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      connect: () => connectDb({ sqlitePath: path.join(dataDir, 'festival.sqlite') }),
      // Every file under DATA_DIR (the backups folder aside), with its contents.
      async fingerprint() {
        const hash = createHash('sha256');
        for (const name of fs.readdirSync(dataDir).filter((n) => n !== 'backups').sort()) {
          hash.update(`${name}\n`);
          const file = path.join(dataDir, name);
          if (fs.statSync(file).isFile()) hash.update(fs.readFileSync(file));
        }
        return hash.digest('hex');
      },
    };
  },
};

function postgres(adminUrl: string): Target {
  return {
    name: 'postgres',
    async place() {
      const name = `festival_backup_${randomBytes(6).toString('hex')}`;
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
      const databaseUrl = url.toString();
      return {
        env: { DATA_DIR: tempDir('festival-backup-test-'), DATABASE_URL: databaseUrl },
        connect: () => connectDb({ databaseUrl, sqlitePath: '', poolSize: 10 }),
        // Every table with all its rows.
        async fingerprint() {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          try {
            const tables = await client.query<{ name: string }>(
              "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
            );
            const hash = createHash('sha256');
            for (const { name: table } of tables.rows) {
              const rows = await client.query<{ digest: string | null }>(`select md5(string_agg(t::text, ',' order by t::text)) as digest from ${table} t`);
              hash.update(`${table}:${rows.rows[0]?.digest ?? ''}\n`);
            }
            return hash.digest('hex');
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

const targets: Target[] = [sqlite, ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : [])];

function configOf(place: Place, extra: Record<string, string> = {}): BackendConfig {
  return parseBackendConfig({ ...TEST_EDITION_ENV, RATE_LIMIT_MAX: '0', ...place.env, ...extra });
}

/** `npm run backup` / `npm run restore -- <file>` as a process, with the place's settings. */
const cli = (command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CliRun> => runCli(command, args, { ...TEST_EDITION_ENV, ...env });

async function register(app: Awaited<ReturnType<typeof buildApp>>['app'], email: string): Promise<number> {
  const res = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(1), email });
  return res.status;
}

async function migrationNames(handle: Pick<DbHandle, 'db'>): Promise<string[]> {
  return (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)).rows.map((r) => r.name);
}

async function emails(handle: DbHandle): Promise<string[]> {
  return (await handle.db.selectFrom('registrations').select('email').orderBy('email').execute()).map((r) => r.email);
}

/** A place with the site's database in it (migrated, seeded) and these registrations. */
async function placeWith(target: Target, people: string[]): Promise<Place> {
  const place = await target.place();
  const handle = place.connect();
  const { app } = await buildApp(handle);
  for (const email of people) expect(await register(app, email)).toBe(201);
  await handle.close();
  return place;
}

async function backupOf(place: Place): Promise<string> {
  const backupDir = tempDir('festival-backups-');
  return (await runBackup(configOf(place, { BACKUP_DIR: backupDir }), { tools })).file;
}

describe.each(targets)('backup and restore on $name', (target) => {
  it('a backup taken while the site serves restores every row, uploaded images included, into a fresh place', async () => {
    const source = await target.place();
    const handle = source.connect();
    const { app } = await buildApp(handle);
    for (const email of ['ada@example.com', 'bola@example.com', 'chidi@example.com']) expect(await register(app, email)).toBe(201);
    // Uploaded images are rows of the `media` table: the database backup carries them.
    const image = randomBytes(4096);
    await handle.db
      .insertInto('media')
      .values({ id: '0d9e6a52-51c4-4c1b-9c7e-9d1f0a3b2c11', content_type: 'image/png', width: 1, height: 1, byte_size: image.length, bytes: image, created_at: new Date().toISOString(), created_by: null })
      .execute();

    const backupDir = tempDir('festival-backups-');
    const result = await runBackup(configOf(source, { BACKUP_DIR: backupDir }), { tools }); // the source stays open: an online backup
    expect(path.dirname(result.file)).toBe(backupDir);
    expect(path.basename(result.file)).toMatch(BACKUP_NAME);
    expect(path.extname(result.file)).toBe(target.name === 'sqlite' ? '.sqlite' : '.pgdump');
    expect(result.line).toMatch(new RegExp(`^backup ${result.file} [\\d.]+ (B|kB|MB) in \\d+\\.\\d s$`));
    expect(fs.readFileSync(`${result.file}${CHECKSUM_SUFFIX}`, 'utf8')).toMatch(new RegExp(`^[0-9a-f]{64}  ${path.basename(result.file)}\\n$`));

    const fresh = await target.place();
    const restored = await runRestore(configOf(fresh), result.file, { tools });
    expect(restored.lines[0]).toMatch(/^restored /);
    expect(restored.lines).toContain(`SHA-256 verified (${result.file}${CHECKSUM_SUFFIX})`);
    const copy = fresh.connect();
    try {
      expect(await emails(copy)).toEqual(['ada@example.com', 'bola@example.com', 'chidi@example.com']);
      const media = await copy.db.selectFrom('media').select('bytes').executeTakeFirstOrThrow();
      expect(Buffer.from(media.bytes).equals(image)).toBe(true);
      expect(await migrationNames(copy)).toEqual(Object.keys(migrations).sort());
    } finally {
      await copy.close();
      await handle.close();
    }
  });

  it("a backup from an older version is brought up to date at the next start; a newer version's backup is refused and nothing changes", async () => {
    const all = Object.keys(migrations);
    const old = await target.place();
    const oldHandle = old.connect();
    await new Migrator({ db: oldHandle.db, provider: staticMigrationProvider }).migrateTo(all[all.length - 2]!);
    await oldHandle.close();
    const oldBackup = await backupOf(old);

    const current = await placeWith(target, ['dayo@example.com']);
    const restored = await runRestore(configOf(current), oldBackup, { tools });
    expect(restored.lines).toContain(`the backup is 1 migration(s) behind this code: the next start brings it up to date (${all[all.length - 1]})`);
    // What the site does at start: migrate (on PostgreSQL, the newer tables went with the restore) and seed.
    const backend = await startBackend(configOf(current));
    try {
      expect(await migrationNames(backend)).toHaveLength(all.length);
      expect(await backend.db.selectFrom('registrations').select('email').execute()).toEqual([]);
    } finally {
      await backend.close();
    }

    const newer = await target.place();
    const newerHandle = newer.connect();
    await buildApp(newerHandle);
    await sql`insert into kysely_migration (name, timestamp) values ('2099-12-31-1-from-a-newer-version', ${new Date().toISOString()})`.execute(newerHandle.db);
    await newerHandle.close();
    const newerBackup = await backupOf(newer);
    const before = await current.fingerprint();
    await expect(runRestore(configOf(current), newerBackup, { tools })).rejects.toThrow(
      /was made by a newer version of the site: it has migrations this code does not know \(2099-12-31-1-from-a-newer-version\)/,
    );
    expect(await current.fingerprint()).toBe(before);
  });

  it('refuses a damaged file (bytes flipped, truncated, not a backup) and changes nothing', async () => {
    const backup = await backupOf(await placeWith(target, ['eze@example.com']));
    const current = await placeWith(target, ['funmi@example.com', 'gbenga@example.com']);
    const before = await current.fingerprint();
    const bytes = fs.readFileSync(backup);
    const scratch = tempDir('festival-damaged-');
    const damaged = (name: string, content: Buffer, withChecksum: boolean) => {
      const file = path.join(scratch, name);
      fs.writeFileSync(file, content);
      if (withChecksum) fs.copyFileSync(`${backup}${CHECKSUM_SUFFIX}`, `${file}${CHECKSUM_SUFFIX}`);
      return file;
    };
    const flipped = (at: number) => {
      const copy = Buffer.from(bytes);
      for (let i = at; i < at + 32; i++) copy[i]! ^= 0xff;
      return copy;
    };
    // Inside a row: only the checksum written at backup time sees it.
    const inRow = target.name === 'sqlite' ? 4096 * Math.floor(bytes.length / 4096 / 2) + 2000 : Math.floor(bytes.length * 0.8);
    // Where the file's own checks see it: a page's header (integrity_check), compressed table data (pg_restore's full read).
    const inStructure = target.name === 'sqlite' ? 4096 * Math.floor(bytes.length / 4096 / 2) : Math.floor(bytes.length * 0.8);
    const cases: [string, RegExp][] = [
      [damaged('flipped-with-checksum', flipped(inRow), true), /is damaged: its SHA-256 differs from the one written beside it at backup time/],
      [damaged('flipped', flipped(inStructure), false), /is damaged/],
      [damaged('truncated', bytes.subarray(0, Math.floor((bytes.length * 2) / 3)), false), /is damaged|not a readable pg_dump archive|not a usable SQLite database/],
      [damaged('notes.txt', Buffer.from('not a backup\n'), false), /is neither a SQLite database nor a pg_dump archive/],
    ];
    for (const [file, message] of cases) {
      // Without a checksum beside it only --no-checksum lets a file this far (see the test after this one).
      const refused = runRestore(configOf(current), file, { tools, noChecksum: !fs.existsSync(`${file}${CHECKSUM_SUFFIX}`) });
      await expect(refused, path.basename(file)).rejects.toThrow(message);
      await expect(refused).rejects.toBeInstanceOf(BackupError);
      expect(await current.fingerprint(), path.basename(file)).toBe(before);
    }
    // The command says so and exits non-zero.
    const ran = await cli('restore', [cases[0]![0]], current.env);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/is damaged: its SHA-256 differs/);
    expect(await current.fingerprint()).toBe(before);
  });

  it('refuses a backup without its .sha256 beside it, changing nothing, unless --no-checksum is given', { timeout: 120_000 }, async () => {
    const backup = await backupOf(await placeWith(target, ['jide@example.com']));
    const current = await placeWith(target, ['kemi@example.com']);
    const before = await current.fingerprint();
    // The backup copied somewhere without its checksum file.
    const alone = path.join(tempDir('festival-alone-'), path.basename(backup));
    fs.copyFileSync(backup, alone);
    const missing = `Refused: there is no ${alone}${CHECKSUM_SUFFIX} beside the backup`;

    const refused = runRestore(configOf(current), alone, { tools });
    await expect(refused).rejects.toThrow(missing);
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    expect(await current.fingerprint()).toBe(before);

    // The command says what to do, exits non-zero, and the live database is untouched.
    const ran = await cli('restore', [alone], current.env);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain(missing);
    expect(ran.stderr).toContain(`Copy the ${path.basename(alone)}${CHECKSUM_SUFFIX} written with it into the same folder, or, to restore it checked by its structure only, run again with --no-checksum.`);
    expect(ran.stderr).toContain('Nothing was changed.');
    expect(ran.stdout).toBe('');
    expect(await current.fingerprint()).toBe(before);
    if (target.name === 'sqlite') expect(fs.readdirSync(current.env.DATA_DIR!).filter((n) => /before-restore|restoring/.test(n))).toEqual([]);
    const check = current.connect();
    expect(await emails(check)).toEqual(['kemi@example.com']);
    await check.close();

    // The usage names the flag; a stray argument or an unknown flag is a usage error (exit 2).
    for (const args of [[], ['--checksum', alone]]) {
      const usage = await cli('restore', args, current.env);
      expect(usage.code, args.join(' ')).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run restore -- [--no-checksum] <backup file>');
    }
    expect(await current.fingerprint()).toBe(before);

    // --no-checksum (before or after the file): restored, checked by its structure only, and it says so.
    const restored = await cli('restore', ['--no-checksum', alone], current.env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^restored /);
    expect(restored.stdout).toContain(`no ${alone}${CHECKSUM_SUFFIX} beside it (--no-checksum): checked by its structure only`);
    const after = current.connect();
    expect(await emails(after)).toEqual(['jide@example.com']);
    await after.close();

    // The flag does not silence a checksum that is there: a file changed since the backup is still refused.
    const changed = path.join(tempDir('festival-changed-'), path.basename(backup));
    fs.copyFileSync(backup, changed);
    fs.writeFileSync(`${changed}${CHECKSUM_SUFFIX}`, `${'0'.repeat(64)}  ${path.basename(changed)}\n`);
    const stillChecked = await cli('restore', [changed, '--no-checksum'], current.env);
    expect(stillChecked.code).toBe(1);
    expect(stillChecked.stderr).toMatch(/is damaged: its SHA-256 differs from the one written beside it at backup time/);
  });

  it('refuses while a server uses the database, saying what to stop and changing nothing; restores once it has stopped', { timeout: 120_000 }, async () => {
    const backup = await backupOf(await placeWith(target, ['halima@example.com']));
    const current = await placeWith(target, ['ife@example.com']);
    const server = target.name === 'sqlite' ? await standaloneBackend(current.env) : undefined;
    // PostgreSQL: any other session on the database (here an idle one, as a server's pool keeps).
    const session = target.name === 'postgres' ? new pg.Client({ connectionString: current.env.DATABASE_URL, application_name: 'festival-site' }) : undefined;
    await session?.connect();
    try {
      const before = target.name === 'postgres' ? await current.fingerprint() : '';
      const refused = await cli('restore', [backup], current.env);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr).toMatch(/^Refused: /);
      expect(refused.stderr).toContain('Nothing was changed.');
      if (server) {
        expect(refused.stderr).toContain(`pid ${server.child.pid}: `);
        expect(refused.stderr).toContain('backend/server.ts');
        expect(fs.readdirSync(current.env.DATA_DIR!).filter((n) => /before-restore|restoring/.test(n))).toEqual([]);
      } else {
        expect(refused.stderr).toContain(`pid ${(session as unknown as { processID: number }).processID}: festival-site from 127.0.0.1`);
        expect(await current.fingerprint()).toBe(before);
      }
    } finally {
      if (server) await server.stop();
      await session?.end();
    }
    const check = current.connect();
    expect(await emails(check)).toEqual(['ife@example.com']);
    await check.close();

    const restored = await cli('restore', [backup], current.env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^restored /);
    if (target.name === 'sqlite') {
      const kept = fs.readdirSync(current.env.DATA_DIR!).filter((n) => /^festival\.sqlite\.before-restore-\d{4}-\d{2}-\d{2}T\d{6}Z$/.test(n));
      expect(kept).toHaveLength(1);
      expect(restored.stdout).toContain(`the database that was there is kept as ${path.join(current.env.DATA_DIR!, kept[0]!)}`);
      expect(fs.readdirSync(current.env.DATA_DIR!).filter((n) => /-wal$|-shm$|restoring/.test(n))).toEqual([]);
    }
    const after = current.connect();
    expect(await emails(after)).toEqual(['halima@example.com']);
    await after.close();
  });

  it('a backup taken during a registration rush restores every registration acknowledged before it began, and the backend starts on it', { timeout: 180_000 }, async () => {
    const source = await target.place();
    const handle = source.connect();
    const { app } = await buildApp(handle);
    const acknowledged: { email: string; at: number }[] = [];
    const other: number[] = [];
    let stopping = false;
    let next = 0;
    const worker = async () => {
      while (!stopping) {
        const email = `rush-${next++}@example.com`;
        const status = await register(app, email);
        if (status === 201) acknowledged.push({ email, at: performance.now() });
        else other.push(status);
        // On SQLite a request is microtasks only: without a turn of the event loop the backup process's end would never be heard.
        await new Promise((r) => setImmediate(r));
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 10));

    const backupDir = tempDir('festival-backups-');
    const began = performance.now();
    const ran = await cli('backup', [], { ...source.env, BACKUP_DIR: backupDir });
    const ended = performance.now();
    stopping = true;
    await Promise.all(workers);
    await handle.close();
    expect(ran.code, ran.stderr).toBe(0);
    expect(other).toEqual([]);
    const before = acknowledged.filter((a) => a.at < began).map((a) => a.email);
    // It was a rush: the site kept answering while the backup ran.
    expect(acknowledged.filter((a) => a.at > began && a.at < ended).length).toBeGreaterThan(0);
    const file = /^backup (\S+) /.exec(ran.stdout)?.[1];
    expect(file, ran.stdout).toBeDefined();

    const fresh = await target.place();
    const restored = await cli('restore', [file!], fresh.env);
    expect(restored.code, restored.stderr).toBe(0);

    // The backend starts on the restored database as the site does, and staff see the registrations.
    const backend = await startBackend(configOf(fresh));
    try {
      const token = await staffToken(backend.app, { db: backend.db, dialect: backend.dialect, close: async () => undefined });
      const csv = await (await backend.app.request('/api/admin/export/registrations.csv', { headers: { Authorization: `Bearer ${token}` } })).text();
      const exported = new Set(csv.match(/rush-\d+@example\.com/g));
      expect(before.filter((email) => !exported.has(email))).toEqual([]);
      // A consistent snapshot: the wristband counter agrees with the registrations it holds.
      const rows = await backend.db.selectFrom('registrations').select(['email', 'number_of_tickets']).execute();
      const counter = await backend.db.selectFrom('counters').select('used').where('name', 'like', 'registrations:%').executeTakeFirstOrThrow();
      expect(Number(counter.used)).toBe(rows.reduce((sum, r) => sum + Number(r.number_of_tickets), 0));
      expect(rows.length).toBeGreaterThanOrEqual(before.length);
    } finally {
      await backend.close();
    }
  });

  if (target.name === 'postgres') {
    it("says which Debian package to install when pg_dump is missing, matching the server's major version", async () => {
      const place = await placeWith(target, []);
      const client = new pg.Client({ connectionString: place.env.DATABASE_URL });
      await client.connect();
      const major = Math.floor(Number((await client.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v) / 10_000);
      await client.end();
      const backupDir = tempDir('festival-backups-');
      await expect(runBackup(configOf(place, { BACKUP_DIR: backupDir }), { tools: { ...tools, pgDump: '/nonexistent/pg_dump' } })).rejects.toThrow(
        `pg_dump was not found. Install the PostgreSQL client tools of the server's major version, PostgreSQL ${major} (or newer): on Debian, apt-get install postgresql-client-${major}.`,
      );
      expect(fs.readdirSync(backupDir)).toEqual([]);
    });
  }
});

describe('BACKUP_KEEP', () => {
  it('keeps exactly the newest N of our own backups and never touches any other file', async () => {
    const place = await placeWith(sqlite, []);
    const backupDir = tempDir('festival-backups-');
    const ours = (day: number) => `festival-2026-01-0${day}T000000Z.sqlite`;
    for (const day of [1, 2, 3, 4]) {
      fs.writeFileSync(path.join(backupDir, ours(day)), `old ${day}`);
      fs.writeFileSync(path.join(backupDir, `${ours(day)}${CHECKSUM_SUFFIX}`), `checksum ${day}`);
    }
    const others: Record<string, string> = {
      'festival-2026-01-01T000000Z.pgdump': 'the other kind',
      'festival-2026-01-01T000000Z.sqlite.keep-me': 'a copy kept by hand',
      'festival-latest.sqlite': 'a link or copy by hand',
      'festival-2026-01-01.sqlite': 'another naming',
      'notes.txt': 'the operator’s notes',
    };
    for (const [name, content] of Object.entries(others)) fs.writeFileSync(path.join(backupDir, name), content);
    fs.mkdirSync(path.join(backupDir, 'festival-2026-01-05T000000Z.sqlite')); // a folder with our name

    const made: string[] = [];
    for (const second of [1, 2, 3]) {
      const now = new Date(`2026-02-01T00:00:0${second}Z`);
      made.push((await runBackup(configOf(place, { BACKUP_DIR: backupDir, BACKUP_KEEP: '3' }), { tools, now })).file);
    }
    const listing = fs.readdirSync(backupDir).sort();
    expect(listing.filter((n) => BACKUP_NAME.test(n) && n.endsWith('.sqlite') && fs.statSync(path.join(backupDir, n)).isFile())).toEqual(
      made.map((f) => path.basename(f)),
    );
    for (const file of made) expect(fs.existsSync(`${file}${CHECKSUM_SUFFIX}`)).toBe(true);
    for (const day of [1, 2, 3, 4]) expect(fs.existsSync(path.join(backupDir, `${ours(day)}${CHECKSUM_SUFFIX}`))).toBe(false);
    for (const [name, content] of Object.entries(others)) expect(fs.readFileSync(path.join(backupDir, name), 'utf8')).toBe(content);
    expect(fs.statSync(path.join(backupDir, 'festival-2026-01-05T000000Z.sqlite')).isDirectory()).toBe(true);

    // 0: every backup is kept.
    await runBackup(configOf(place, { BACKUP_DIR: backupDir, BACKUP_KEEP: '0' }), { tools, now: new Date('2026-02-01T00:00:04Z') });
    expect(fs.readdirSync(backupDir).filter((n) => BACKUP_NAME.test(n) && n.endsWith('.sqlite'))).toHaveLength(5);
  });

  it('BACKUP_DIR defaults to DATA_DIR/backups and BACKUP_KEEP to 14; a bad value stops with its name', () => {
    const config = parseBackendConfig({ DATA_DIR: '/srv/festival/data' });
    expect(config.backupDir).toBe('/srv/festival/data/backups');
    expect(config.backupKeep).toBe(14);
    expect(parseBackendConfig({ BACKUP_DIR: 'elsewhere' }).backupDir).toBe(path.resolve('elsewhere'));
    expect(() => parseBackendConfig({ BACKUP_KEEP: '-1' })).toThrow(/BACKUP_KEEP/);
  });
});

/** `npm run backend` on the place's database, as a process (what holds the SQLite file open). */
async function standaloneBackend(env: Record<string, string>): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'backend', 'server.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...TEST_EDITION_ENV, ...env, BACKEND_HOST: '127.0.0.1', BACKEND_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the backend did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}):\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  return { child, stop };
}
