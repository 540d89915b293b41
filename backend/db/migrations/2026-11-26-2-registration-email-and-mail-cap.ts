import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 32 (hardening):
 * - registrations are found by their canonical address, `lower(trim(email))`: one address holds at
 *   most REGISTRATIONS_PER_EMAIL registrations (backend/tickets/registrations.ts), and rows stored before
 *   addresses were canonical count too. An expression index serves that look-up on SQLite (3.9+)
 *   and PostgreSQL alike. Not unique: the limit is a setting, and older databases may hold repeats.
 * - the outbox caps the mail one address is sent per hour (MAIL_PER_RECIPIENT_PER_HOUR,
 *   backend/outbox/recipient-limit.ts): `counted_at` is when a delivery of the entry was let
 *   through (it counts against the recipient's hour; cleared again when that attempt failed),
 *   `held_until` is set while the entry waits for the recipient's hour to allow it. Mail delivered
 *   before this migration counts from its `sent_at`.
 */
export const registrationEmailAndMailCap: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('registrations_email_canonical').on('registrations').expression(sql`lower(trim(email))`).execute();
    await db.schema.alterTable('outbox').addColumn('counted_at', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('held_until', 'text').execute();
    await sql`UPDATE outbox SET counted_at = sent_at WHERE sent_at IS NOT NULL`.execute(db);
    await db.schema.createIndex('outbox_recipient_counted').on('outbox').columns(['recipient', 'counted_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('outbox_recipient_counted').ifExists().execute();
    await db.schema.alterTable('outbox').dropColumn('held_until').execute();
    await db.schema.alterTable('outbox').dropColumn('counted_at').execute();
    await db.schema.dropIndex('registrations_email_canonical').ifExists().execute();
  },
};
