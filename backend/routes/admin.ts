import { Hono } from 'hono';
import { exportCsv, isExportKind } from '../export/csv';
import { fail } from '../lib/http';
import type { AppDeps, AppEnv } from '../types';
import { requireStaff } from './auth';

/** Staff-only: GET /admin/export/<kind>.csv, the same CSV as `npm run export -- <kind>`. */
export function adminRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(deps.db));

  r.get('/export/:file', async (c) => {
    const match = /^([a-z]+)\.csv$/.exec(c.req.param('file'));
    const kind = match?.[1];
    if (!kind || !isExportKind(kind)) {
      return fail(c, 404, 'Unknown export. Use registrations, donations, partnerships, newsletter, volunteers or contact (.csv).');
    }
    const csv = await exportCsv(deps.db, kind);
    const date = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="itan-${kind}-${date}.csv"`,
      'Cache-Control': 'no-store',
    });
  });

  return r;
}
