import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { createHealthCheck } from './service';

/**
 * GET (and HEAD) /health/ — contract/api/health.ts: 200 when the database answers and is migrated,
 * else 503. Open to anyone and outside every rate limit (those count POSTs only), never stored.
 */
export function healthRoutes(deps: Pick<AppDeps, 'db' | 'log'>) {
  const check = createHealthCheck(deps.db, deps.log ? { log: deps.log } : {});
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/', async (c) => {
    const health = await check(c.get('log'));
    c.header('Cache-Control', 'no-store');
    return c.json(health, health.status === 'ok' ? 200 : 503);
  });
  return r;
}
