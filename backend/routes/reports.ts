import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { CARD_MESSAGES, cardInputSchema, REPORT_ID_PATTERN, HERO_MESSAGES, heroInputSchema, mediaUploadSchema, mediaUrl, REPORT_MESSAGES, reportInputSchema, type AdminReport, type ReportInput } from '@/contract/api/reports';
import type { Events, Hero } from '@/contract/content/schemas';
import { EVENT_DETAIL_MESSAGES, parseEventDetailInput, type StoredEventDetail } from '@/contract/api/event-details';
import { getEvents, getHero, getStoredEventDetails, publicEventDetail } from '../db/queries/content';
import { errorsByPath } from '@/contract/forms/form-state';
import { recordAudit } from '../audit/log';
import { createReport, getAdminReport, getMedia, insertMedia, listAdminReports, mediaExists, setReportStatus, updateReport } from '../db/queries/reports';
import type { Db } from '../db/schema';
import { fail, HTTP_MESSAGES } from '../lib/http';
import { processImage } from '../media/process';
import type { AppDeps, AppEnv } from '../types';
import { requireStaff } from './auth';
import { readJsonObject } from './read-json';

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REPORT_ID = REPORT_ID_PATTERN;

/**
 * An editor's JSON body parsed with its schema, its image (when it names one) known to exist; or
 * the failure to send back (the body's own 400/413, or 422 with the field errors).
 */
async function readEdit<S extends z.ZodType<{ imageId?: string | undefined }>>(
  c: Context<AppEnv>,
  db: Db,
  schema: S,
): Promise<{ input: z.output<S>; response?: undefined } | { input?: undefined; response: Response }> {
  const read = await readJsonObject(c);
  if (!read.ok) return { response: c.json(read.body, read.status) };
  const parsed = schema.safeParse(read.value);
  if (!parsed.success) return { response: fail(c, 422, HTTP_MESSAGES.validation, errorsByPath(parsed.error)) };
  if (parsed.data.imageId && !(await mediaExists(db, parsed.data.imageId))) {
    return { response: fail(c, 422, HTTP_MESSAGES.validation, { image: REPORT_MESSAGES.imageMissing }) };
  }
  return { input: parsed.data };
}

const ok = (data: AdminReport, message: string) => ({ success: true as const, data, reportId: data.id, message });

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
    const report = REPORT_ID.test(id) ? await getAdminReport(db, id) : undefined;
    return report ? c.json({ success: true, data: report, reportId: report.id, message: '' }) : fail(c, 404, REPORT_MESSAGES.notFound);
  });

  r.post('/', async (c) => {
    const got = await readEdit(c, db, reportInputSchema);
    if (!got.input) return got.response;
    const input: ReportInput = got.input;
    const staff = c.get('staff');
    const report = await db.transaction().execute(async (trx) => {
      const created = await createReport(trx, input);
      await recordAudit(trx, staff, { action: 'report.create', targetType: 'report', targetId: created.id, summary: created.title });
      return created;
    });
    return c.json(ok(report, REPORT_MESSAGES.saved), 201);
  });

  r.post('/:id', async (c) => {
    const id = c.req.param('id');
    if (!REPORT_ID.test(id)) return fail(c, 404, REPORT_MESSAGES.notFound);
    const got = await readEdit(c, db, reportInputSchema);
    if (!got.input) return got.response;
    const input: ReportInput = got.input;
    const staff = c.get('staff');
    const report = await db.transaction().execute(async (trx) => {
      const updated = await updateReport(trx, id, input);
      if (updated) await recordAudit(trx, staff, { action: 'report.update', targetType: 'report', targetId: id, summary: updated.title });
      return updated;
    });
    return report ? c.json(ok(report, REPORT_MESSAGES.updated)) : fail(c, 404, REPORT_MESSAGES.notFound);
  });

  for (const [verb, status, message] of [
    ['publish', 'published', REPORT_MESSAGES.published],
    ['unpublish', 'draft', REPORT_MESSAGES.unpublished],
  ] as const) {
    r.post(`/:id/${verb}`, async (c) => {
      const id = c.req.param('id');
      if (!REPORT_ID.test(id)) return fail(c, 404, REPORT_MESSAGES.notFound);
      const staff = c.get('staff');
      const report = await db.transaction().execute(async (trx) => {
        const changed = await setReportStatus(trx, id, status);
        if (changed) await recordAudit(trx, staff, { action: `report.${verb}`, targetType: 'report', targetId: id, summary: changed.title });
        return changed;
      });
      return report ? c.json(ok(report, message)) : fail(c, 404, REPORT_MESSAGES.notFound);
    });
  }

  return r;
}

