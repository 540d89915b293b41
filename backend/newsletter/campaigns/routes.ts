import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { renderReportMarkdown } from '@/contract/html/markdown';
import { CAMPAIGN_ID_PATTERN, CAMPAIGN_MESSAGES, type AdminCampaign } from '@/contract/api/campaigns';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { requireAdmin, requireStaff } from '../../auth/middleware';
import { fail } from '../../kernel/http';
import { validJson } from '../../kernel/validate';
import type { AppDeps, AppEnv } from '../../kernel/deps';
import { audienceCount, getCampaign, listCampaigns } from './queries';
import { CampaignNotDraftError, CampaignNotFoundError, createCampaign, sendTest, startSending, updateCampaign } from './service';

/** A campaign's id in the path, or its 404 before the body is read. */
const campaignIdOr404: MiddlewareHandler<AppEnv, '/:id' | '/:id/test' | '/:id/send'> = async (c, next) => {
  if (!CAMPAIGN_ID_PATTERN.test(c.req.param('id'))) return fail(c, 404, CAMPAIGN_MESSAGES.notFound);
  await next();
};

/**
 * Newsletter campaigns (issue 31), admins only, under /api/admin/newsletter/campaigns/ (POST for
 * every change: the contract's client speaks GET and POST). Every change is audited in the same
 * transaction (backend/newsletter/campaigns/service.ts).
 *
 *   GET  /             the newest campaigns first, with progress; `audience`: confirmed subscribers now
 *   POST /             a new draft (subject, body)
 *   GET  /:id          one campaign with its sanitised HTML
 *   POST /:id          a draft's new subject and body (409 once sending started)
 *   POST /:id/test     one mail to the signed-in admin's own address, "[Test]" in its subject
 *   POST /:id/send     to every confirmed subscriber, once (409 for any later call)
 */
export function campaignRoutes(deps: AppDeps) {
  const { db } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.use('*', requireAdmin());

  const answer = async (c: Context<AppEnv>, id: string, message: string, status: 200 | 201 = 200) => {
    const campaign = (await getCampaign(db, id)) as AdminCampaign;
    return c.json(
      { success: true, data: { ...campaign, html: renderReportMarkdown(campaign.body) }, campaignId: id, audience: await audienceCount(db), message },
      status,
    );
  };
  const refused = (c: Context<AppEnv>, error: unknown) => {
    if (error instanceof CampaignNotFoundError) return fail(c, 404, CAMPAIGN_MESSAGES.notFound);
    if (error instanceof CampaignNotDraftError) return fail(c, 409, CAMPAIGN_MESSAGES.notDraft);
    throw error;
  };

  r.get('/', async (c) => c.json({ success: true, results: await listCampaigns(db), audience: await audienceCount(db) }));

  r.post('/', validJson(ENDPOINTS.campaignCreate.request), async (c) => {
    const id = await createCampaign(db, c.get('staff'), c.req.valid('json'));
    return answer(c, id, CAMPAIGN_MESSAGES.created, 201);
  });

  r.get('/:id', campaignIdOr404, async (c) => {
    const id = c.req.param('id');
    return (await getCampaign(db, id)) ? answer(c, id, '') : fail(c, 404, CAMPAIGN_MESSAGES.notFound);
  });

  r.post('/:id', campaignIdOr404, validJson(ENDPOINTS.campaignUpdate.request), async (c) => {
    const id = c.req.param('id');
    try {
      await updateCampaign(db, c.get('staff'), id, c.req.valid('json'));
    } catch (error) {
      return refused(c, error);
    }
    return answer(c, id, CAMPAIGN_MESSAGES.updated);
  });

  r.post('/:id/test', campaignIdOr404, async (c) => {
    const id = c.req.param('id');
    try {
      await sendTest(db, c.get('staff'), id);
    } catch (error) {
      return refused(c, error);
    }
    deps.onOutboxWrite?.('mail');
    return answer(c, id, CAMPAIGN_MESSAGES.testQueued(c.get('staff').email));
  });

  r.post('/:id/send', campaignIdOr404, async (c) => {
    const id = c.req.param('id');
    let count: number;
    try {
      count = await startSending(db, c.get('staff'), id);
    } catch (error) {
      if (error instanceof CampaignNotDraftError) return fail(c, 409, CAMPAIGN_MESSAGES.alreadySent);
      return refused(c, error);
    }
    deps.onOutboxWrite?.('mail');
    return answer(c, id, CAMPAIGN_MESSAGES.sendStarted(count));
  });

  return r;
}
