import { sql, type Kysely, type Migration } from 'kysely';
import { proposalDeadline } from '@/contract/business-days';

const ITEM_TABLES = ['partnerships', 'volunteer_applications', 'contact_messages'] as const;

/**
 * The staff inbox (issue 31):
 * - `status` on partnership proposals, volunteer applications and contact messages: new, in
 *   progress, accepted, declined or done; every existing row starts as new.
 * - `partnerships.due_at`: the end of the proposal's fifth Lagos working day (contract/
 *   business-days.ts), fixed when it arrives; existing rows get theirs from created_at.
 * - `inbox_entries`: the internal notes and the replies of every item, keyed by (item_kind,
 *   item_id), with their author and time. A reply also records its outbox entry (the mail) and the
 *   reply form's token (`request_key`, unique): a form sent twice stores one reply, sends one mail.
 */
export const inbox: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ITEM_TABLES) {
      await db.schema.alterTable(table).addColumn('status', 'text', (c) => c.notNull().defaultTo('new')).execute();
    }
    await db.schema.alterTable('partnerships').addColumn('due_at', 'text').execute();
    const rows = await sql<{ id: string; created_at: string }>`select id, created_at from partnerships`.execute(db);
    for (const row of rows.rows) {
      const created = new Date(row.created_at);
      if (Number.isNaN(created.getTime())) continue;
      await sql`update partnerships set due_at = ${proposalDeadline(created)} where id = ${row.id}`.execute(db);
    }

    await db.schema
      .createTable('inbox_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('item_kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('author_id', 'text')
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('author_email', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('outbox_id', 'text')
      .addColumn('request_key', 'text')
      .execute();
    await db.schema.createIndex('inbox_entries_item_idx').on('inbox_entries').columns(['item_kind', 'item_id', 'created_at']).execute();
    await db.schema.createIndex('inbox_entries_request_key_idx').on('inbox_entries').column('request_key').unique().execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('inbox_entries_request_key_idx').ifExists().execute();
    await db.schema.dropIndex('inbox_entries_item_idx').ifExists().execute();
    await db.schema.dropTable('inbox_entries').ifExists().execute();
    await db.schema.alterTable('partnerships').dropColumn('due_at').execute();
    for (const table of ITEM_TABLES) await db.schema.alterTable(table).dropColumn('status').execute();
  },
};
