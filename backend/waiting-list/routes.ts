import { Hono } from 'hono';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { keyedJsonRoute } from '../kernel/form-flow';
import { runIdempotent } from '../kernel/idempotency';
import { signerOf } from '../kernel/signer-of';
import { validJson } from '../kernel/validate';
import type { AppDeps, AppEnv } from '../kernel/deps';
import type { RegistrationSeam } from '../kernel/seams';
import { claimOffer, viewOffer, waitingListFlow } from './service';

/** POST /forms/waiting-list/ — joining the list (honeypot, Idempotency-Key, the form limit: like every form). */
export function waitingListFormRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  const flow = waitingListFlow(deps);
  r.post('/', ...keyedJsonRoute(deps, 'forms/waiting-list', { schema: ENDPOINTS.waitingList.request, handle: flow.handle, decoy: flow.decoy }));
  return r;
}

/**
 * /waiting-list/offers/:id — an offer link's page data (GET, which never takes the offer) and
 * taking it (POST …/claim, once; a retry with the same Idempotency-Key gets the same answer).
 * An offer taken becomes a registration through the tickets' seam (kernel/seams.ts), given by app.ts.
 */
export function waitingListRoutes(deps: AppDeps, registrations: RegistrationSeam) {
  const signer = signerOf(deps);
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/offers/:id', async (c) => {
    c.header('Cache-Control', 'no-store');
    const outcome = await viewOffer(deps, await signer(), c.req.param('id'), c.req.query('t'));
    return c.json(outcome.body, outcome.status);
  });
  r.post('/offers/:id/claim', validJson(ENDPOINTS.offerClaim.request), async (c) => {
    c.header('Cache-Control', 'no-store');
    const payload = c.req.valid('json');
    const id = c.req.param('id');
    const loaded = await signer();
    const { outcome, replayed, wrote } = await runIdempotent(
      deps.db,
      { endpoint: `waiting-list/claim/${id}`, key: c.req.header('idempotency-key')?.trim(), fingerprint: () => payload },
      (ctx) => claimOffer(deps, registrations, loaded, id, payload, ctx),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    if (wrote) deps.onOutboxWrite?.('mail');
    return c.json(outcome.body, outcome.status);
  });
  return r;
}
