import { Hono, type Context } from 'hono';
import { ENTRY_MESSAGES } from '@/contract/api/entries';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { mediaIdOf, REPORT_MESSAGES } from '@/contract/api/reports';
import { contentKind, type ContentKind } from '@/contract/content/kinds';
import { requireStaff } from '../auth/middleware';
import type { Db } from '../db/schema';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { fail, HTTP_MESSAGES } from '../kernel/http';
import { validJson } from '../kernel/validate';
import { mediaExists } from '../media/known-image';
import { createEntry, deleteEntry, listEntries, listPublishedEntries, moveEntry, saveEntry, setEntryPublished, type EntryOutcome } from './entries';

/** The kind named in the path, or the 404 answer. */
function kindOf(c: Context<AppEnv>): ContentKind | undefined {
  return contentKind(c.req.param('kind'));
}

/** GET /api/content/entries/<kind>/: a kind's published entries, in order (issue 40). */
export function entryRoutes(db: Db) {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:kind', async (c) => {
    const kind = kindOf(c);
    if (!kind) return fail(c, 404, ENTRY_MESSAGES.unknownKind);
    return c.json({ kind: kind.key, entries: await listPublishedEntries(db, kind) });
  });
  return r;
}

/** An uploaded image an image field names must be stored (a URL of the site's own files is taken as it is). */
async function missingImages(db: Db, kind: ContentKind, data: Record<string, unknown>): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const field of kind.fields) {
    const value = data[field.name];
    if (field.kind !== 'image' || typeof value !== 'string') continue;
    const id = mediaIdOf(value);
    if (value.startsWith('/api/') && (!id || !(await mediaExists(db, id)))) errors[field.name] = REPORT_MESSAGES.imageMissing;
  }
  return errors;
}

/**
 * /api/admin/entries/<kind>/...: every entry with its draft and published versions; create, save,
 * publish, unpublish, move and delete, for signed-in staff, each audited (issue 40).
 */
export function adminEntryRoutes(deps: AppDeps) {
  const { db, dialect } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));

  const answer = <T>(c: Context<AppEnv>, outcome: EntryOutcome<T>, message: string, data: (value: T) => unknown) =>
    outcome.ok ? c.json({ success: true, data: data(outcome.value), message }) : fail(c, outcome.status, outcome.status === 422 ? HTTP_MESSAGES.validation : outcome.message, outcome.errors ?? {});

  r.get('/:kind', async (c) => {
    const kind = kindOf(c);
    if (!kind) return fail(c, 404, ENTRY_MESSAGES.unknownKind);
    return c.json({ success: true, data: { kind: kind.key, entries: await listEntries(db, kind) } });
  });

  r.post('/:kind', validJson(ENDPOINTS.entryCreate.request), async (c) => {
    const kind = kindOf(c);
    if (!kind) return fail(c, 404, ENTRY_MESSAGES.unknownKind);
    const { data } = c.req.valid('json');
    const missing = await missingImages(db, kind, data);
    if (Object.keys(missing).length > 0) return fail(c, 422, HTTP_MESSAGES.validation, missing);
    const outcome = await createEntry({ db, dialect, staff: c.get('staff'), kind }, data);
    return outcome.ok ? c.json({ success: true, data: outcome.value, message: ENTRY_MESSAGES.created }, 201) : answer(c, outcome, '', () => null);
  });

  r.post('/:kind/:id', validJson(ENDPOINTS.entrySave.request), async (c) => {
    const kind = kindOf(c);
    if (!kind) return fail(c, 404, ENTRY_MESSAGES.unknownKind);
    const { data } = c.req.valid('json');
    const missing = await missingImages(db, kind, data);
    if (Object.keys(missing).length > 0) return fail(c, 422, HTTP_MESSAGES.validation, missing);
    return answer(c, await saveEntry({ db, dialect, staff: c.get('staff'), kind }, c.req.param('id'), data), ENTRY_MESSAGES.saved, (v) => v);
  });

  for (const [verb, publish] of [['publish', true], ['unpublish', false]] as const) {
    r.post(`/:kind/:id/${verb}`, async (c) => {
      const kind = kindOf(c);
      if (!kind) return fail(c, 404, ENTRY_MESSAGES.unknownKind);
      const outcome = await setEntryPublished({ db, dialect, staff: c.get('staff'), kind }, c.req.param('id'), publish);
      return answer(c, outcome, publish ? ENTRY_MESSAGES.published : ENTRY_MESSAGES.unpublished, (v) => v);
    });
  }

  r.post('/:kind/:id/move', validJson(ENDPOINTS.entryMove.request), async (c) => {
    const kind = kindOf(c);
    if (!kind) return fail(c, 404, ENTRY_MESSAGES.unknownKind);
    const outcome = await moveEntry({ db, dialect, staff: c.get('staff'), kind }, c.req.param('id'), c.req.valid('json').direction);
    return outcome.ok ? c.json({ success: true, data: { kind: kind.key, entries: outcome.value }, message: ENTRY_MESSAGES.moved }) : answer(c, outcome, '', () => null);
  });

  r.post('/:kind/:id/delete', async (c) => {
    const kind = kindOf(c);
    if (!kind) return fail(c, 404, ENTRY_MESSAGES.unknownKind);
    const outcome = await deleteEntry({ db, dialect, staff: c.get('staff'), kind }, c.req.param('id'));
    return outcome.ok ? c.json({ success: true, message: ENTRY_MESSAGES.deleted }) : answer(c, outcome, '', () => null);
  });
  return r;
}
