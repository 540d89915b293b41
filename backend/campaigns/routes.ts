import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { renderReportMarkdown } from '@/contract/html/markdown';
import { CAMPAIGN_ID_PATTERN, campaignInputSchemaOf, type AdminCampaign, type CampaignMessages } from '@/contract/api/campaigns';
import { requireAdmin, requireStaff } from '../auth/middleware';
import { fail } from '../kernel/http';
import { validJson } from '../kernel/validate';
import type { AppDeps, AppEnv } from '../kernel/deps';
import type { CampaignAudience } from './audience';
import { getCampaign, listCampaigns } from './queries';
import { CampaignNotDraftError, CampaignNotFoundError, createCampaign, sendTest, startSending, updateCampaign } from './service';

/**
 * One audience's campaigns (audience.ts), admins only: the newsletter's under
 * /api/admin/newsletter/campaigns/ (issue 31), the announcements to ticket holders under
 * /api/admin/announcements/ (issue 43); POST for every change (the contract's client speaks GET
 * and POST). Every change is audited in the same transaction (service.ts).
 *
 *   GET  /             the newest campaigns first, with progress; `audience`: how many a send now reaches
 *   POST /             a new draft (subject, body)
 *   GET  /:id          one campaign with its sanitised HTML
 *   POST /:id          a draft's new subject and body (409 once sending started)
 *   POST /:id/test     one mail to the signed-in admin's own address, "[Test]" in its subject
 *   POST /:id/send     to the audience, once (409 for any later call)
 */
export function audienceCampaignRoutes(deps: AppDeps, audience: CampaignAudience, messages: CampaignMessages) {
  const { db, config } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  const input = campaignInputSchemaOf(messages);
  r.use('*', requireStaff(db));
  r.use('*', requireAdmin());

  /** A campaign's id in the path, or its 404 before the body is read. */
  const idOr404: MiddlewareHandler<AppEnv, '/:id' | '/:id/test' | '/:id/send'> = async (c, next) => {
    if (!CAMPAIGN_ID_PATTERN.test(c.req.param('id'))) return fail(c, 404, messages.notFound);
    await next();
  };
  const reach = async () => audience.count(db, await audience.keyAt(db, config), null);
  const answer = async (c: Context<AppEnv>, id: string, message: string, status: 200 | 201 = 200) => {
    const campaign = (await getCampaign(db, audience, id)) as AdminCampaign;
    return c.json({ success: true, data: { ...campaign, html: renderReportMarkdown(campaign.body) }, campaignId: id, audience: await reach(), message }, status);
  };
  const refused = (c: Context<AppEnv>, error: unknown) => {
    if (error instanceof CampaignNotFoundError) return fail(c, 404, messages.notFound);
    if (error instanceof CampaignNotDraftError) return fail(c, 409, messages.notDraft);
    throw error;
  };

  r.get('/', async (c) => c.json({ success: true, results: await listCampaigns(db, audience), audience: await reach() }));

  r.post('/', validJson(input), async (c) => {
    const id = await createCampaign(db, audience, c.get('staff'), c.req.valid('json'), audience.clock(config));
    return answer(c, id, messages.created, 201);
  });

  r.get('/:id', idOr404, async (c) => {
    const id = c.req.param('id');
    return (await getCampaign(db, audience, id)) ? answer(c, id, '') : fail(c, 404, messages.notFound);
  });

  r.post('/:id', idOr404, validJson(input), async (c) => {
    const id = c.req.param('id');
    try {
      await updateCampaign(db, audience, c.get('staff'), id, c.req.valid('json'), audience.clock(config));
    } catch (error) {
      return refused(c, error);
    }
    return answer(c, id, messages.updated);
  });

  r.post('/:id/test', idOr404, async (c) => {
    const id = c.req.param('id');
    try {
      await sendTest(db, audience, c.get('staff'), id, audience.clock(config));
    } catch (error) {
      return refused(c, error);
    }
    deps.onOutboxWrite?.('mail');
    return answer(c, id, messages.testQueued(c.get('staff').email));
  });

  r.post('/:id/send', idOr404, async (c) => {
    const id = c.req.param('id');
    let count: number;
    try {
      count = await startSending(db, audience, config, c.get('staff'), id);
    } catch (error) {
      if (error instanceof CampaignNotDraftError) return fail(c, 409, messages.alreadySent);
      return refused(c, error);
    }
    deps.onOutboxWrite?.('mail');
    return answer(c, id, messages.sendStarted(count));
  });

  return r;
}
