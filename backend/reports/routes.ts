import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { REPORT_ID_PATTERN, REPORT_MESSAGES, type AdminReport } from '@/contract/api/reports';
import { ENDPOINTS } from '@/contract/api/endpoints';
import type { Db } from '../db/schema';
import { fail, HTTP_MESSAGES } from '../kernel/http';
import { validJson } from '../kernel/validate';
import { requireStaff } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { knownImage } from '../media/known-image';
import { getAdminReport, getMedia, listAdminReports } from './queries';
import { changeReportStatus, createReportAudited, REPORT_STATUS_CHANGES, updateReportAudited, uploadMedia, type ReportStatusChange } from './service';

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ok = (data: AdminReport, message: string) => ({ success: true as const, data, reportId: data.id, message });

/** A report's id in the path, or its 404 before the body is read. */
const reportIdOr404: MiddlewareHandler<AppEnv, '/:id' | `/:id/${ReportStatusChange}`> = async (c, next) => {
  if (!REPORT_ID_PATTERN.test(c.req.param('id'))) return fail(c, 404, REPORT_MESSAGES.notFound);
  await next();
};

/**
 * Staff-only report publishing (issue 17), under /api/admin/reports/ (POST for every change: the
 * contract's client speaks GET and POST). Every change and its audit record share one transaction.
 */
export function adminReportRoutes(deps: AppDeps) {
  const { db } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));

  r.get('/', async (c) => c.json({ success: true, results: await listAdminReports(db) }));

  r.get('/:id', async (c) => {
    const id = c.req.param('id');
    const report = REPORT_ID_PATTERN.test(id) ? await getAdminReport(db, id) : undefined;
    return report ? c.json({ success: true, data: report, reportId: report.id, message: '' }) : fail(c, 404, REPORT_MESSAGES.notFound);
  });

  r.post('/', validJson(ENDPOINTS.reportCreate.request), knownImage(db), async (c) => {
    const report = await createReportAudited(db, c.get('staff'), c.req.valid('json'));
    return c.json(ok(report, REPORT_MESSAGES.saved), 201);
  });

  r.post('/:id', reportIdOr404, validJson(ENDPOINTS.reportUpdate.request), knownImage(db), async (c) => {
    const report = await updateReportAudited(db, c.get('staff'), c.req.param('id'), c.req.valid('json'));
    return report ? c.json(ok(report, REPORT_MESSAGES.updated)) : fail(c, 404, REPORT_MESSAGES.notFound);
  });

  for (const verb of Object.keys(REPORT_STATUS_CHANGES) as ReportStatusChange[]) {
    r.post(`/:id/${verb}`, reportIdOr404, async (c) => {
      const report = await changeReportStatus(db, c.get('staff'), c.req.param('id'), verb);
      return report ? c.json(ok(report, REPORT_STATUS_CHANGES[verb].message)) : fail(c, 404, REPORT_MESSAGES.notFound);
    });
  }

  return r;
}

/**
 * POST /api/admin/media/: an image, checked and processed (backend/reports/process-image.ts),
 * stored in the database. Any JSON object is taken here: the upload's own checks answer with the
 * image's messages (413 too large, 422 not an image, 429 with Retry-After when the staff member's
 * MEDIA_UPLOADS_PER_HOUR is used up), not the form pattern.
 */
export function adminMediaRoutes(deps: AppDeps) {
  const { db, dialect } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.post('/', validJson(z.record(z.string(), z.unknown())), async (c) => {
    const uploaded = await uploadMedia(db, dialect, c.get('staff'), c.req.valid('json'), { uploadsPerHour: deps.config.mediaUploadsPerHour });
    if (!uploaded.ok) {
      if (uploaded.status === 429) c.header('Retry-After', String(uploaded.retryAfterSeconds));
      return fail(c, uploaded.status, uploaded.message, { image: uploaded.message });
    }
    const { id, width, height, contentType } = uploaded.media;
    return c.json({ success: true, mediaId: id, data: { id, url: `/api/media/${id}.jpg`, width, height, contentType } }, 201);
  });
  return r;
}

/**
 * GET /api/media/<id>.jpg: a stored image. An id names one set of bytes forever (an edit uploads a
 * new image), so browsers and caches may keep it a year without asking again.
 */
export function mediaRoutes(db: Db) {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:file', async (c) => {
    const match = /^([0-9a-f-]{36})\.jpg$/.exec(c.req.param('file'));
    const media = match?.[1] && ID_PATTERN.test(match[1]) ? await getMedia(db, match[1]) : undefined;
    if (!media) return fail(c, 404, HTTP_MESSAGES.notFound);
    return c.body(new Uint8Array(media.bytes), 200, {
      'Content-Type': media.contentType,
      'Content-Length': String(media.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    });
  });
  return r;
}
