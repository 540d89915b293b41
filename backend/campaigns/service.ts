import { sql } from 'kysely';
import type { CampaignInput } from '@/contract/api/campaigns';
import { recordAudit } from '../audit/log';
import type { Db } from '../db/schema';
import type { BackendConfig } from '../kernel/config';
import { newId } from '../kernel/ids';
import { enqueue, enqueueMany } from '../outbox/queue';
import type { StaffUser } from '../kernel/deps';
import type { CampaignAudience } from './audience';
import { campaignRow } from './queries';

/**
 * Campaigns (issue 31; audiences since issue 43, audience.ts): an admin writes a subject and a
 * Markdown body, sends a test to their own address, then sends it to the audience, once. The
 * newsletter's campaigns go to confirmed subscribers; announcements to the edition's ticket
 * holders; the reminder and thank-you (tickets/holder-mailings.ts) are announcements started by
 * the drain's housekeeping.
 *
 * - Once: `startSending` is one conditional UPDATE from 'draft' to 'sending'. A second press, or a
 *   second request racing the first (another instance), finds no draft and is told so; nothing
 *   more is queued.
 * - Fixed: the audience is what it was when sending started (`sending_started_at`, and its key:
 *   the edition, for ticket holders); those who join later are not added.
 * - In batches: a request never queues the whole list (50,000 outbox rows in one Vercel request).
 *   The send queues the first CAMPAIGN_BATCH addresses; the drain's housekeeping
 *   (`advanceCampaigns`, backend/start.ts) queues the next whenever fewer than a batch still wait.
 *   Each batch first moves the campaign's cursor with a conditional UPDATE (the write lock on
 *   SQLite, the row lock on PostgreSQL), so two instances never queue the same addresses; and
 *   `campaign_recipients`' primary key keeps any address from being queued twice regardless.
 * - Throttled and checked at delivery: each recipient is one outbox entry of the audience's mail
 *   kind, paced across instances, which checks at delivery that the address still belongs.
 * - Sent: once every address is queued and none of its mails waits any more.
 */
export const CAMPAIGN_BATCH = 250;

export class CampaignNotFoundError extends Error {}
export class CampaignNotDraftError extends Error {}

/** The staff id an automatic campaign (the reminder, the thank-you) is written and sent by: no account. */
export const AUTOMATIC_AUTHOR = 'festival';

const preview = (subject: string) => `“${subject.length > 80 ? `${subject.slice(0, 79)}…` : subject}”`;

export async function createCampaign(db: Db, audience: CampaignAudience, staff: StaffUser, input: CampaignInput, now = new Date()): Promise<string> {
  const id = newId();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('newsletter_campaigns')
      .values({ id, audience: audience.name, subject: input.subject, body: input.body, status: 'draft', created_by: staff.id, created_at: at, updated_at: at })
      .execute();
    await recordAudit(trx, staff, { action: `${audience.words.action}.create`, targetType: audience.words.action, targetId: id, summary: `${audience.words.thing} draft ${preview(input.subject)}` }, now);
  });
  return id;
}

/** The campaign, when it is this audience's (another audience's answers not found). */
async function ownRow(db: Db, audience: CampaignAudience, id: string) {
  const row = await campaignRow(db, id);
  return row && row.audience === audience.name ? row : undefined;
}

/** A draft's subject and body; a campaign sent (or being sent) is not changed. */
export async function updateCampaign(db: Db, audience: CampaignAudience, staff: StaffUser, id: string, input: CampaignInput, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('newsletter_campaigns')
      .set({ subject: input.subject, body: input.body, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('audience', '=', audience.name)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw (await ownRow(trx, audience, id)) ? new CampaignNotDraftError() : new CampaignNotFoundError();
    await recordAudit(trx, staff, { action: `${audience.words.action}.update`, targetType: audience.words.action, targetId: id, summary: `${audience.words.thing} draft ${preview(input.subject)} changed` }, now);
  });
}

/** One mail of the campaign as it is now to the admin's own address, marked as a test. */
export async function sendTest(db: Db, audience: CampaignAudience, staff: StaffUser, id: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const campaign = await ownRow(trx, audience, id);
    if (!campaign) throw new CampaignNotFoundError();
    await enqueue(trx, audience.mail(staff.email, { campaignId: id, test: true }));
    await recordAudit(trx, staff, { action: `${audience.words.action}.test`, targetType: audience.words.action, targetId: id, summary: `Test of ${preview(campaign.subject)} sent to its author’s own address` }, now);
  });
}

