import type { Kysely, Migration } from 'kysely';

/**
 * The first schema. Only types and constraints both SQLite and PostgreSQL understand, built with
 * Kysely's schema builder so the SQL comes out right for each.
 */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('content_blocks')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('programs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('left_label', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('subtitle', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('podcasts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('youtube_url', 'text')
      .addColumn('spotify_url', 'text')
      .addColumn('description', 'text')
      .addColumn('duration', 'text')
      .execute();

    await db.schema
      .createTable('highlights')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('excerpt', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('read_time', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('category_slug', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('highlights_category_slug_idx').on('highlights').columns(['category_slug', 'date']).execute();

    await db.schema
      .createTable('newsletter_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('registrations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ticket_reference', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('number_of_tickets', 'integer', (c) => c.notNull())
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('counters')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('used', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('partnerships')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('organization', 'text')
      .addColumn('proposal', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('donations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('amount_kobo', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('street', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('zipcode', 'text', (c) => c.notNull())
      .addColumn('card_holder', 'text', (c) => c.notNull())
      .addColumn('card_last4', 'text', (c) => c.notNull())
      .addColumn('card_brand', 'text', (c) => c.notNull())
      .addColumn('gateway', 'text', (c) => c.notNull())
      .addColumn('gateway_reference', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('volunteer_applications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('availability', 'text', (c) => c.notNull())
      .addColumn('message', 'text')
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('staff_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('auth_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['endpoint', 'key'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'idempotency_keys',
      'auth_tokens',
      'staff_users',
      'volunteer_applications',
      'donations',
      'partnerships',
      'counters',
      'registrations',
      'newsletter_subscriptions',
      'highlights',
      'podcasts',
      'programs',
      'content_blocks',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
