import type { Kysely, Migration } from 'kysely';

/**
 * Rate limits in the database (issue "many instances"): one row per client key holding the count
 * of its current fixed window, so every instance on one PostgreSQL shares one limit
 * (backend/kernel/rate-limit.ts createDbRateLimiter). `window_start` is in epoch milliseconds
 * (bigint); the index serves the occasional sweep of ended windows.
 */
export const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('rate_limits_window_start').ifExists().execute();
    await db.schema.dropTable('rate_limits').ifExists().execute();
  },
};