/** POST /api/admin/media/: an image, checked and processed (backend/media/process.ts), stored in the database. */
export function adminMediaRoutes(deps: AppDeps) {
  const { db } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.post('/', async (c) => {
    const read = await readJsonObject(c);
    if (!read.ok) return c.json(read.body, read.status);
    const parsed = mediaUploadSchema.safeParse(read.value);
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((i) => i.code === 'too_big');
      return tooLong ? fail(c, 413, REPORT_MESSAGES.imageTooLarge, { image: REPORT_MESSAGES.imageTooLarge }) : fail(c, 422, REPORT_MESSAGES.imageNotImage, { image: REPORT_MESSAGES.imageNotImage });
    }
    const processed = await processImage(Buffer.from(parsed.data.data, 'base64'));
    if (!processed.ok) return fail(c, processed.status, processed.message, { image: processed.message });
    const staff = c.get('staff');
    const id = await db.transaction().execute(async (trx) => {
      const mediaId = await insertMedia(trx, { ...processed, createdBy: staff.id });
      await recordAudit(trx, staff, { action: 'media.upload', targetType: 'media', targetId: mediaId, summary: `${processed.width}×${processed.height} image` });
      return mediaId;
    });
    return c.json(
      { success: true, mediaId: id, data: { id, url: `/api/media/${id}.jpg`, width: processed.width, height: processed.height, contentType: processed.contentType } },
      201,
    );
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

/**
 * POST /api/admin/content/hero/: the home page's hero (issue 17 item 4). A new image replaces the
 * old one; without one the current image (and its alt text) stays. Audited in the same transaction.
 */
export function adminContentRoutes(deps: AppDeps) {
  const { db } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.post('/hero', async (c) => {
    const got = await readEdit(c, db, heroInputSchema);
    if (!got.input) return got.response;
    const input = got.input;
    const staff = c.get('staff');
    const hero = await db.transaction().execute(async (trx) => {
      if (deps.dialect === 'postgres') await trx.selectFrom('content_blocks').select('key').where('key', '=', 'hero').forUpdate().execute();
      const current = await getHero(trx);
      const next: Hero = {
        title: input.title,
        body: input.body,
        ctaText: input.ctaText,
        heroImage: input.imageId ? mediaUrl(input.imageId) : (current?.heroImage ?? '/images/content/hero.webp'),
        ...(input.imageId ? { heroImageAlt: input.imageAlt } : current?.heroImageAlt ? { heroImageAlt: input.imageAlt || current.heroImageAlt } : {}),
      };
      const at = new Date().toISOString();
      await trx
        .insertInto('content_blocks')
        .values({ key: 'hero', data: JSON.stringify(next), updated_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ data: JSON.stringify(next), updated_at: at }))
        .execute();
      await recordAudit(trx, staff, { action: 'hero.update', targetType: 'content', targetId: 'hero', summary: input.title });
      return next;
    });
    return c.json({ success: true, data: hero, message: HERO_MESSAGES.saved });
  });

  /** One card of the home page's events (the hero event or a grid card), by its slug. */
  r.post('/events/:slug', async (c) => {
    const slug = c.req.param('slug');
    const got = await readEdit(c, db, cardInputSchema);
    if (!got.input) return got.response;
    const input = got.input;
    const staff = c.get('staff');
    const found = await db.transaction().execute(async (trx) => {
      // Read, change one card, write back: on PostgreSQL the row is locked first so two edits of
      // different cards cannot lose one another (SQLite's write transactions already queue).
      if (deps.dialect === 'postgres') await trx.selectFrom('content_blocks').select('key').where('key', '=', 'events').forUpdate().execute();
      const events = await getEvents(trx);
      if (!events) return false;
      const image = (current: string) => (input.imageId ? mediaUrl(input.imageId) : current);
      let next: Events;
      if (events.heroEvent.slug === slug) {
        next = { ...events, heroEvent: { ...events.heroEvent, title: input.title, subtitle: input.subtitle || events.heroEvent.subtitle, image: image(events.heroEvent.image) } };
      } else if (events.events.some((e) => e.slug === slug)) {
        next = { ...events, events: events.events.map((e) => (e.slug === slug ? { ...e, title: input.title, image: image(e.image) } : e)) };
      } else return false;
      await trx.updateTable('content_blocks').set({ data: JSON.stringify(next), updated_at: new Date().toISOString() }).where('key', '=', 'events').execute();
      await recordAudit(trx, staff, { action: 'event.update', targetType: 'event', targetId: slug, summary: input.title });
      return true;
    });
    return found ? c.json({ success: true, message: CARD_MESSAGES.saved }) : fail(c, 404, CARD_MESSAGES.notFound);
  });

  /**
   * One event's or session's detail: title, start and end (ISO, Lagos +01:00 from the form), venue,
   * address, description. Marked `editedAt`, so from now on its times are served exactly as saved
   * (no FESTIVAL_START_DATE shift). Audited in the same transaction.
   */
  r.post('/event-details/:slug', async (c) => {
    const slug = c.req.param('slug');
    const read = await readJsonObject(c);
    if (!read.ok) return c.json(read.body, read.status);
    const parsed = parseEventDetailInput(read.value);
    if (!parsed.ok) return fail(c, 422, HTTP_MESSAGES.validation, parsed.errors);
    const input = parsed.value;
    const staff = c.get('staff');
    const saved = await db.transaction().execute(async (trx) => {
      if (deps.dialect === 'postgres') await trx.selectFrom('content_blocks').select('key').where('key', '=', 'event-details').forUpdate().execute();
      const details = await getStoredEventDetails(trx);
      const current = details?.find((d) => d.slug === slug);
      if (!details || !current) return undefined;
      const at = new Date().toISOString();
      const next: StoredEventDetail = { ...current, ...input, editedAt: at };
      const all = details.map((d) => (d.slug === slug ? next : d));
      await trx.updateTable('content_blocks').set({ data: JSON.stringify(all), updated_at: at }).where('key', '=', 'event-details').execute();
      await recordAudit(trx, staff, { action: 'event-detail.update', targetType: current.kind === 'program' ? 'programme' : 'event', targetId: slug, summary: `${input.title}: ${input.startsAt} – ${input.endsAt}, ${input.venue}` });
      return publicEventDetail(next);
    });
    return saved ? c.json({ success: true, data: saved, message: EVENT_DETAIL_MESSAGES.saved }) : fail(c, 404, EVENT_DETAIL_MESSAGES.notFound);
  });
  return r;
}

/** POST /api/admin/programs/<id>/: one programme row's title, category and image (issue 17 item 4). */
export function adminProgramRoutes(deps: AppDeps) {
  const { db } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.post('/:id', async (c) => {
    const id = c.req.param('id');
    const got = await readEdit(c, db, cardInputSchema);
    if (!got.input) return got.response;
    const input = got.input;
    const staff = c.get('staff');
    const found = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('programs')
        .set({ title: input.title, ...(input.category ? { left_label: input.category } : {}), ...(input.imageId ? { avatar: mediaUrl(input.imageId) } : {}) })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await recordAudit(trx, staff, { action: 'programme.update', targetType: 'programme', targetId: id, summary: input.title });
      return true;
    });
    return found ? c.json({ success: true, message: CARD_MESSAGES.saved }) : fail(c, 404, CARD_MESSAGES.notFound);
  });
  return r;
}
