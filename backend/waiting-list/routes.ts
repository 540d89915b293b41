import { Hono, type Context } from 'hono';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { keyedJsonRoute } from '../kernel/form-flow';
import { runIdempotent } from '../kernel/idempotency';
import { signerOf } from '../kernel/signer-of';
import { validJson } from '../kernel/validate';
import type { AppDeps, AppEnv } from '../kernel/deps';
import type { RegistrationSeam } from '../kernel/seams';
import { requireAdmin, requireStaff } from '../auth/middleware';
import { fail } from '../kernel/http';
import { WAITING_ENTRY_ID_PATTERN, WAITING_LIST_ADMIN_MESSAGES } from '@/contract/api/waiting-list';
import { claimOffer, viewOffer, waitingListFlow } from './service';
import { offerByHand, WaitingListRefusal, waitingListView, withdrawOffer } from './staff';

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

/**
 * /admin/waiting-list (issue 43): the current edition's list in queue order (staff); an offer made
 * by hand and withdrawing an open offer (admins: they decide who gets the festival's places, like
 * the capacity at /admin/edition). Every change is audited by backend/waiting-list/staff.ts;
 * every answer is no-store.
 */
export function waitingListAdminRoutes(deps: AppDeps) {
  const { db } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  const offerDeps = { config: deps.config, onOutboxWrite: deps.onOutboxWrite, log: deps.log };
  r.get('/', async (c) => c.json({ success: true, data: await waitingListView(db, deps.config) }));
  const change = (act: typeof offerByHand, message: (row: { name: string; numberOfTickets: number }) => string) =>
    async (c: Context<AppEnv>) => {
      const id = c.req.param('id') ?? '';
      if (!WAITING_ENTRY_ID_PATTERN.test(id)) return fail(c, 404, WAITING_LIST_ADMIN_MESSAGES.notFound);
      try {
        const row = await act(db, offerDeps, c.get('staff'), id);
        return c.json({ success: true, message: message(row), data: row });
      } catch (error) {
        if (error instanceof WaitingListRefusal) return fail(c, error.status, error.message);
        throw error;
      }
    };
  r.post('/:id/offer', requireAdmin(), change(offerByHand, (row) => WAITING_LIST_ADMIN_MESSAGES.offered(row.name, row.numberOfTickets)));
  r.post('/:id/withdraw', requireAdmin(), change(withdrawOffer, (row) => WAITING_LIST_ADMIN_MESSAGES.withdrawn(row.name)));
  return r;
}
