import { sql, type Selectable } from 'kysely';
import type { Db, DbDialect, OutboxTable } from '../db/schema';
import type { OutboxTopic } from '../kernel/deps';
import { newId } from '../kernel/ids';

/**
 * The outbox: work owed to the outside world, kept in the backend's database (SQLite or
 * PostgreSQL) so a restart, a crash or an unreachable server makes it late, never lost.
 *
 * - `enqueue` takes `db` first: called with a transaction, the entry is stored with the row it
 *   confirms, or not at all.
 * - `claimDue` hands due entries to one drainer under a lease, in one statement: on PostgreSQL the
 *   candidates are picked `FOR UPDATE SKIP LOCKED`, so concurrent drainers (other instances, cron)
 *   take disjoint entries; SQLite runs one writer at a time, so its single UPDATE is atomic too.
 *   A drainer that dies keeps its entries only until the lease runs out; then another retries.
 * - `complete`, `retryLater` and `giveUp` act only while the caller still holds the lease.
 */
export type { OutboxTopic };

export interface NewOutboxEntry {
  topic: OutboxTopic;
  kind: string;
  recipient: string;
  payload: unknown;
}

export interface OutboxEntry {
  id: string;
  topic: OutboxTopic;
  kind: string;
  recipient: string;
  payload: unknown;
  /** Deliveries started, this one included. */
  attempts: number;
  createdAt: string;
}

export async function enqueue(db: Db, entry: NewOutboxEntry, now: Date = new Date()): Promise<string> {
  const id = newId();
  await db
    .insertInto('outbox')
    .values({
      id,
      topic: entry.topic,
      kind: entry.kind,
      recipient: entry.recipient.trim().toLowerCase(),
      payload: JSON.stringify(entry.payload ?? {}),
      status: 'pending',
      next_attempt_at: now.toISOString(),
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    .execute();
  return id;
}

/** Many entries in one INSERT (a campaign's batch of recipients), with the ids given or new ones; their ids, in order. */
export async function enqueueMany(db: Db, entries: ReadonlyArray<NewOutboxEntry & { id?: string }>, now: Date = new Date()): Promise<string[]> {
  if (entries.length === 0) return [];
  const at = now.toISOString();
  const rows = entries.map((entry) => ({
    id: entry.id ?? newId(),
    topic: entry.topic,
    kind: entry.kind,
    recipient: entry.recipient.trim().toLowerCase(),
    payload: JSON.stringify(entry.payload ?? {}),
    status: 'pending' as const,
    next_attempt_at: at,
    lease_owner: null,
    lease_until: null,
    last_error: null,
    created_at: at,
    sent_at: null,
  }));
  await db.insertInto('outbox').values(rows).execute();
  return rows.map((r) => r.id);
}

export interface ClaimOptions {
  topic: OutboxTopic;
  /** Who claims: unique per drain pass. */
  owner: string;
  limit: number;
  leaseMs: number;
  now?: Date;
  /** Kinds not to claim in this call (a drain pass whose rate limit for them is used up). */
  skipKinds?: readonly string[];
  /** Kinds claimed only after every other due entry (rate-limited bulk mail: a campaign never delays a ticket). */
  lastKinds?: readonly string[];
}

function toEntry(row: Pick<Selectable<OutboxTable>, 'id' | 'topic' | 'kind' | 'recipient' | 'payload' | 'attempts' | 'created_at'>): OutboxEntry {
  let payload: unknown = {};
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = {};
  }
  return {
    id: row.id,
    topic: row.topic as OutboxTopic,
    kind: row.kind,
    recipient: row.recipient,
    payload,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
  };
}

export async function claimDue(db: Db, dialect: DbDialect, options: ClaimOptions): Promise<OutboxEntry[]> {
  const now = (options.now ?? new Date()).toISOString();
  const leaseUntil = new Date(Date.parse(now) + options.leaseMs).toISOString();
  let candidates = db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', options.topic)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .$if(Boolean(options.skipKinds?.length), (qb) => qb.where('kind', 'not in', options.skipKinds!))
    .$if(Boolean(options.lastKinds?.length), (qb) => qb.orderBy(sql`case when kind in (${sql.join(options.lastKinds!)}) then 1 else 0 end`))
    .orderBy('created_at')
    .limit(options.limit);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set((eb) => ({ lease_owner: options.owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', candidates)
    .returningAll()
    .execute();
  return rows.map(toEntry).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

const held = (db: Db, id: string, owner: string) =>
  db.updateTable('outbox').where('id', '=', id).where('lease_owner', '=', owner).where('status', '=', 'pending');

/** Delivered: never handed out again. False when the lease was lost (another drainer has it). */
export async function complete(db: Db, id: string, owner: string, now: Date = new Date()): Promise<boolean> {
  const result = await held(db, id, owner)
    .set({ status: 'done', sent_at: now.toISOString(), lease_owner: null, lease_until: null, last_error: null })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Not delivered this time: due again at `next`. What was not delivered does not count against its recipient's hour. */
export async function retryLater(db: Db, id: string, owner: string, next: Date, reason: string): Promise<void> {
  await held(db, id, owner)
    .set({ next_attempt_at: next.toISOString(), lease_owner: null, lease_until: null, last_error: reason.slice(0, 500), counted_at: null })
    .execute();
}

/** Refused for good (or out of attempts): kept, with the reason, for staff to see; never retried. */
export async function giveUp(db: Db, id: string, owner: string, reason: string): Promise<void> {
  await held(db, id, owner)
    .set({ status: 'failed', lease_owner: null, lease_until: null, last_error: reason.slice(0, 500), counted_at: null })
    .execute();
}

/**
 * Held back by the per-recipient limit (outbox/recipient-limit.ts): due again at `until`, and the
 * claim's attempt is given back: being held is neither a delivery nor a failure.
 */
export async function holdBack(db: Db, id: string, owner: string, until: Date): Promise<void> {
  await held(db, id, owner)
    .set((eb) => ({
      next_attempt_at: until.toISOString(),
      held_until: until.toISOString(),
      lease_owner: null,
      lease_until: null,
      attempts: eb('attempts', '-', 1),
    }))
    .execute();
}

export interface OutboxCounts {
  pending: number;
  done: number;
  failed: number;
}

export async function outboxCounts(db: Db, topic: OutboxTopic): Promise<OutboxCounts> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', sql<number>`count(*)`.as('n')])
    .where('topic', '=', topic)
    .groupBy('status')
    .execute();
  const counts: OutboxCounts = { pending: 0, done: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** The earliest time a pending entry can be claimed (due, and its lease if any run out). */
export async function nextDueAt(db: Db, topic: OutboxTopic): Promise<string | undefined> {
  const row = await db
    .selectFrom('outbox')
    .select(
      sql<string | null>`min(case when lease_until is not null and lease_until > next_attempt_at then lease_until else next_attempt_at end)`.as('next'),
    )
    .where('topic', '=', topic)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.next ?? undefined;
}
