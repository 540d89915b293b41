import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Publishing reports from the staff area (issue 17):
 * - `highlights` gains its editorial state: `status` ('draft' | 'published'; reports that existed
 *   before this migration were public, so they are 'published'), the Markdown the staff wrote
 *   (`body_markdown`; `content` keeps the sanitised HTML the public API serves), the `featured`
 *   flag (0/1: portable), the image's alt text, and when it was created, changed and first
 *   published (`published_at` also freezes the slug: links shared after publishing keep working).
 * - `media`: uploaded images, processed (backend/reports/process-image.ts) and kept in the database as
 *   bytes, so every instance serves them and they survive a restart or a redeploy (Vercel has no
 *   persistent disk). `blob` on SQLite, `bytea` on PostgreSQL: the one column type that differs.
 */
export const reportPublishing: Migration = {
  async up(db: Kysely<unknown>) {
    const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
    await db.schema.alterTable('highlights').addColumn('status', 'text', (c) => c.notNull().defaultTo('published')).execute();
    await db.schema.alterTable('highlights').addColumn('body_markdown', 'text').execute();
    await db.schema.alterTable('highlights').addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('highlights').addColumn('image_alt', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('highlights').addColumn('created_at', 'text').execute();
    await db.schema.alterTable('highlights').addColumn('updated_at', 'text').execute();
    await db.schema.alterTable('highlights').addColumn('published_at', 'text').execute();
    // Existing reports: published on their own date, so their slugs are frozen like any published one.
    await sql`update highlights set published_at = date, created_at = date, updated_at = date`.execute(db);
    await db.schema.createIndex('highlights_status_date_idx').on('highlights').columns(['status', 'date']).execute();

    await db.schema
      .createTable('media')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('bytes', bytesType, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('media').ifExists().execute();
    await db.schema.dropIndex('highlights_status_date_idx').ifExists().execute();
    for (const column of ['published_at', 'updated_at', 'created_at', 'image_alt', 'featured', 'body_markdown', 'status']) {
      await db.schema.alterTable('highlights').dropColumn(column).execute();
    }
  },
};
