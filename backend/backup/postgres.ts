import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { ensurePrivateFile, makePrivate } from '../kernel/private-files';
import { BackupError } from './files';
import { migrationsCheck } from './sqlite';

/**
 * PostgreSQL's side of `npm run backup` and `npm run restore`: pg_dump, pg_restore and psql from
 * the PostgreSQL client tools, given the password through PGPASSWORD (not on the command line,
 * where `ps` shows it).
 */

/** The client programs and the environment they run in (the CLI passes its own). */
export interface PgTools {
  env: NodeJS.ProcessEnv;
  pgDump?: string;
  pgRestore?: string;
  psql?: string;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

class MissingTool extends Error {}

/** The URL without its password, and an environment carrying the password. */
function connection(databaseUrl: string, tools: PgTools): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...tools.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new MissingTool(command) : error));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The server's major version (15 for 15.8), or undefined when it does not answer. */
async function serverMajor(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const row = (await client.query<{ server_version_num: string }>('show server_version_num')).rows[0];
    return row ? Math.floor(Number(row.server_version_num) / 10_000) : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What to install: Debian's client tools of the server's major version (a newer one also works). */
async function installAdvice(tool: string, databaseUrl: string, problem: string): Promise<BackupError> {
  const major = await serverMajor(databaseUrl);
  const install = major
    ? `PostgreSQL ${major} (or newer): on Debian, apt-get install postgresql-client-${major}`
    : 'on Debian, apt-get install postgresql-client (its version must be at least the server\'s; postgresql-client-<major> for another)';
  return new BackupError(`${tool} ${problem}. Install the PostgreSQL client tools of the server's major version, ${install}.`);
}

/** `pg_dump --format=custom` of the database into `target`, written whole or not at all. */
export async function backupPostgres(databaseUrl: string, target: string, tools: PgTools): Promise<void> {
  const pgDump = tools.pgDump ?? 'pg_dump';
  const { url, env } = connection(databaseUrl, tools);
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  // 0600 before pg_dump writes into it (it keeps an existing file's mode; it would make a new one 0644).
  fs.rmSync(partial, { force: true });
  ensurePrivateFile(partial);
  let result: Run;
  try {
    result = await run(pgDump, ['--format=custom', `--file=${partial}`, `--dbname=${url}`], env);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if (error instanceof MissingTool) throw await installAdvice('pg_dump', databaseUrl, 'was not found');
    throw error;
  }
  if (result.code !== 0) {
    fs.rmSync(partial, { force: true });
    if (/version mismatch/i.test(result.stderr)) throw await installAdvice('pg_dump', databaseUrl, `is older than the server (${result.stderr.trim()})`);
    throw new BackupError(`pg_dump failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
  makePrivate(partial);
  const fd = fs.openSync(partial, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, target);
}

export interface PgRestore {
  database: string;
  tables: number;
  /** Tables the database had that the backup has not (made by newer migrations): dropped with it. */
  dropped: string[];
  pending: string[];
}

const TOC_TABLE = /^\d+; \d+ \d+ TABLE (?!DATA )(\S+) (\S+) /;

/** A custom-format dump's tables (from its table of contents). */
async function archiveTables(file: string, pgRestore: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const list = await run(pgRestore, ['--list', file], env);
  if (list.code !== 0) throw new BackupError(`${file} is not a readable pg_dump archive: ${list.stderr.trim()}`);
  return list.stdout
    .split('\n')
    .map((line) => TOC_TABLE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]}.${m[2]}`);
}

/**
 * Reads the whole archive as pg_restore would restore it (every table's data decompressed, so a
 * damaged or cut file fails here, before anything changes) and picks out the migrations it records.
 */
async function archiveMigrations(file: string, pgRestore: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgRestore, ['--file=-', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const names: string[] = [];
    let inMigrations = false;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (inMigrations) {
        if (line === '\\.') inMigrations = false;
        else names.push(line.split('\t')[0]!);
      } else if (/^COPY \S*kysely_migration \(/.test(line)) {
        inMigrations = true;
      }
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new BackupError(`${file} is damaged: pg_restore could not read it whole (${stderr.trim()}).`));
      else resolve(names);
    });
  });
}

