import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import {
  HOLDER_MAILING_DEFAULTS,
  HOLDER_MAILING_MESSAGES,
  HOLDER_MAILING_PURPOSES,
  holderMailingInputSchema,
  type HolderMailing,
  type HolderMailingInput,
  type HolderMailingPurpose,
} from '@/contract/api/campaigns';
import { DAY_MS } from '@/contract/calendar-days';
import { festivalEndsAt, festivalStartsAt, type Edition } from '@/contract/edition';
import { recordAudit, type AuditActor } from '../audit/log';
import type { CampaignAudience } from '../campaigns/audience';
import { startAutomaticCampaign } from '../campaigns/service';
import type { Db } from '../db/schema';
import { currentEdition } from '../edition/service';
import { requireAdmin, requireStaff } from '../auth/middleware';
import type { BackendConfig } from '../kernel/config';
import type { AppDeps, AppEnv, StaffUser } from '../kernel/deps';
import { fail } from '../kernel/http';
import { validJson } from '../kernel/validate';

/**
 * The reminder before the festival and the thank-you after it (issue 43): announcements to the
 * edition's ticket holders (announcements.ts) that the drain's housekeeping starts by itself
 * (backend/start.ts, every pass, wherever the drain runs: a long-lived server's loop, after() on
 * Vercel, the cron route), with the texts and switches staff set at /staff/announcements.
 *
 * - When: the reminder from `daysBefore` days before the first day's midnight (Lagos) until the
 *   festival opens; the thank-you from the midnight after the last day for THANKS_WINDOW_DAYS (an
 *   edition long over gets none when this first runs). A pass outside its window starts nothing.
 * - Once per holder, under any number of drainers: each mailing is one campaign per edition, its
 *   id derived from the purpose and the edition's key (the primary key refuses a second), sent by
 *   the campaign machinery, whose campaign_recipients key (campaign, address) queues an address once.
 * - Switched off: nothing starts; one already started goes on (its progress is on the list).
 */
export const THANKS_WINDOW_DAYS = 7;

/** The drain's name for itself in the audit log. */
export const AUTOMATIC_ACTOR: AuditActor = { id: null, email: 'automatic', name: 'Automatic mailing' };

