import { Hono } from 'hono';
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
export function formRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });

  const mount = <S extends z.ZodType>(path: string, flow: FormFlow<S>) => {
    const body = validJson<S, AppEnv>(flow.schema, {
      before: (raw, c) => {
        if (!caughtByHoneypot(raw)) return undefined;
        const decoy = flow.decoy();
        return c.json(decoy.body, decoy.status);
      },
    });
    r.post(path, body, async (c) => {
      const data = c.req.valid('json') as z.output<S>;
      const { outcome, replayed, wrote } = await runIdempotent(
        deps.db,
        {
          endpoint: `forms${path}`,
          key: c.req.header('idempotency-key')?.trim(),
          fingerprint: async () => (flow.fingerprint ?? ((x) => x))(await c.req.json<Record<string, unknown>>()),
        },
        (ctx) => flow.handle(data, ctx),
      );
      if (replayed) c.header('Idempotent-Replayed', 'true');
      if (wrote) deps.onOutboxWrite?.('mail');
      return c.json(outcome.body, outcome.status);
    });
  };

  mount('/newsletter', newsletterFlow());
  mount('/registrations', registrationFlow(deps));
  mount('/partnerships', partnershipFlow());
  mount('/donations', donationFlow(deps));
  mount('/volunteer', volunteerFlow());
  mount('/contact', contactFlow());

  return r;
}
