import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Double opt-in for the newsletter (issue 31): `confirmed_at` is when the address confirmed through
 * its signed link, the consent record (NDPA 2023). Only confirmed, not unsubscribed addresses
 * receive campaigns. Addresses subscribed before this change count as confirmed: their
 * `confirmed_at` is the time they subscribed.
 */
export const newsletterOptIn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('newsletter_subscriptions').addColumn('confirmed_at', 'text').execute();
    await sql`update newsletter_subscriptions set confirmed_at = created_at`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('newsletter_subscriptions').dropColumn('confirmed_at').execute();
  },
};
