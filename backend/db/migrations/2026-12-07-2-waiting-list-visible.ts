import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A waiting list people can see (issue 43):
 * - `waiting_list.offer_reason`: why the entry's offer was made ('given-back', 'capacity' or
 *   'staff'), so its mail says the right reason; `offers_made`: how many offers the entry has had
 *   (an offer made again by hand counts). Entries offered before this change count one offer.
 * - `waiting_list_notices`: the mails sent once per entry (told it was skipped, told registration
 *   closed, one reminder per offer). The primary key is the "once": two drainers inserting the same
 *   notice at the same moment store one row, and only the one that stored it queues the mail.
 * Columns added one a statement (SQLite's ALTER TABLE adds one at a time).
 */
export const waitingListVisible: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('waiting_list').addColumn('offer_reason', 'text').execute();
    await db.schema
      .alterTable('waiting_list')
      .addColumn('offers_made', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE waiting_list SET offers_made = 1, offer_reason = 'given-back' WHERE offered_at IS NOT NULL`.execute(db);
    await db.schema
      .createTable('waiting_list_notices')
      .addColumn('entry_id', 'text', (c) => c.notNull())
      .addColumn('notice', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('waiting_list_notices_pk', ['entry_id', 'notice'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('waiting_list_notices').ifExists().execute();
    // Withdrawn offers become lapsed ones: the older code knows no 'withdrawn'.
    await sql`UPDATE waiting_list SET status = 'lapsed' WHERE status = 'withdrawn'`.execute(db);
    await db.schema.alterTable('waiting_list').dropColumn('offers_made').execute();
    await db.schema.alterTable('waiting_list').dropColumn('offer_reason').execute();
  },
};
