import { randomUUID } from 'node:crypto';
import type { Db } from '../schema';

/**
 * Stored answers for requests that carried an Idempotency-Key (see routes/forms.ts).
 *
 * A request first reserves its key with a random claim (status 0). Its answer is recorded only by
 * the holder of that claim, and in the same transaction as the row the answer describes
 * (completeIdempotencyKey takes the transaction), so a key and its row are stored together or not
 * at all. A reservation older than STALE_MS belonged to a request that died: a retry takes it over
 * with a new claim, and the dead request, should it wake up, can no longer record anything.
 */
export type Reservation =
  | { kind: 'reserved'; claim: string; takenOver: boolean }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' };

/** An unfinished reservation older than this belonged to a request that died; it may be taken over. */
export const STALE_MS = 2 * 60_000;

export async function reserveIdempotencyKey(
  db: Db,
  endpoint: string,
  key: string,
  fingerprint: string,
  now = new Date(),
): Promise<Reservation> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = randomUUID();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ endpoint, key, fingerprint, status: 0, body: null, created_at: now.toISOString(), claim })
      .onConflict((oc) => oc.columns(['endpoint', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'reserved', claim, takenOver: false };

    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue; // released between our insert and select: try again
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.status > 0 && row.body !== null) return { kind: 'replay', status: row.status, body: row.body };
    if (now.getTime() - Date.parse(row.created_at) <= STALE_MS) return { kind: 'in-flight' };

    // Take the dead request's reservation over, unless someone else just did.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ claim, created_at: now.toISOString() })
      .where('endpoint', '=', endpoint)
      .where('key', '=', key)
      .where('status', '=', 0)
      .where('created_at', '=', row.created_at)
      .where('claim', row.claim === null ? 'is' : '=', row.claim)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) > 0) return { kind: 'reserved', claim, takenOver: true };
  }
  return { kind: 'in-flight' };
}

/**
 * Records the answer, if `claim` still holds the key. Pass the transaction that writes the row the
 * answer describes. Returns false when the key was taken over (then roll that transaction back).
 */
export async function completeIdempotencyKey(db: Db, endpoint: string, key: string, claim: string, status: number, body: string): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ status, body })
    .where('endpoint', '=', endpoint)
    .where('key', '=', key)
    .where('claim', '=', claim)
    .where('status', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives an unfinished reservation up (the request failed in a way a retry may fix). */
export async function releaseIdempotencyKey(db: Db, endpoint: string, key: string, claim: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('endpoint', '=', endpoint)
    .where('key', '=', key)
    .where('claim', '=', claim)
    .where('status', '=', 0)
    .execute();
}

/** The stored answer for a key, if one was recorded. */
export async function storedAnswer(db: Db, endpoint: string, key: string): Promise<{ status: number; body: string } | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['status', 'body'])
    .where('endpoint', '=', endpoint)
    .where('key', '=', key)
    .executeTakeFirst();
  return row && row.status > 0 && row.body !== null ? { status: row.status, body: row.body } : undefined;
}
