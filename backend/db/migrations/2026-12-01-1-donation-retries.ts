import type { Kysely, Migration } from 'kysely';

/**
 * Retries of a declined or abandoned donation (issue 42), counted in the database so every
 * instance sees the same count:
 * - `retry_of`: on a checkout opened by "Try again", the id of the donation first made (every
 *   retry of a retry names that same first one); null on a first donation. Its index counts a
 *   donation's retries in the last hour.
 * - `retry_claimed_at`: on the first donation, while one request opens a retry for it (a
 *   conditional UPDATE takes it, so concurrent retries open one checkout, not six); null otherwise.
 */
export const donationRetries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('donations').addColumn('retry_of', 'text').execute();
    await db.schema.alterTable('donations').addColumn('retry_claimed_at', 'text').execute();
    await db.schema.createIndex('donations_retry_of_created_idx').on('donations').columns(['retry_of', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('donations_retry_of_created_idx').ifExists().execute();
    for (const column of ['retry_claimed_at', 'retry_of']) await db.schema.alterTable('donations').dropColumn(column).execute();
  },
};
