import { sql } from 'kysely';
import type { Db, DbDialect } from '../db/schema';
import { newId } from '../kernel/ids';

/** The quota's window: MEDIA_UPLOADS_PER_HOUR counts the images sent in the last hour. */
export const UPLOAD_QUOTA_WINDOW_MS = 60 * 60_000;

export type UploadClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Claims one of a staff member's uploads for the last hour (table `media_uploads`, migration
 * 2026-11-26-3), in the database so that every instance counts against the one limit. `max` 0: no
 * limit.
 *
 * Count and insert share a transaction that holds the staff member's claims one at a time: SQLite
 * takes its write lock at BEGIN (backend/db/connect.ts), PostgreSQL a transaction-scoped advisory
 * lock on the member, so parallel uploads on any number of instances get exactly `max` places. A
 * claim is made before the image is decoded, so an image refused once read (not an image, too many
 * pixels) has used its place too: decoding is the cost the limit bounds.
 */
export async function claimUpload(db: Db, dialect: DbDialect, staffId: string, max: number, now = new Date()): Promise<UploadClaim> {
  if (max <= 0) return { allowed: true };
  const since = new Date(now.getTime() - UPLOAD_QUOTA_WINDOW_MS).toISOString();
  return db.transaction().execute(async (trx): Promise<UploadClaim> => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`media-upload:${staffId}`}))`.execute(trx);
    // This member's rows that left the window count no more (the drain's sweep takes everyone's).
    await trx.deleteFrom('media_uploads').where('staff_id', '=', staffId).where('created_at', '<=', since).execute();
    const row = await trx
      .selectFrom('media_uploads')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('staff_id', '=', staffId)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= max) {
      const freesAt = Date.parse(String(row.oldest)) + UPLOAD_QUOTA_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) };
    }
    await trx.insertInto('media_uploads').values({ id: newId(), staff_id: staffId, created_at: now.toISOString() }).execute();
    return { allowed: true };
  });
}

/** Every member's rows that left the window (the drain's sweep); the number deleted. */
export async function forgetOldUploads(db: Db, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - UPLOAD_QUOTA_WINDOW_MS).toISOString();
  const result = await db.deleteFrom('media_uploads').where('created_at', '<=', since).executeTakeFirst();
  return Number(result.numDeletedRows);
}
