import { sql, type Selectable } from 'kysely';
import type { AdminCampaign, CampaignProgress } from '@/contract/api/campaigns';
import type { Db, NewsletterCampaignTable } from '../db/schema';
import type { CampaignAudience } from './audience';

/**
 * The reads of campaigns (newsletter campaigns and announcements to ticket holders: audience.ts):
 * the campaigns of one audience, and each campaign's progress, counted from its recipients'
 * outbox entries.
 */

/** The newest this many campaigns are listed (each list counts their recipients' mails). */
export const CAMPAIGN_LIST_LIMIT = 100;

type CampaignRow = Selectable<NewsletterCampaignTable> & { created_by_name: string | null; sent_by_name: string | null };

function campaignsWithNames(db: Db) {
  return db
    .selectFrom('newsletter_campaigns as c')
    .leftJoin('staff_users as author', 'author.id', 'c.created_by')
    .leftJoin('staff_users as sender', 'sender.id', 'c.sent_by')
    .selectAll('c')
    .select(['author.name as created_by_name', 'sender.name as sent_by_name']);
}

export async function campaignRow(db: Db, id: string): Promise<CampaignRow | undefined> {
  return campaignsWithNames(db).where('c.id', '=', id).executeTakeFirst();
}

const EMPTY: Omit<CampaignProgress, 'recipients'> = { queued: 0, sent: 0, failed: 0, skipped: 0, waiting: 0 };

/** queued, sent, failed, skipped and waiting, per campaign, from the recipients' outbox entries. */
export async function progressOf(db: Db, ids: readonly string[], skippedReason: string): Promise<Map<string, Omit<CampaignProgress, 'recipients'>>> {
  const out = new Map<string, Omit<CampaignProgress, 'recipients'>>();
  if (ids.length === 0) return out;
  const skipped = sql<boolean>`(o.status = 'failed' and o.last_error = ${skippedReason})`;
  const rows = await db
    .selectFrom('campaign_recipients as r')
    .leftJoin('outbox as o', 'o.id', 'r.outbox_id')
    .select([
      'r.campaign_id',
      sql<string | number>`count(*)`.as('queued'),
      sql<string | number>`coalesce(sum(case when o.status = 'done' then 1 else 0 end), 0)`.as('sent'),
      sql<string | number>`coalesce(sum(case when ${skipped} then 1 else 0 end), 0)`.as('skipped'),
      sql<string | number>`coalesce(sum(case when o.status = 'failed' and not ${skipped} then 1 else 0 end), 0)`.as('failed'),
      sql<string | number>`coalesce(sum(case when o.status = 'pending' then 1 else 0 end), 0)`.as('waiting'),
    ])
    .where('r.campaign_id', 'in', ids)
    .groupBy('r.campaign_id')
    .execute();
  for (const row of rows) {
    out.set(row.campaign_id, { queued: Number(row.queued), sent: Number(row.sent), failed: Number(row.failed), skipped: Number(row.skipped), waiting: Number(row.waiting) });
  }
  return out;
}

function toAdminCampaign(row: CampaignRow, progress: Omit<CampaignProgress, 'recipients'> | undefined): AdminCampaign {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    status: row.status,
    createdBy: row.created_by_name ?? '',
    purpose: row.purpose === 'reminder' || row.purpose === 'thanks' ? row.purpose : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sendingStartedAt: row.sending_started_at,
    sentBy: row.sent_by ? (row.sent_by_name ?? '') : null,
    sentAt: row.sent_at,
    progress: { recipients: Number(row.recipient_count ?? 0), ...(progress ?? EMPTY) },
  };
}

/** One campaign of this audience (another audience's is not found here). */
export async function getCampaign(db: Db, audience: CampaignAudience, id: string): Promise<AdminCampaign | undefined> {
  const row = await campaignRow(db, id);
  if (!row || row.audience !== audience.name) return undefined;
  return toAdminCampaign(row, (await progressOf(db, [row.id], audience.skippedReason)).get(row.id));
}

/** The audience's campaigns, newest first. */
export async function listCampaigns(db: Db, audience: CampaignAudience): Promise<AdminCampaign[]> {
  const rows = await campaignsWithNames(db)
    .where('c.audience', '=', audience.name)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(CAMPAIGN_LIST_LIMIT)
    .execute();
  const progress = await progressOf(
    db,
    rows.filter((r) => r.status !== 'draft').map((r) => r.id),
    audience.skippedReason,
  );
  return rows.map((r) => toAdminCampaign(r, progress.get(r.id)));
}