/**
 * Draft → sending, at most once: the audience is fixed at this moment (its key and the time; those
 * who join later are not added), and the first batch is queued. The second caller gets
 * CampaignNotDraftError. Answers how many the campaign goes to.
 */
export async function startSending(
  db: Db,
  audience: CampaignAudience,
  config: Pick<BackendConfig, 'editionSettings' | 'now'>,
  staff: StaffUser,
  id: string,
  now = audience.clock(config),
): Promise<number> {
  const at = now.toISOString();
  const key = await audience.keyAt(db, config);
  const count = await db.transaction().execute(async (trx) => {
    // The conditional UPDATE first: the write lock (SQLite) or the row lock (PostgreSQL) that makes a second press wait, then find no draft.
    const result = await trx
      .updateTable('newsletter_campaigns')
      .set({ status: 'sending', sending_started_at: at, sent_by: staff.id, updated_at: at, audience_key: key })
      .where('id', '=', id)
      .where('audience', '=', audience.name)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw (await ownRow(trx, audience, id)) ? new CampaignNotDraftError() : new CampaignNotFoundError();
    const n = await audience.count(trx, key, at);
    await trx.updateTable('newsletter_campaigns').set({ recipient_count: n }).where('id', '=', id).execute();
    const row = (await campaignRow(trx, id))!;
    await recordAudit(trx, staff, { action: `${audience.words.action}.send`, targetType: audience.words.action, targetId: id, summary: `${audience.words.thing} ${preview(row.subject)} sent to ${audience.words.recipients(n)}` }, now);
    return n;
  });
  await queueNextBatch(db, audience, id, now);
  await finishIfDone(db, id, now);
  return count;
}

/**
 * A campaign started by the drain itself (the reminder, the thank-you: tickets/holder-mailings.ts),
 * under an id its caller derives from what it is (the edition and the purpose): the primary key
 * makes it once, however many drainers try at the same moment. `recipients`: the audience's
 * count, read before the caller's transaction (whose first statement is this write: SQLite's
 * write lock is taken at once, never upgraded from a read). True when this call started it.
 */
export async function startAutomaticCampaign(
  db: Db,
  audience: CampaignAudience,
  a: { id: string; key: string; purpose: string; subject: string; body: string; recipients: number },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto('newsletter_campaigns')
    .values({
      id: a.id,
      audience: audience.name,
      audience_key: a.key,
      purpose: a.purpose,
      subject: a.subject,
      body: a.body,
      status: 'sending',
      created_by: AUTOMATIC_AUTHOR,
      created_at: at,
      updated_at: at,
      sending_started_at: at,
      sent_by: AUTOMATIC_AUTHOR,
      recipient_count: a.recipients,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The next `batchSize` addresses of a sending campaign (address order, after its cursor): one
 * campaign_recipients row and one outbox entry each. 0 when another instance took this batch,
 * or everything is queued.
 */
export async function queueNextBatch(db: Db, audience: CampaignAudience, id: string, now = new Date(), batchSize = CAMPAIGN_BATCH): Promise<number> {
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
    const campaign = (await trx.selectFrom('newsletter_campaigns').select(['queue_cursor', 'sending_started_at', 'audience_key']).where('id', '=', id).executeTakeFirst())!;
    const emails = await audience.page(trx, campaign.audience_key, campaign.sending_started_at ?? now.toISOString(), campaign.queue_cursor, batchSize);
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
    // Due by the machine's clock, as all outbox work (kernel/clock.ts): a rehearsal's FESTIVAL_NOW in the future would hold them.
    await enqueueMany(
      trx,
      inserted.map((r) => ({ ...audience.mail(r.email, { campaignId: id }), id: r.outbox_id })),
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
 * The drain's housekeeping (backend/start.ts): for each campaign being sent, of any of the
 * audiences given, the next batch when fewer than a batch of its mails still wait, and 'sent' once
 * it is done. `queued`: mails queued.
 */
export async function advanceCampaigns(db: Db, audiences: readonly CampaignAudience[], now = new Date()): Promise<{ queued: number; finished: number }> {
  const byName = new Map(audiences.map((a) => [a.name, a]));
  const sending = await db.selectFrom('newsletter_campaigns').select(['id', 'audience', 'queued_all_at']).where('status', '=', 'sending').execute();
  let queued = 0;
  let finished = 0;
  for (const campaign of sending) {
    const audience = byName.get(campaign.audience);
    if (!audience) continue;
    if (campaign.queued_all_at === null && (await waitingOf(db, campaign.id)) < CAMPAIGN_BATCH) queued += await queueNextBatch(db, audience, campaign.id, now);
    if (await finishIfDone(db, campaign.id, now)) finished++;
  }
  return { queued, finished };
}
