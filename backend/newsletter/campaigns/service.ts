import { sql } from 'kysely';
import type { CampaignInput } from '@/contract/api/campaigns';
import { recordAudit } from '../../audit/log';
import type { Db } from '../../db/schema';
import { newId } from '../../kernel/ids';
import { newsletterCampaignMail } from '../campaign-mail';
import { enqueue, enqueueMany } from '../../outbox/queue';
import type { StaffUser } from '../../kernel/deps';
import { audienceQuery, campaignRow } from './queries';

/**
 * Newsletter campaigns (issue 31): an admin writes a subject and a Markdown body, sends a test to
 * their own address, then sends it to every confirmed subscriber, once.
 *
 * - Once: `startSending` is one conditional UPDATE from 'draft' to 'sending'. A second press, or a
 *   second request racing the first (another instance), finds no draft and is told so; nothing
 *   more is queued.
 * - In batches: a request never queues the whole list (50,000 outbox rows in one Vercel request).
 *   The send queues the first CAMPAIGN_BATCH addresses; the drain's housekeeping
 *   (`advanceCampaigns`, backend/start.ts) queues the next whenever fewer than a batch still wait.
 *   Each batch first moves the campaign's cursor with a conditional UPDATE (the write lock on
 *   SQLite, the row lock on PostgreSQL), so two instances never queue the same addresses; and
 *   `campaign_recipients`' primary key keeps any address from being queued twice regardless.
 * - Throttled and checked at delivery: each recipient is one outbox entry of the newsletterCampaign
 *   kind, which the drain sends at NEWSLETTER_RATE_PER_MINUTE across instances and which checks at
 *   delivery that the address is still subscribed.
 * - Sent: once every address is queued and none of its mails waits any more.
 */
export const CAMPAIGN_BATCH = 250;

export class CampaignNotFoundError extends Error {}
export class CampaignNotDraftError extends Error {}

const preview = (subject: string) => `“${subject.length > 80 ? `${subject.slice(0, 79)}…` : subject}”`;

export async function createCampaign(db: Db, staff: StaffUser, input: CampaignInput, now = new Date()): Promise<string> {
  const id = newId();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('newsletter_campaigns')
      .values({ id, subject: input.subject, body: input.body, status: 'draft', created_by: staff.id, created_at: at, updated_at: at })
      .execute();
    await recordAudit(trx, staff, { action: 'campaign.create', targetType: 'campaign', targetId: id, summary: `Newsletter draft ${preview(input.subject)}` }, now);
  });
  return id;
}

/** A draft's subject and body; a campaign sent (or being sent) is not changed. */
export async function updateCampaign(db: Db, staff: StaffUser, id: string, input: CampaignInput, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('newsletter_campaigns')
      .set({ subject: input.subject, body: input.body, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw (await campaignRow(trx, id)) ? new CampaignNotDraftError() : new CampaignNotFoundError();
    await recordAudit(trx, staff, { action: 'campaign.update', targetType: 'campaign', targetId: id, summary: `Newsletter draft ${preview(input.subject)} changed` }, now);
  });
}

/** One mail of the campaign as it is now to the admin's own address, marked as a test. */
export async function sendTest(db: Db, staff: StaffUser, id: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const campaign = await campaignRow(trx, id);
    if (!campaign) throw new CampaignNotFoundError();
    await enqueue(trx, newsletterCampaignMail.entry(staff.email, { campaignId: id, test: true }), now);
    await recordAudit(trx, staff, { action: 'campaign.test', targetType: 'campaign', targetId: id, summary: `Test of ${preview(campaign.subject)} sent to its author’s own address` }, now);
  });
}

/**
 * Draft → sending, at most once: the number of confirmed subscribers is fixed at this moment
 * (those who confirm later are not added), and the first batch is queued. The second caller gets
 * CampaignNotDraftError. Answers how many the campaign goes to.
 */
