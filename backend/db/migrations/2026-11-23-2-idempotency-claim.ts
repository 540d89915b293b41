import type { Kysely, Migration } from 'kysely';

/**
 * Who holds an unfinished Idempotency-Key: a random claim written when a request reserves the key
 * (or takes over one whose request died). Only the holder of the claim can record the answer, in
 * the same transaction as the row it protects, so a request that outlived the stale window can
 * never commit next to the retry that took its key over. Existing rows keep a NULL claim.
 */
export const idempotencyClaim: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('claim', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').dropColumn('claim').execute();
  },
};