interface Session {
  pid: number;
  application_name: string;
  client_addr: string | null;
  backend_start: Date;
  state: string | null;
}

/**
 * Restores `file` into the database with `pg_restore --clean --if-exists --no-owner`, fed through
 * psql in ONE transaction together with dropping the tables the backup does not have (made by
 * migrations newer than it, they would stop those migrations from running again at start): it
 * lands whole or not at all. Refuses, changing nothing, when the file is damaged, was made by a
 * newer version of the code, or while another connection uses the database.
 */
export async function restorePostgres(databaseUrl: string, file: string, tools: PgTools): Promise<PgRestore> {
  const pgRestore = tools.pgRestore ?? 'pg_restore';
  const psql = tools.psql ?? 'psql';
  const { url, env } = connection(databaseUrl, tools);
  for (const tool of [pgRestore, psql]) {
    try {
      await run(tool, ['--version'], env);
    } catch (error) {
      if (error instanceof MissingTool) throw await installAdvice(path.basename(tool), databaseUrl, 'was not found');
      throw error;
    }
  }

  const tables = await archiveTables(file, pgRestore, env);
  const pending = migrationsCheck(await archiveMigrations(file, pgRestore, env), file);

  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  let database: string;
  let dropped: string[];
  try {
    await client.connect();
    database = (await client.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
    const others = await client.query<Session>(
      `select pid, application_name, host(client_addr) as client_addr, backend_start, state
         from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
        order by backend_start`,
    );
    if (others.rows.length > 0) {
      throw new BackupError(
        [
          `Refused: ${others.rows.length} other connection(s) use the database "${database}". Stop the servers that use it (the site: npm start / next start / the standalone server; npm run backend; a Vercel deployment: pause it or remove DATABASE_URL and redeploy; any psql session), then run the restore again:`,
          ...others.rows.map(
            (s) =>
              `  pid ${s.pid}: ${s.application_name || '(no application name)'} from ${s.client_addr ?? 'a local socket'}, connected since ${s.backend_start.toISOString()}, ${s.state ?? 'unknown state'}`,
          ),
          'Nothing was changed.',
        ].join('\n'),
      );
    }
    const present = await client.query<{ name: string; plain: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name, table_schema || '.' || table_name as plain
         from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const inArchive = new Set(tables);
    dropped = present.rows.filter((r) => !inArchive.has(r.plain)).map((r) => r.name);
  } finally {
    await client.end().catch(() => undefined);
  }

  await pipeRestore(file, url, env, pgRestore, psql, dropped);
  return { database, tables: tables.length, dropped, pending };
}

/** pg_restore's script into psql: BEGIN, the drops, the script, and COMMIT only when pg_restore finished well. */
function pipeRestore(file: string, url: string, env: NodeJS.ProcessEnv, pgRestore: string, psql: string, dropped: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const reader = spawn(pgRestore, ['--clean', '--if-exists', '--no-owner', '--file=-', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const writer = spawn(psql, ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${url}`], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let readerErr = '';
    let writerErr = '';
    reader.stderr.on('data', (c: Buffer) => (readerErr += c.toString()));
    writer.stderr.on('data', (c: Buffer) => (writerErr += c.toString()));
    writer.stdout.resume();
    // psql may stop early (ON_ERROR_STOP): its closed stdin is not our error, its exit code is.
    writer.stdin.on('error', () => undefined);
    writer.stdin.write(`BEGIN;\n${dropped.map((name) => `DROP TABLE IF EXISTS ${name} CASCADE;\n`).join('')}`);
    reader.stdout.pipe(writer.stdin, { end: false });
    let readerCode: number | null = null;
    reader.once('error', reject);
    writer.once('error', reject);
    reader.once('close', (code) => {
      readerCode = code;
      // Without COMMIT psql ends with the transaction open, and PostgreSQL rolls it back.
      writer.stdin.end(code === 0 ? 'COMMIT;\n' : undefined);
    });
    writer.once('close', (code) => {
      if (code === 0 && readerCode === 0) resolve();
      else
        reject(
          new BackupError(
            `The restore failed and was rolled back, nothing was changed: ${(writerErr || readerErr).trim() || `pg_restore exit ${readerCode}, psql exit ${code}`}`,
          ),
        );
    });
  });
}
