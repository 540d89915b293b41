import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { currentEditionStatus } from './service';

/** GET /edition/ — the current edition and its phase (contract/edition.ts editionStatusSchema). */
export function editionRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data: await currentEditionStatus(deps.db, deps.config) });
  });
  return r;
}
