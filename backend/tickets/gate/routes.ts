import { Hono } from 'hono';
import type { GatePack, GateSyncAnswer } from '@/contract/api/gate';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { requireStaff } from '../../auth/middleware';
import { currentEdition } from '../../edition/service';
import { ifNoneMatchHits } from '../../kernel/etag';
import { validJson } from '../../kernel/validate';
import { checkInCounts } from '../queries';
import type { AppDeps, AppEnv } from '../../kernel/deps';
import { gateKeysOf } from './keys';
import { gateDuplicates, gatePack, gatePackEtag } from './pack';
import { recordScan, scanVerdicts } from './scans';

/** A sync's body limit: GATE_SYNC_MAX_SCANS scans with every field at its longest, escaped, fit. */
export const GATE_SYNC_BODY_LIMIT = 256 * 1024;

/**
 * The offline gate (issue 29, contract/api/gate.ts), staff only, under /admin/check-ins:
 *   GET  /offline  the pack a gate phone keeps to decide with no signal; with If-None-Match naming
 *                  its ETag (gatePackEtag: all but issuedAt), 304 and no body
 *   POST /sync     the scans a phone made (offline admissions, online scans), recorded in order;
 *                  answered with each one's verdict as the server now sees it, the counts and the duplicates
 * Mounted before checkInRoutes, so each path checks the session once.
 */
export function gateRoutes(deps: AppDeps) {
  const keys = gateKeysOf(deps);
  const staffOnly = requireStaff(deps.db);
  const r = new Hono<AppEnv>({ strict: false });

  r.get('/offline', staffOnly, async (c) => {
    c.header('Cache-Control', 'no-store');
    const edition = await currentEdition(deps.db, deps.config);
    const data: GatePack = await gatePack(deps.db, await keys(), edition);
    const etag = gatePackEtag(data);
    c.header('ETag', etag);
    // The phone's copy is what we would send: it keeps it. At 5,000 tickets the pack is about 75 KB
    // (23 KB gzipped), asked for every minute by every gate phone (backend/test/gate-pack-size.test.ts).
    if (ifNoneMatchHits(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    return c.json({ success: true, data });
  });

  r.post('/sync', staffOnly, validJson(ENDPOINTS.gateSync.request), async (c) => {
    c.header('Cache-Control', 'no-store');
    const { device, scans } = c.req.valid('json');
    const staff = c.get('staff');
    const current = await currentEdition(deps.db, deps.config);
    const edition = current.key;
    // In order: the phone's queue is oldest first, and a scan repeated in one batch is recorded once.
    for (const scan of scans) {
      const { id, reference, scannedAt, offline, packIssuedAt } = scan;
      await recordScan(deps.db, staff, { id, text: reference, scannedAt, offline, packIssuedAt, device }, current);
    }
    const [results, counts, duplicates] = await Promise.all([
      scanVerdicts(deps.db, device.id, scans.map((s) => s.id), edition),
      checkInCounts(deps.db, edition),
      gateDuplicates(deps.db, edition),
    ]);
    const data: GateSyncAnswer = { results, counts, duplicates };
    return c.json({ success: true, data });
  });

  return r;
}
