import type { Kysely, Migration } from 'kysely';

/**
 * Staff sessions end after a while without use (issue 17): `auth_tokens.last_used_at` is when the
 * token last opened a request (null: not since sign-in, so `created_at` counts). Tokens issued
 * before this migration keep their 30-day `expires_at`; they end with the idle limit all the same.
 */
export const sessionIdleExpiry: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('auth_tokens').addColumn('last_used_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('auth_tokens').dropColumn('last_used_at').execute();
  },
};
