import { Hono } from 'hono';
import { offerClaimPayloadSchema, waitingListPayloadSchema } from '@/contract/api/waiting-list';
import { keyedJsonRoute } from '../forms/routes';
import { runIdempotent } from '../lib/idempotency';
import { signerOf } from '../lib/signer-of';
import { validJson } from '../lib/validate';
import type { AppDeps, AppEnv } from '../types';
import { claimOffer, viewOffer, waitingListFlow } from './service';

/** POST /forms/waiting-list/ — joining the list (honeypot, Idempotency-Key, the form limit: like every form). */
export function waitingListFormRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  const flow = waitingListFlow(deps);
  r.post('/', ...keyedJsonRoute(deps, 'forms/waiting-list', { schema: waitingListPayloadSchema, handle: flow.handle, decoy: flow.decoy }));
  return r;
}

/**
 * /waiting-list/offers/:id — an offer link's page data (GET, which never takes the offer) and
 * taking it (POST …/claim, once; a retry with the same Idempotency-Key gets the same answer).
 */
export function waitingListRoutes(deps: AppDeps) {
  const signer = signerOf(deps);
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/offers/:id', async (c) => {
    c.header('Cache-Control', 'no-store');
    const outcome = await viewOffer(deps, await signer(), c.req.param('id'), c.req.query('t'));
    return c.json(outcome.body, outcome.status);
  });
  r.post('/offers/:id/claim', validJson(offerClaimPayloadSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    const payload = c.req.valid('json');
    const id = c.req.param('id');
    const loaded = await signer();
    const { outcome, replayed, wrote } = await runIdempotent(
      deps.db,
      { endpoint: `waiting-list/claim/${id}`, key: c.req.header('idempotency-key')?.trim(), fingerprint: () => payload },
      (ctx) => claimOffer(deps, loaded, id, payload, ctx),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    if (wrote) deps.onOutboxWrite?.('mail');
    return c.json(outcome.body, outcome.status);
  });
  return r;
}
