import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { HONEYPOT_FIELD } from '@/contract/festival';
import type { AppDeps, AppEnv } from './deps';
import { runIdempotent, type KeyedContext, type Outcome } from './idempotency';
import type { Logger } from './log';
import { validJson } from './validate';

/**
 * A keyed JSON endpoint (the form endpoints, POST /api/forms/*, and the waiting list's): the body
 * validated with the flow's schema (a honeypot bot gets the decoy), then the flow run once per
 * Idempotency-Key (kernel/idempotency.ts). Each feature writes its flows; app.ts mounts them.
 */

/** What a flow is given: the keyed request's context, and the request's logger (it carries the request id). */
export type FlowContext = KeyedContext & { log: Logger };

export interface FormFlow<S extends z.ZodType> {
  schema: S;
  handle: (data: z.output<S>, ctx: FlowContext) => Promise<Outcome>;
  /** What a bot that filled the honeypot sees: success-shaped, nothing stored. */
  decoy: () => Outcome;
  /** Request fingerprint for Idempotency-Key reuse checks: never includes card secrets. */
  fingerprint?: (raw: Record<string, unknown>) => unknown;
}

/** A bot filled the hidden field: it gets a success-shaped answer and nothing is stored. */
export function caughtByHoneypot(body: Record<string, unknown>): boolean {
  const trap = body[HONEYPOT_FIELD];
  return trap !== undefined && trap !== null && trap !== '';
}

/**
 * What makes two posts of a form the same request: its fields, not the time the site stamped on
 * it. Without JavaScript a double click posts the form twice under its one key, each stamped anew:
 * the second is a replay of the first (the thank-you page), not a "different request" (a 422).
 */
export function withoutStamp(body: Record<string, unknown>): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const fields = { ...body };
  delete fields.submittedAt;
  return fields;
}

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
        fingerprint: async () => (flow.fingerprint ?? withoutStamp)(await c.req.json<Record<string, unknown>>()),
      },
      (ctx) => flow.handle(data, { ...ctx, log: c.get('log') }),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    if (wrote) deps.onOutboxWrite?.('mail');
    return c.json(outcome.body, outcome.status);
  };
  return [body, handler] as const;
}

/**
 * POST /forms/<path> for each flow mounted, in that order; the Idempotency-Key's endpoint is
 * `forms/<path>`. The flows come from their features: app.ts mounts them.
 */
export function keyedFormRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>({ strict: false });
  const builder = {
    routes,
    mount<S extends z.ZodType>(path: `/${string}`, flow: FormFlow<S>) {
      routes.post(path, ...keyedJsonRoute(deps, `forms${path}`, flow));
      return builder;
    },
  };
  return builder;
}