/** The campaign id of a mailing for an edition: a UUID made from both, the same on every instance. */
export function holderMailingId(purpose: HolderMailingPurpose, edition: string): string {
  const hex = createHash('sha256').update(`holder-mailing\n${purpose}\n${edition}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Settings = { enabled: boolean; daysBefore: number; subject: string; body: string; updatedAt: string | null };

async function settingsOf(db: Db): Promise<Record<HolderMailingPurpose, Settings>> {
  const rows = await db.selectFrom('holder_mailings').selectAll().execute();
  const out = {} as Record<HolderMailingPurpose, Settings>;
  for (const purpose of HOLDER_MAILING_PURPOSES) {
    const row = rows.find((r) => r.purpose === purpose);
    out[purpose] = row
      ? { enabled: Number(row.enabled) === 1, daysBefore: Number(row.days_before), subject: row.subject, body: row.body, updatedAt: row.updated_at }
      : { ...HOLDER_MAILING_DEFAULTS[purpose], updatedAt: null };
  }
  return out;
}

/** When a mailing goes for an edition, and until when it may still start. */
export function windowOf(purpose: HolderMailingPurpose, edition: Pick<Edition, 'startDate' | 'endDate'>, daysBefore: number): { from: Date; until: Date } {
  if (purpose === 'reminder') {
    const opens = festivalStartsAt(edition);
    return { from: new Date(opens.getTime() - daysBefore * DAY_MS), until: opens };
  }
  const over = festivalEndsAt(edition);
  return { from: over, until: new Date(over.getTime() + THANKS_WINDOW_DAYS * DAY_MS) };
}

/**
 * The housekeeping (backend/start.ts): each mailing switched on whose window holds now, for the
 * current edition (and, for the thank-you, the edition that was current a window ago: with no
 * dates set, the site moves on to next year's the day after the festival), started once.
 * Answers how many this pass started.
 */
export async function startHolderMailings(db: Db, config: Pick<BackendConfig, 'editionSettings' | 'now'>, audience: CampaignAudience): Promise<number> {
  const now = config.now();
  const settings = await settingsOf(db);
  const editions = new Map<string, Edition>();
  for (const at of [now, new Date(now.getTime() - THANKS_WINDOW_DAYS * DAY_MS)]) {
    const edition = await currentEdition(db, config, at);
    editions.set(edition.key, edition);
  }
  let started = 0;
  for (const purpose of HOLDER_MAILING_PURPOSES) {
    const s = settings[purpose];
    if (!s.enabled) continue;
    for (const edition of editions.values()) {
      const { from, until } = windowOf(purpose, edition, s.daysBefore);
      if (now < from || now >= until) continue;
      const id = holderMailingId(purpose, edition.key);
      if (await db.selectFrom('newsletter_campaigns').select('id').where('id', '=', id).executeTakeFirst()) continue;
      // Fixed by the audience's clock (the one its rows are stamped by); the window above is the festival's.
      const fixedAt = audience.clock(config);
      const recipients = await audience.count(db, edition.key, fixedAt.toISOString());
      const first = await db.transaction().execute(async (trx) => {
        const inserted = await startAutomaticCampaign(trx, audience, { id, key: edition.key, purpose, subject: s.subject, body: s.body, recipients }, fixedAt);
        if (inserted) {
          await recordAudit(
            trx,
            AUTOMATIC_ACTOR,
            { action: `announcement.${purpose}`, targetType: 'announcement', targetId: id, summary: `The ${purpose === 'reminder' ? 'reminder' : 'thank-you'} to the ticket holders of ${edition.name} started` },
            now,
          );
        }
        return inserted;
      });
      if (first) started++;
    }
  }
  return started;
}

/** The settings as the staff page shows them, with when each goes for the current edition. */
export async function holderMailings(db: Db, config: Pick<BackendConfig, 'editionSettings' | 'now'>): Promise<HolderMailing[]> {
  const settings = await settingsOf(db);
  const edition = await currentEdition(db, config);
  const out: HolderMailing[] = [];
  for (const purpose of HOLDER_MAILING_PURPOSES) {
    const s = settings[purpose];
    const id = holderMailingId(purpose, edition.key);
    const started = await db.selectFrom('newsletter_campaigns').select('id').where('id', '=', id).executeTakeFirst();
    out.push({ purpose, enabled: s.enabled, daysBefore: s.daysBefore, subject: s.subject, body: s.body, updatedAt: s.updatedAt, dueAt: windowOf(purpose, edition, s.daysBefore).from.toISOString(), campaignId: started ? id : null });
  }
  return out;
}

export async function saveHolderMailing(db: Db, staff: StaffUser, purpose: HolderMailingPurpose, input: HolderMailingInput, now: Date): Promise<void> {
  const at = now.toISOString();
  const row = { enabled: input.enabled ? 1 : 0, days_before: input.daysBefore, subject: input.subject, body: input.body, updated_at: at, updated_by: staff.id };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('holder_mailings')
      .values({ purpose, ...row })
      .onConflict((oc) => oc.column('purpose').doUpdateSet(row))
      .execute();
    const name = purpose === 'reminder' ? `The reminder (${input.daysBefore} day${input.daysBefore === 1 ? '' : 's'} before)` : 'The thank-you';
    await recordAudit(trx, staff, { action: `announcement.${purpose}.settings`, targetType: 'announcement', targetId: purpose, summary: `${name} to ticket holders ${input.enabled ? 'switched on' : 'switched off'}, text saved` }, now);
  });
}

const isPurpose = (value: string): value is HolderMailingPurpose => (HOLDER_MAILING_PURPOSES as readonly string[]).includes(value);

/**
 * /api/admin/announcements/automatic/, admins only: GET the reminder's and the thank-you's
 * settings; POST /:purpose saves one (audited).
 */
export function holderMailingRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.use('*', requireAdmin());
  r.get('/', async (c) => c.json({ success: true, results: await holderMailings(db, config), message: '' }));
  r.post('/:purpose', async (c, next) => (isPurpose(c.req.param('purpose')) ? next() : fail(c, 404, HOLDER_MAILING_MESSAGES.notFound)));
  r.post('/:purpose', validJson(holderMailingInputSchema), async (c) => {
    await saveHolderMailing(db, c.get('staff'), c.req.param('purpose') as HolderMailingPurpose, c.req.valid('json'), config.now());
    return c.json({ success: true, results: await holderMailings(db, config), message: HOLDER_MAILING_MESSAGES.saved });
  });
  return r;
}
