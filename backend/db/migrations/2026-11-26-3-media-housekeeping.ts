import type { Kysely, Migration } from 'kysely';

/**
 * Media housekeeping (issue 32):
 * - `media_uploads`: one row per image a staff member sent in the last hour, so every instance
 *   counts against one MEDIA_UPLOADS_PER_HOUR (backend/media/upload-quota.ts). Rows older than
 *   the hour are deleted as they are passed over, and by the drain's media sweep.
 * - an index on `media (created_at, id)`: the sweep (backend/media/sweep.ts) lists the old images'
 *   ids from it without reading the rows, whose bytes SQLite keeps in line (a scan of the table
 *   would read every image).
 */
export const mediaHousekeeping: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('media_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('media_uploads_staff_created_idx').on('media_uploads').columns(['staff_id', 'created_at']).execute();
    await db.schema.createIndex('media_created_at_idx').on('media').columns(['created_at', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('media_created_at_idx').ifExists().execute();
    await db.schema.dropIndex('media_uploads_staff_created_idx').ifExists().execute();
    await db.schema.dropTable('media_uploads').ifExists().execute();
  },
};