export async function startSending(db: Db, staff: StaffUser, id: string, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const audience = audienceQuery(db, at).select(sql<number>`count(*)`.as('n'));
  const count = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('newsletter_campaigns')
      .set({ status: 'sending', sending_started_at: at, sent_by: staff.id, updated_at: at, recipient_count: sql<number>`(${audience})` })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw (await campaignRow(trx, id)) ? new CampaignNotDraftError() : new CampaignNotFoundError();
    const row = (await campaignRow(trx, id))!;
    const n = Number(row.recipient_count ?? 0);
    await recordAudit(trx, staff, { action: 'campaign.send', targetType: 'campaign', targetId: id, summary: `Newsletter ${preview(row.subject)} sent to ${n} confirmed subscriber${n === 1 ? '' : 's'}` }, now);
    return n;
  });
  await queueNextBatch(db, id, now);
  await finishIfDone(db, id, now);
  return count;
}

/**
 * The next CAMPAIGN_BATCH addresses of a sending campaign (address order, after its cursor): one
 * campaign_recipients row and one outbox entry each. 0 when another instance took this batch,
 * or everything is queued.
 */
export async function queueNextBatch(db: Db, id: string, now = new Date(), batchSize = CAMPAIGN_BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // First a write: the lock that keeps a second instance out of this batch until this one commits.
    const locked = await trx
      .updateTable('newsletter_campaigns')
      .set({ updated_at: sql`updated_at` })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('queued_all_at', 'is', null)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) return 0;
    const campaign = (await trx.selectFrom('newsletter_campaigns').select(['queue_cursor', 'sending_started_at']).where('id', '=', id).executeTakeFirst())!;
    const emails = (
      await audienceQuery(trx, campaign.sending_started_at ?? now.toISOString())
        .select('email')
        .$if(campaign.queue_cursor !== null, (qb) => qb.where('email', '>', campaign.queue_cursor!))
        .orderBy('email')
        .limit(batchSize)
        .execute()
    ).map((r) => r.email);
    const at = now.toISOString();
    await trx
      .updateTable('newsletter_campaigns')
      .set({ queue_cursor: emails.at(-1) ?? campaign.queue_cursor, queued_all_at: emails.length < batchSize ? at : null })
      .where('id', '=', id)
      .execute();
    if (emails.length === 0) return 0;
    const planned = emails.map((email) => ({ campaign_id: id, email, outbox_id: newId(), queued_at: at }));
    // Only the addresses not queued before get a mail (the primary key refuses the rest).
    const inserted = await trx
      .insertInto('campaign_recipients')
      .values(planned)
      .onConflict((oc) => oc.columns(['campaign_id', 'email']).doNothing())
      .returning(['email', 'outbox_id'])
      .execute();
    await enqueueMany(
      trx,
      inserted.map((r) => ({ ...newsletterCampaignMail.entry(r.email, { campaignId: id }), id: r.outbox_id })),
      now,
    );
    return inserted.length;
  });
}

/** Sending → sent once every address is queued and none of its mails waits; true when it was this call. */
export async function finishIfDone(db: Db, id: string, now = new Date()): Promise<boolean> {
  const waiting = db
    .selectFrom('campaign_recipients as r')
    .innerJoin('outbox as o', 'o.id', 'r.outbox_id')
    .select(sql`1`.as('one'))
    .where('r.campaign_id', '=', id)
    .where('o.status', '=', 'pending');
  const result = await db
    .updateTable('newsletter_campaigns')
    .set({ status: 'sent', sent_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('queued_all_at', 'is not', null)
    .where((eb) => eb.not(eb.exists(waiting)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many of a campaign's mails still wait in the outbox. */
async function waitingOf(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('campaign_recipients as r')
    .innerJoin('outbox as o', 'o.id', 'r.outbox_id')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('r.campaign_id', '=', id)
    .where('o.status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The drain's housekeeping (backend/start.ts): for each campaign being sent, the next batch when
 * fewer than a batch of its mails still wait, and 'sent' once it is done. `queued`: mails queued.
 */
export async function advanceCampaigns(db: Db, now = new Date()): Promise<{ queued: number; finished: number }> {
  const sending = await db.selectFrom('newsletter_campaigns').select(['id', 'queued_all_at']).where('status', '=', 'sending').execute();
  let queued = 0;
  let finished = 0;
  for (const campaign of sending) {
    if (campaign.queued_all_at === null && (await waitingOf(db, campaign.id)) < CAMPAIGN_BATCH) queued += await queueNextBatch(db, campaign.id, now);
    if (await finishIfDone(db, campaign.id, now)) finished++;
  }
  return { queued, finished };
}
