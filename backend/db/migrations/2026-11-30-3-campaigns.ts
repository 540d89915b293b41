import type { Kysely, Migration } from 'kysely';

/**
 * Newsletter campaigns (issue 31, backend/newsletter/campaigns/):
 * - `newsletter_campaigns`: a subject and a Markdown body, written by an admin; `status` goes
 *   draft → sending → sent, once (the send is one conditional UPDATE from 'draft'). When sending
 *   starts, `recipient_count` is how many confirmed subscribers it goes to; `queue_cursor` is the
 *   last address queued so far (recipients are queued a batch at a time, in address order) and
 *   `queued_all_at` is set once every one is queued. `created_by` and `sent_by` are staff ids.
 * - `campaign_recipients`: one row per address queued, its outbox entry beside it. The primary key
 *   (campaign_id, email) means no address is ever queued twice for one campaign.
 * - an index on the outbox's (kind, counted_at): the campaign mails let through in the last minute
 *   are counted there for NEWSLETTER_RATE_PER_MINUTE (backend/outbox/recipient-limit.ts).
 */
export const campaigns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('newsletter_campaigns')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('sending_started_at', 'text')
      .addColumn('sent_by', 'text')
      .addColumn('recipient_count', 'integer')
      .addColumn('queue_cursor', 'text')
      .addColumn('queued_all_at', 'text')
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('newsletter_campaigns_status').on('newsletter_campaigns').columns(['status', 'created_at']).execute();
    await db.schema
      .createTable('campaign_recipients')
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('outbox_id', 'text', (c) => c.notNull())
      .addColumn('queued_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('campaign_recipients_pk', ['campaign_id', 'email'])
      .execute();
    await db.schema.createIndex('campaign_recipients_email').on('campaign_recipients').column('email').execute();
    await db.schema.createIndex('outbox_kind_counted').on('outbox').columns(['kind', 'counted_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('outbox_kind_counted').ifExists().execute();
    await db.schema.dropTable('campaign_recipients').ifExists().execute();
    await db.schema.dropTable('newsletter_campaigns').ifExists().execute();
  },
};
