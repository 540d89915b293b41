import { sql } from 'kysely';
import type { CampaignAudience } from '../../campaigns/audience';
import type { Db } from '../../db/schema';
import { CAMPAIGN_SKIPPED_REASON, newsletterCampaignMail } from '../campaign-mail';

/**
 * Who receives a newsletter campaign: confirmed (double opt-in, migration 2026-11-30-2) and not
 * unsubscribed; with `confirmedBy`, only those confirmed by then (the audience as it was when
 * sending started).
 */
function subscribers(db: Db, confirmedBy: string | null) {
  return db
    .selectFrom('newsletter_subscriptions')
    .where('confirmed_at', 'is not', null)
    .where('unsubscribed_at', 'is', null)
    .$if(confirmedBy !== null, (qb) => qb.where('confirmed_at', '<=', confirmedBy!));
}

/** The newsletter's audience for the campaign machinery (backend/campaigns/). */
export const newsletterAudience: CampaignAudience = {
  name: 'newsletter',
  keyAt: async () => null,
  // Confirmations are stamped by the real clock (backend/newsletter/routes.ts), so the audience is fixed by it too.
  clock: () => new Date(),
  async count(db, _key, fixedAt) {
    const row = await subscribers(db, fixedAt).select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async page(db, _key, fixedAt, after, limit) {
    const rows = await subscribers(db, fixedAt)
      .select('email')
      .$if(after !== null, (qb) => qb.where('email', '>', after!))
      .orderBy('email')
      .limit(limit)
      .execute();
    return rows.map((r) => r.email);
  },
  mail: (email, payload) => newsletterCampaignMail.entry(email, payload),
  skippedReason: CAMPAIGN_SKIPPED_REASON,
  words: { action: 'campaign', thing: 'Newsletter', recipients: (n) => `${n} confirmed subscriber${n === 1 ? '' : 's'}` },
};
