import type { Kysely, Migration } from 'kysely';

/**
 * Visitor information and data protection (issue 16):
 * - `contact_messages`: what the /contact form sends (name, email, topic, message);
 * - `newsletter_subscriptions.unsubscribed_at`: when the address unsubscribed (a signed link or the
 *   RFC 8058 one-click POST). The row is kept so the unsubscribe is honoured (the export leaves it
 *   out, mail builders check it); subscribing again clears it. A data request deletes the row.
 */
export const contactAndUnsubscribe: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('contact_messages_email').on('contact_messages').column('email').execute();
    await db.schema.alterTable('newsletter_subscriptions').addColumn('unsubscribed_at', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('newsletter_subscriptions').dropColumn('unsubscribed_at').execute();
    await db.schema.dropIndex('contact_messages_email').ifExists().execute();
    await db.schema.dropTable('contact_messages').ifExists().execute();
  },
};
