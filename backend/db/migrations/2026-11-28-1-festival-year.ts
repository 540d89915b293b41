import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The festival's year (issue 28).
 * - `edition_settings`: what staff set at /staff/edition (one row, id 'current'); when present it
 *   is the whole edition (a null column takes the default rule, contract/edition.ts), read on every
 *   request so a change is effective at once on every instance.
 * - `registrations.edition`: the start date of the edition a registration is for (earlier
 *   editions' tickets are refused at the gate); rows from before it are adopted by the first
 *   edition that counts its wristbands (backend/edition/counter.ts). `cancelled_at`: the visitor
 *   gave the wristbands back ("I can't come").
 * - `waiting_list`: first come, first served per edition; an offer holds its places in the
 *   edition's counter until it is taken or lapses. Its link's token is signed (an HMAC of the id and
 *   `offered_at` under the server secret, backend/waiting-list/links.ts), so nothing secret is
 *   stored. One open entry (waiting or offered) per address and edition: a partial unique index.
 */
export const festivalYear: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('edition_settings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('venue', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer')
      .addColumn('registration_opens_at', 'text')
      .addColumn('registration_closes_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('registrations').addColumn('edition', 'text').execute();
    await db.schema.alterTable('registrations').addColumn('cancelled_at', 'text').execute();
    await db.schema.createIndex('registrations_edition_idx').on('registrations').column('edition').execute();
    await db.schema
      .createTable('waiting_list')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('edition', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('number_of_tickets', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('offered_at', 'text')
      .addColumn('offer_expires_at', 'text')
      .addColumn('registration_id', 'text')
      .execute();
    await db.schema.createIndex('waiting_list_queue_idx').on('waiting_list').columns(['edition', 'status', 'position']).execute();
    await db.schema
      .createIndex('waiting_list_open_email_idx')
      .on('waiting_list')
      .columns(['edition', 'email'])
      .unique()
      .where(sql.ref('status'), 'in', ['waiting', 'offered'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('waiting_list').ifExists().execute();
    await db.schema.dropIndex('registrations_edition_idx').ifExists().execute();
    await db.schema.alterTable('registrations').dropColumn('cancelled_at').execute();
    await db.schema.alterTable('registrations').dropColumn('edition').execute();
    await db.schema.dropTable('edition_settings').ifExists().execute();
  },
};
