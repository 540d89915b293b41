import { sql } from 'kysely';
import type { Db, DbDialect } from '../db/schema';

/**
 * The per-recipient limit on the outbox's deliveries (issue 32: every form sends its mail to the
 * address typed in, so a script could make us mail anyone again and again): at most `max`
 * deliveries to one address per `windowMs`, every kind together. An entry over the limit is not
 * dropped and not failed: it stays pending, due again when the address's window allows it
 * (queue.ts holdBack), and staff see how many wait (the dashboard's mail warning).
 *
 * The count lives in the database (`outbox.counted_at`, migration 2026-11-26-2), so every
 * instance and drainer shares it. A delivery is counted when it is let through, before it is
 * sent, by one conditional UPDATE: on SQLite a single statement runs under the write lock; on
 * PostgreSQL the UPDATE runs under a transaction-scoped advisory lock on the address, so two
 * drainers cannot both take the last place. A delivery that then fails is uncounted again
 * (retryLater and giveUp clear `counted_at`).
 */
export interface RecipientLimit {
  max: number;
  windowMs: number;
}

export type Admission =
  /** Counted: deliver it now. */
  | { kind: 'admitted' }
  /** Over the limit: wait until `until`, when the oldest counted delivery leaves the window. */
  | { kind: 'held'; until: Date }
  /** The claim's lease was lost meanwhile (another drainer has the entry): leave it alone. */
  | { kind: 'lost' };

interface EntryRef {
  id: string;
  recipient: string;
}

async function admitIn(db: Db, entry: EntryRef, owner: string, limit: RecipientLimit, now: Date): Promise<Admission> {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const counted = sql<number>`(SELECT count(*) FROM outbox WHERE recipient = ${entry.recipient} AND counted_at >= ${since} AND id <> ${entry.id})`;
  const result = await db
    .updateTable('outbox')
    .set({ counted_at: now.toISOString(), held_until: null })
    .where('id', '=', entry.id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'pending')
    .where(counted, '<', limit.max)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return { kind: 'admitted' };

  const window = await db
    .selectFrom('outbox')
    .select([sql<number | string>`count(*)`.as('n'), sql<string | null>`min(counted_at)`.as('oldest')])
    .where('recipient', '=', entry.recipient)
    .where('counted_at', '>=', since)
    .where('id', '<>', entry.id)
    .executeTakeFirstOrThrow();
  if (Number(window.n) < limit.max || !window.oldest) return { kind: 'lost' };
  return { kind: 'held', until: new Date(Date.parse(window.oldest) + limit.windowMs) };
}

/** Counts a delivery of the entry against its recipient's window, or says how long it must wait. */
export async function admitDelivery(db: Db, dialect: DbDialect, entry: EntryRef, owner: string, limit: RecipientLimit, now: Date): Promise<Admission> {
  if (dialect !== 'postgres') return admitIn(db, entry, owner, limit, now);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`outbox-recipient:${entry.recipient}`}))`.execute(trx);
    return admitIn(trx, entry, owner, limit, now);
  });
}
