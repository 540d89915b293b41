import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Generated } from 'kysely';
import { HTTP_MESSAGES } from '@/backend/lib/http';

/**
 * The durable outbox: messages the site owes the backend (today: newsletter sign-ups made while
 * it was unreachable). Its own small table — a SQLite file under DATA_DIR by default, a
 * PostgreSQL table when DATABASE_URL is set — so a restart never loses one. Times are ISO
 * strings (same width, so they compare as text on both databases).
 */
export type OutboxStatus = 'pending' | 'delivered' | 'rejected';

interface OutboxTable {
  id: string;
  kind: string;
  email: string;
  payload: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

interface OutboxDb {
  site_outbox: OutboxTable;
}

export interface OutboxItem {
  id: string;
  kind: string;
  email: string;
  payload: unknown;
  attempts: number;
  nextAttemptAt: string;
}

export interface OutboxStore {
  /** Adds an item unless the same kind and email is already waiting; returns the waiting item's id. */
  enqueue(kind: string, email: string, payload: unknown, now?: Date): Promise<string>;
  /** Pending items due at `now`, oldest first. */
  due(now?: Date, limit?: number): Promise<OutboxItem[]>;
  /** The earliest next attempt among pending items. */
  nextDueAt(): Promise<string | undefined>;
  delivered(id: string, now?: Date): Promise<void>;
  rejected(id: string, reason: string): Promise<void>;
  retryLater(id: string, attempts: number, next: Date, reason: string): Promise<void>;
  pendingCount(): Promise<number>;
  close(): Promise<void>;
}

export interface StoreLocation {
  databaseUrl?: string;
  dataDir?: string;
}

/** Where the outbox lives, from the environment (DATABASE_URL, else DATA_DIR or ./data). */
export function locationFromEnv(env: Record<string, string | undefined> = process.env): StoreLocation {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return { databaseUrl };
  return { dataDir: env.DATA_DIR?.trim() || path.join(process.cwd(), 'data') };
}

/**
 * Why the outbox cannot keep anything here, or undefined when it can: on Vercel a SQLite file is
 * lost with the function instance, so without DATABASE_URL a sign-up is refused, not half-kept.
 */
export function outboxUnavailable(location: StoreLocation, onVercel: boolean): string | undefined {
  return onVercel && !location.databaseUrl ? HTTP_MESSAGES.submissionsOff : undefined;
}

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'outbox.sqlite');
}

async function createDb(location: StoreLocation): Promise<Kysely<OutboxDb>> {
  if (location.databaseUrl) {
    const { default: pg } = await import('pg');
    return new Kysely<OutboxDb>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: location.databaseUrl, max: 2 }) }),
    });
  }
  const dir = location.dataDir ?? path.join(process.cwd(), 'data');
  mkdirSync(dir, { recursive: true });
  const { default: Database } = await import('better-sqlite3');
  const database = new Database(sqliteFile(dir));
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  return new Kysely<OutboxDb>({ dialect: new SqliteDialect({ database }) });
}

async function migrate(db: Kysely<OutboxDb>): Promise<void> {
  await db.schema
    .createTable('site_outbox')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('site_outbox_due')
    .ifNotExists()
    .on('site_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function openOutboxStore(location: StoreLocation = locationFromEnv()): Promise<OutboxStore> {
  const db = await createDb(location);
  await migrate(db);

  return {
    async enqueue(kind, email, payload, now = new Date()) {
      return db.transaction().execute(async (trx) => {
        const waiting = await trx
          .selectFrom('site_outbox')
          .select('id')
          .where('kind', '=', kind)
          .where('email', '=', email)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (waiting) return waiting.id;
        const id = crypto.randomUUID();
        await trx
          .insertInto('site_outbox')
          .values({
            id,
            kind,
            email,
            payload: JSON.stringify(payload),
            status: 'pending',
            next_attempt_at: now.toISOString(),
            last_error: null,
            created_at: now.toISOString(),
            delivered_at: null,
          })
          .execute();
        return id;
      });
    },
    async due(now = new Date(), limit = 20) {
      const rows = await db
        .selectFrom('site_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        email: r.email,
        payload: JSON.parse(r.payload) as unknown,
        attempts: Number(r.attempts),
        nextAttemptAt: r.next_attempt_at,
      }));
    },
    async nextDueAt() {
      const row = await db
        .selectFrom('site_outbox')
        .select((eb) => eb.fn.min('next_attempt_at').as('next'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.next ?? undefined;
    },
    async delivered(id, now = new Date()) {
      await db
        .updateTable('site_outbox')
        .set({ status: 'delivered', delivered_at: now.toISOString(), last_error: null })
        .where('id', '=', id)
        .execute();
    },
    async rejected(id, reason) {
      await db.updateTable('site_outbox').set({ status: 'rejected', last_error: reason.slice(0, 500) }).where('id', '=', id).execute();
    },
    async retryLater(id, attempts, next, reason) {
      await db
        .updateTable('site_outbox')
        .set({ attempts, next_attempt_at: next.toISOString(), last_error: reason.slice(0, 500) })
        .where('id', '=', id)
        .execute();
    },
    async pendingCount() {
      const row = await db
        .selectFrom('site_outbox')
        .select(sql<number>`count(*)`.as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async close() {
      await db.destroy();
    },
  };
}
