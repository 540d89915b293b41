import type { Kysely, Migration } from 'kysely';

/**
 * Tickets and mail (issue "tickets that get you in"):
 * - `server_secrets`: secrets the backend generates once when not configured (the ticket HMAC key),
 *   kept in the database so every instance on one PostgreSQL signs and checks alike;
 * - `outbox`: work owed to the outside world: every mail (topic 'mail'), written in the transaction
 *   of the row it confirms, and sign-ups the site relays to an unreachable backend (topic 'relay').
 *   Any instance may drain it: each entry is claimed with a lease (backend/outbox/queue.ts), so two
 *   drainers never deliver one entry, and a crashed drainer's lease runs out for another to retry;
 * - `registrations.checked_in_at/_by`: gate check-in, set once by a conditional UPDATE.
 */
export const ticketsAndMail: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('outbox_due').on('outbox').columns(['topic', 'status', 'next_attempt_at']).execute();
    await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'kind', 'created_at']).execute();

    await db.schema.alterTable('registrations').addColumn('checked_in_at', 'text').execute();
    await db.schema.alterTable('registrations').addColumn('checked_in_by', 'text').execute();
    await db.schema.createIndex('registrations_email').on('registrations').column('email').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('registrations_email').ifExists().execute();
    await db.schema.alterTable('registrations').dropColumn('checked_in_by').execute();
    await db.schema.alterTable('registrations').dropColumn('checked_in_at').execute();
    await db.schema.dropTable('outbox').ifExists().execute();
    await db.schema.dropTable('server_secrets').ifExists().execute();
  },
};
