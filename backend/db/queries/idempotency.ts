import type { Db } from '../schema';

/** Stored answers for requests that carried an Idempotency-Key (see routes/forms.ts). */
export type Reservation =
  | { kind: 'reserved' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' };

/** An unfinished reservation older than this belonged to a request that died; it may be taken over. */
const STALE_MS = 2 * 60_000;

export async function reserveIdempotencyKey(
  db: Db,
  endpoint: string,
  key: string,
  fingerprint: string,
  now = new Date(),
): Promise<Reservation> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ endpoint, key, fingerprint, status: 0, body: null, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['endpoint', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'reserved' };

    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue; // released between our insert and select: try again
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.status > 0 && row.body !== null) return { kind: 'replay', status: row.status, body: row.body };
    if (now.getTime() - Date.parse(row.created_at) > STALE_MS) {
      await releaseIdempotencyKey(db, endpoint, key);
      continue;
    }
    return { kind: 'in-flight' };
  }
  return { kind: 'in-flight' };
}

export async function completeIdempotencyKey(db: Db, endpoint: string, key: string, status: number, body: string) {
  await db
    .updateTable('idempotency_keys')
    .set({ status, body })
    .where('endpoint', '=', endpoint)
    .where('key', '=', key)
    .execute();
}

export async function releaseIdempotencyKey(db: Db, endpoint: string, key: string) {
  await db.deleteFrom('idempotency_keys').where('endpoint', '=', endpoint).where('key', '=', key).execute();
}
