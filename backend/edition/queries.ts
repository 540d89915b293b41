import type { EditionSettings } from '@/contract/edition';
import type { Db } from '../db/schema';

const ROW_ID = 'current';

/** What staff set at /staff/edition, when they have. */
export async function readStoredEdition(db: Db): Promise<(EditionSettings & { updatedAt: string; updatedBy: string }) | undefined> {
  const row = await db.selectFrom('edition_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
  if (!row) return undefined;
  return {
    key: row.edition_key,
    name: row.edition_name,
    number: row.edition_number === null ? null : Number(row.edition_number),
    startDate: row.start_date,
    endDate: row.end_date,
    venue: row.venue,
    capacity: row.capacity === null ? null : Number(row.capacity),
    registrationOpensAt: row.registration_opens_at,
    registrationClosesAt: row.registration_closes_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

export interface StoredEditionInput {
  /** The edition's identity (backend/admin/edition.ts decides it on a save); null or unset: the start date's year. */
  key?: string | null | undefined;
  /** What copy calls the edition; null or unset: its default name. */
  name?: string | null | undefined;
  /** Its number in the series; null or unset: counted from the first festival's year. */
  number?: number | null | undefined;
  startDate: string;
  endDate: string;
  venue: string;
  capacity: number | null;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
}

/** Saves the whole edition (one row, replaced). */
export async function storeEdition(db: Db, input: StoredEditionInput, by: string, now: string): Promise<void> {
  const values = {
    edition_key: input.key ?? null,
    edition_name: input.name ?? null,
    edition_number: input.number ?? null,
    start_date: input.startDate,
    end_date: input.endDate,
    venue: input.venue,
    capacity: input.capacity,
    registration_opens_at: input.registrationOpensAt,
    registration_closes_at: input.registrationClosesAt,
    updated_at: now,
    updated_by: by,
  };
  await db
    .insertInto('edition_settings')
    .values({ id: ROW_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** Back to the server's configuration (/staff/edition's "Back to configuration"). */
export async function deleteStoredEdition(db: Db): Promise<void> {
  await db.deleteFrom('edition_settings').where('id', '=', ROW_ID).execute();
}
