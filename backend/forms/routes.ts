import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { donationFlow } from '../donations/service';
import { runIdempotent } from '../lib/idempotency';
import { validJson } from '../lib/validate';
import type { AppDeps, AppEnv } from '../types';
import {
  caughtByHoneypot,
  contactFlow,
  newsletterFlow,
  partnershipFlow,
  registrationFlow,
  volunteerFlow,
  type FormFlow,
} from './service';

/**
 * POST /forms/* (spec §7): validate with contract/api/forms, answer honeypot bots with a decoy,
 * honour Idempotency-Key (lib/idempotency.ts); the flows are in forms/service.ts.
 */
/**
 * The middleware and handler of one keyed JSON endpoint: the body validated with the flow's
 * schema (a honeypot bot gets the decoy), then the flow run once per Idempotency-Key.
 */
export function keyedJsonRoute<S extends z.ZodType>(deps: AppDeps, endpoint: string, flow: FormFlow<S>) {
  const body = validJson<S, AppEnv>(flow.schema, {
    before: (raw, c) => {
      if (!caughtByHoneypot(raw)) return undefined;
      const decoy = flow.decoy();
      return c.json(decoy.body, decoy.status);
    },
  });
  const handler = async (c: Context<AppEnv>) => {
    const data = (c.req.valid as (target: 'json') => unknown)('json') as z.output<S>;
    const { outcome, replayed, wrote } = await runIdempotent(
      deps.db,
      {
        endpoint,
        key: c.req.header('idempotency-key')?.trim(),
        fingerprint: async () => (flow.fingerprint ?? ((x) => x))(await c.req.json<Record<string, unknown>>()),
      },
      (ctx) => flow.handle(data, { ...ctx, log: c.get('log') }),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    if (wrote) deps.onOutboxWrite?.('mail');
    return c.json(outcome.body, outcome.status);
  };
  return [body, handler] as const;
}

export function formRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  const mount = <S extends z.ZodType>(path: string, flow: FormFlow<S>) => r.post(path, ...keyedJsonRoute(deps, `forms${path}`, flow));

  mount('/newsletter', newsletterFlow(deps));
  mount('/registrations', registrationFlow(deps));
  mount('/partnerships', partnershipFlow());
  mount('/donations', donationFlow(deps));
  mount('/volunteer', volunteerFlow());
  mount('/contact', contactFlow());

  return r;
}
