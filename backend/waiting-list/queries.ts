import { sql, type Selectable } from 'kysely';
import type { Db, WaitingListTable } from '../db/schema';
import { emailKey } from '../kernel/email';
import { newId } from '../kernel/ids';

/** Reads and writes of the waiting list (backend/waiting-list/service.ts has the flows). db first: they run inside transactions. */
export type WaitingEntry = Selectable<WaitingListTable>;

/** The entries that hold a place in the queue or an offer: one per address and edition (a partial unique index). */
export const OPEN_STATUSES = ['waiting', 'offered'] as const;

/**
 * Puts the address on the edition's list, unless it is on it already (waiting or holding an
 * offer): then nothing changes (ON CONFLICT on the partial unique index, so two joins at once
 * cannot both insert). `created`: whether this call added the entry.
 */
export async function joinWaitingList(
  db: Db,
  input: { edition: string; name: string; email: string; numberOfTickets: number },
  now: string,
): Promise<{ id: string; created: boolean }> {
  const id = newId();
  const inserted = await db
    .insertInto('waiting_list')
    .values({
      id,
      edition: input.edition,
      name: input.name,
      email: emailKey(input.email),
      number_of_tickets: input.numberOfTickets,
      status: 'waiting',
      position: sql<number>`(SELECT COALESCE(MAX(position), 0) + 1 FROM waiting_list WHERE edition = ${input.edition})`,
      created_at: now,
      offered_at: null,
      offer_expires_at: null,
      registration_id: null,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return { id, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}

export async function findEntry(db: Db, id: string): Promise<WaitingEntry | undefined> {
  return db.selectFrom('waiting_list').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The first waiting entry of the edition that asks for at most `free` wristbands (queue order). */
export async function firstWaitingThatFits(db: Db, edition: string, free: number): Promise<WaitingEntry | undefined> {
  let query = db.selectFrom('waiting_list').selectAll().where('edition', '=', edition).where('status', '=', 'waiting');
  if (Number.isFinite(free)) query = query.where('number_of_tickets', '<=', free);
  return query.orderBy('position').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

/** Offers whose time is up, oldest first. */
export async function expiredOffers(db: Db, now: string, limit = 100): Promise<WaitingEntry[]> {
  return db
    .selectFrom('waiting_list')
    .selectAll()
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<=', now)
    .orderBy('offer_expires_at')
    .limit(limit)
    .execute();
}

/** The list's length for the dashboard: entries still waiting, offers open, wristbands asked for. */
export async function waitingListCounts(db: Db, edition: string): Promise<{ waiting: number; offered: number; wristbandsWaiting: number }> {
  const rows = await db
    .selectFrom('waiting_list')
    .select((eb) => ['status', eb.fn.countAll().as('n'), eb.fn.sum<number>('number_of_tickets').as('bands')])
    .where('edition', '=', edition)
    .where('status', 'in', [...OPEN_STATUSES])
    .groupBy('status')
    .execute();
  const of = (status: string) => rows.find((r) => r.status === status);
  return {
    waiting: Number(of('waiting')?.n ?? 0),
    offered: Number(of('offered')?.n ?? 0),
    wristbandsWaiting: Number(of('waiting')?.bands ?? 0),
  };
}

/** Open offers lapsing in (from, until]: those a reminder may be due for. */
export async function offersLapsingBefore(db: Db, from: string, until: string, limit = 200): Promise<WaitingEntry[]> {
  return db
    .selectFrom('waiting_list')
    .selectAll()
    .where('status', '=', 'offered')
    .where('offer_expires_at', '>', from)
    .where('offer_expires_at', '<=', until)
    .orderBy('offer_expires_at')
    .limit(limit)
    .execute();
}

/** Entries of the edition still waiting ahead of `position` (queue order). */
export async function waitingAhead(db: Db, edition: string, position: number): Promise<Array<Pick<WaitingEntry, 'id' | 'email'>>> {
  return db
    .selectFrom('waiting_list')
    .select(['id', 'email'])
    .where('edition', '=', edition)
    .where('status', '=', 'waiting')
    .where('position', '<', position)
    .orderBy('position')
    .execute();
}

/** Entries of the edition still waiting that have no `notice` yet (queue order). */
export async function waitingNotTold(db: Db, edition: string, notice: string, limit: number): Promise<Array<Pick<WaitingEntry, 'id' | 'email'>>> {
  return db
    .selectFrom('waiting_list')
    .select(['id', 'email'])
    .where('edition', '=', edition)
    .where('status', '=', 'waiting')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('waiting_list_notices').select('entry_id').whereRef('waiting_list_notices.entry_id', '=', 'waiting_list.id').where('waiting_list_notices.notice', '=', notice))),
    )
    .orderBy('position')
    .limit(limit)
    .execute();
}

/** The edition's whole list in queue order, for staff. */
export async function listEntries(db: Db, edition: string): Promise<WaitingEntry[]> {
  return db.selectFrom('waiting_list').selectAll().where('edition', '=', edition).orderBy('position').orderBy('created_at').orderBy('id').execute();
}
