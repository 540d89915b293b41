import type { Kysely, Migration } from 'kysely';

/**
 * Content as entries (issue 40, contract/content/kinds.ts): one row per entry of a kind (a team
 * member, an FAQ item, the about page's mission and vision), with the draft staff edit and the
 * version the public sees (`published`, null until first published), and its place in the list.
 * `content_seeds` records which kinds were filled from the fallbacks, so a kind is seeded once: a
 * list staff emptied stays empty after a restart.
 */
export const contentEntries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('content_entries')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('draft', 'text', (c) => c.notNull())
      .addColumn('published', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addPrimaryKeyConstraint('content_entries_pk', ['kind', 'id'])
      .execute();
    await db.schema.createIndex('content_entries_kind_position_idx').on('content_entries').columns(['kind', 'position']).execute();
    await db.schema
      .createTable('content_seeds')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .addColumn('seeded_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('content_seeds').ifExists().execute();
    await db.schema.dropTable('content_entries').ifExists().execute();
  },
};
