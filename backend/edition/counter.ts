import { sql } from 'kysely';
import type { Db } from '../db/schema';

/**
 * Each edition's wristbands are counted in its own `counters` row, `registrations:<key>` (`edition`
 * below is always the edition's key, contract/edition.ts, so moving its dates keeps the count):
 * registered wristbands (not given back) plus those held by open waiting-list offers. Every claim
 * is one conditional UPDATE of that row (`used + n <= capacity`), so it stays exact under
 * concurrent requests on PostgreSQL (the row lock queues them, and a waiting claim re-checks
 * against the committed value) and on SQLite (one writer at a time).
 */
export const editionCounter = (edition: string): string => `registrations:${edition}`;

/**
 * Creates the edition's row the first time it is needed, from what is stored. Registrations from
 * before editions were recorded (edition null) are adopted by the first edition that counts: the
 * one in force when this code first ran. Idempotent; safe under concurrency (ON CONFLICT).
 */
export async function ensureEditionCounter(db: Db, edition: string): Promise<void> {
  const name = editionCounter(edition);
  const existing = await db.selectFrom('counters').select('used').where('name', '=', name).executeTakeFirst();
  if (existing) return;
  await db.updateTable('registrations').set({ edition }).where('edition', 'is', null).execute();
  await sql`
    INSERT INTO counters (name, used)
    SELECT ${name}, COALESCE(SUM(number_of_tickets), 0) FROM registrations
    WHERE edition = ${edition} AND cancelled_at IS NULL
    ON CONFLICT (name) DO NOTHING
  `.execute(db);
}

/** Claims `n` places if they fit under `capacity` (null: no limit). False: they do not. */
export async function claimPlaces(db: Db, edition: string, n: number, capacity: number | null): Promise<boolean> {
  await ensureEditionCounter(db, edition);
  let claim = db
    .updateTable('counters')
    .set((eb) => ({ used: eb('used', '+', n) }))
    .where('name', '=', editionCounter(edition));
  if (capacity !== null) claim = claim.where('used', '<=', capacity - n);
  const claimed = await claim.executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Gives `n` places back (a cancellation, a lapsed offer, a deleted registration). */
export async function releasePlaces(db: Db, edition: string, n: number): Promise<void> {
  await ensureEditionCounter(db, edition);
  await db
    .updateTable('counters')
    .set((eb) => ({ used: sql<number>`CASE WHEN ${eb.ref('used')} > ${n} THEN ${eb.ref('used')} - ${n} ELSE 0 END` }))
    .where('name', '=', editionCounter(edition))
    .execute();
}

/** Places taken or held for the edition. */
export async function placesUsed(db: Db, edition: string): Promise<number> {
  // One read on every page view (GET /api/edition/); the row is made only the first time.
  const read = () => db.selectFrom('counters').select('used').where('name', '=', editionCounter(edition)).executeTakeFirst();
  let row = await read();
  if (!row) {
    await ensureEditionCounter(db, edition);
    row = await read();
  }
  return Number(row?.used ?? 0);
}

/**
 * Takes the edition's counter row lock first (PostgreSQL: a no-op UPDATE holds it until the
 * transaction ends). Every flow that touches both the counter and a waiting-list row takes the
 * counter first, so two of them never wait on each other in opposite order.
 */
export async function lockCounter(db: Db, edition: string): Promise<void> {
  await ensureEditionCounter(db, edition);
  await db
    .updateTable('counters')
    .set((eb) => ({ used: eb.ref('used') }))
    .where('name', '=', editionCounter(edition))
    .execute();
}
