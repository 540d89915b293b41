import type { Kysely, Migration } from 'kysely';

/**
 * Announcements to ticket holders, the reminder and the thank-you (issue 43):
 * - `newsletter_campaigns` becomes every audience's campaigns (backend/campaigns/): `audience`
 *   ('newsletter' for every row so far, 'ticket-holders'), `audience_key` (what the audience was
 *   fixed to when sending started: the edition's key for ticket holders) and `purpose` (null: written
 *   by staff; 'reminder' or 'thanks': started by the drain, under an id derived from the edition
 *   and the purpose, so each is started once per edition and each holder gets it once:
 *   campaign_recipients' primary key).
 * - `holder_mailings`: the staff's settings of the reminder and the thank-you (on or off, the
 *   days before the first day, the subject and the Markdown text); no row: the defaults
 *   (contract/api/campaigns.ts HOLDER_MAILING_DEFAULTS).
 */
export const announcements: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('newsletter_campaigns').addColumn('audience', 'text', (c) => c.notNull().defaultTo('newsletter')).execute();
    await db.schema.alterTable('newsletter_campaigns').addColumn('audience_key', 'text').execute();
    await db.schema.alterTable('newsletter_campaigns').addColumn('purpose', 'text').execute();
    await db.schema.createIndex('newsletter_campaigns_audience').on('newsletter_campaigns').columns(['audience', 'created_at']).execute();
    await db.schema
      .createTable('holder_mailings')
      .addColumn('purpose', 'text', (c) => c.primaryKey())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('days_before', 'integer', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('holder_mailings').ifExists().execute();
    await db.schema.dropIndex('newsletter_campaigns_audience').ifExists().execute();
    await db.schema.alterTable('newsletter_campaigns').dropColumn('purpose').execute();
    await db.schema.alterTable('newsletter_campaigns').dropColumn('audience_key').execute();
    await db.schema.alterTable('newsletter_campaigns').dropColumn('audience').execute();
  },
};
