import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** The cheapest statement that needs a working connection. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

function isMissingTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // PostgreSQL's undefined_table; SQLite has only the message.
  return code === '42P01' || (typeof message === 'string' && message.includes('no such table'));
}

/** Names of the migrations applied (Kysely's own table); none when it was never migrated. */
export async function appliedMigrationNames(db: Db): Promise<Set<string>> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return new Set(rows.map((row) => row.name));
  } catch (error) {
    if (isMissingTable(error)) return new Set();
    throw error;
  }
}

export interface OutboxFigures {
  /** created_at of the oldest entry still pending, or undefined. */
  oldestPendingAt: string | undefined;
  failed: number;
}

/** Over every topic: mail, and the sign-ups relayed to an external backend. */
export async function outboxFigures(db: Db): Promise<OutboxFigures> {
  const oldest = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const failed = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  return { oldestPendingAt: oldest?.at ?? undefined, failed: Number(failed.n) };
}
