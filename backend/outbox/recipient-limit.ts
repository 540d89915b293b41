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
 *
 * A kind may also have a rate of its own (KindLimit: newsletter campaigns, NEWSLETTER_RATE_PER_MINUTE,
 * as small SMTP plans allow): at most `max` deliveries of that kind per `windowMs`, every instance
 * together, counted the same way (`counted_at` of the kind's entries) in the same conditional
 * UPDATE; on PostgreSQL under an advisory lock on the kind, taken before the recipient's (always in
 * that order, so two drainers never wait on each other in a circle).
 */
export interface RecipientLimit {
  max: number;
  windowMs: number;
}

/** The same shape, for all the entries of one kind together. */
export type KindLimit = RecipientLimit;

export type Admission =
  /** Counted: deliver it now. */
  | { kind: 'admitted' }
  /**
   * Over the limit: wait until `until`, when the oldest counted delivery leaves the window. `by`:
   * 'kind' when the kind's own window is full (no other entry of that kind can go now either).
   */
  | { kind: 'held'; until: Date; by: 'recipient' | 'kind' }
  /** The claim's lease was lost meanwhile (another drainer has the entry): leave it alone. */
  | { kind: 'lost' };

interface EntryRef {
  id: string;
  recipient: string;
  /** Needed only with a KindLimit. */
  kind?: string;
}

type Scope = 'recipient' | 'kind';
interface ScopedLimit extends RecipientLimit {
  scope: Scope;
  value: string;
}

const countedSince = (limit: ScopedLimit, entryId: string, since: string) =>
  sql<number>`(SELECT count(*) FROM outbox WHERE ${sql.ref(limit.scope)} = ${limit.value} AND counted_at >= ${since} AND id <> ${entryId})`;

async function admitIn(db: Db, entry: EntryRef, owner: string, limits: readonly ScopedLimit[], now: Date): Promise<Admission> {
  const sinceOf = (limit: ScopedLimit) => new Date(now.getTime() - limit.windowMs).toISOString();
  let update = db
    .updateTable('outbox')
    .set({ counted_at: now.toISOString(), held_until: null })
    .where('id', '=', entry.id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'pending');
  for (const limit of limits) update = update.where(countedSince(limit, entry.id, sinceOf(limit)), '<', limit.max);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return { kind: 'admitted' };

  let held: { until: Date; by: Scope } | undefined;
  for (const limit of limits) {
    const since = sinceOf(limit);
    const window = await db
      .selectFrom('outbox')
      .select([sql<number | string>`count(*)`.as('n'), sql<string | null>`min(counted_at)`.as('oldest')])
      .where(sql.ref(limit.scope), '=', limit.value)
      .where('counted_at', '>=', since)
      .where('id', '<>', entry.id)
      .executeTakeFirstOrThrow();
    if (Number(window.n) < limit.max || !window.oldest) continue;
    const until = new Date(Date.parse(window.oldest) + limit.windowMs);
    held = { until: held && held.until > until ? held.until : until, by: held?.by === 'kind' || limit.scope === 'kind' ? 'kind' : 'recipient' };
  }
  return held ? { kind: 'held', ...held } : { kind: 'lost' };
}

/**
 * Counts a delivery of the entry against its recipient's window (`limit`) and its kind's
 * (`kindLimit`), or says how long it must wait. Neither: admitted without counting.
 */
export async function admitDelivery(
  db: Db,
  dialect: DbDialect,
  entry: EntryRef,
  owner: string,
  limit: RecipientLimit | undefined,
  now: Date,
  kindLimit?: KindLimit,
): Promise<Admission> {
  const limits: ScopedLimit[] = [];
  if (kindLimit && entry.kind !== undefined) limits.push({ ...kindLimit, scope: 'kind', value: entry.kind });
  if (limit) limits.push({ ...limit, scope: 'recipient', value: entry.recipient });
  if (limits.length === 0) return { kind: 'admitted' };
  if (dialect !== 'postgres') return admitIn(db, entry, owner, limits, now);
  return db.transaction().execute(async (trx) => {
    for (const l of limits) await sql`select pg_advisory_xact_lock(hashtext(${`outbox-${l.scope}:${l.value}`}))`.execute(trx);
    return admitIn(trx, entry, owner, limits, now);
  });
}
