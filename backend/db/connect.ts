import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import { processLogger } from '../kernel/log';
import { ensurePrivateDir, ensurePrivateFile, makePrivate } from '../kernel/private-files';
import type { Database, Db, DbDialect } from './schema';

export interface DbHandle {
  db: Db;
  dialect: DbDialect;
  close: () => Promise<void>;
}

export interface ConnectOptions {
  databaseUrl?: string | undefined;
  sqlitePath: string;
  /** Postgres pool size. */
  poolSize?: number;
}

/**
 * SQLite transactions that write start with BEGIN IMMEDIATE: a deferred BEGIN reads first and
 * upgrades to a write later, and in WAL mode that upgrade fails at once (SQLITE_BUSY_SNAPSHOT, no
 * busy wait) when another connection (the standalone backend, a second process) wrote in between.
 * Taking the write lock at BEGIN makes concurrent writers queue on busy_timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.settings);
  }
}

const PG_CONNECTION_TIMEOUT_MS = 10_000;

/** A Kysely instance on PostgreSQL when a postgres:// URL is given, else on the SQLite file. */
export function connectDb(options: ConnectOptions): DbHandle {
  if (options.databaseUrl) {
    // A server that does not answer fails a connection (or a wait for a free one) after 10 s, the
    // site's API timeout, instead of holding the request until TCP gives up (minutes).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, connectionTimeoutMillis: PG_CONNECTION_TIMEOUT_MS });
    // An idle client's error (server restart) must not crash the process.
    pool.on('error', (err) => processLogger().error({ area: 'backend' }, `postgres pool error: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  // ':memory:' (submissions off): nothing on disk.
  if (options.sqlitePath !== ':memory:') prepareSqliteFile(options.sqlitePath);
  const sqlite = new SQLite(options.sqlitePath);
  // Wait for another process's write (the site and the standalone server may share the file).
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * The database file owner-only (backend/kernel/private-files.ts) before SQLite opens it: its folder
 * (DATA_DIR) 0700, the file made 0600 when new (SQLite would make it 0644 under the usual umask),
 * and an older, looser file tightened with its WAL and shared memory. SQLite gives the -wal, -shm
 * and -journal files it makes the database file's own mode, so they are 0600 too.
 */
function prepareSqliteFile(file: string): void {
  ensurePrivateDir(path.dirname(file));
  ensurePrivateFile(file);
  makePrivate(`${file}-wal`);
  makePrivate(`${file}-shm`);
}
