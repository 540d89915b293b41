import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { ENTRY_MESSAGES } from '@/contract/api/entries';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { mediaIdOf, REPORT_MESSAGES } from '@/contract/api/reports';
import { contentKind, type ContentKind } from '@/contract/content/kinds';
import { requireStaff } from '../auth/middleware';
import type { Db } from '../db/schema';
import { currentEdition } from '../edition/service';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { fail, HTTP_MESSAGES } from '../kernel/http';
import { validJson } from '../kernel/validate';
import { mediaExists } from '../media/known-image';
import { createEntry, deleteEntry, listEntries, listPublishedEntries, moveEntry, saveEntry, setEntryPublished, type EntryOutcome } from './entries';
import { copyProgramme } from './programme';

/** A route under /<kind>/: the kind named in the path, looked up once by knownKind. */
type KindEnv = { Variables: AppEnv['Variables'] & { kind: ContentKind } };

/** The kind named in the path, set for the handlers; an unknown one is answered 404 here, for every route. */
const knownKind: MiddlewareHandler<KindEnv> = async (c, next) => {
  const kind = contentKind(c.req.param('kind'));
  if (!kind) return fail(c, 404, ENTRY_MESSAGES.unknownKind);
  c.set('kind', kind);
  await next();
};

/** GET /api/content/entries/<kind>/: a kind's published entries, in order (issue 40). */
export function entryRoutes(db: Db) {
  const r = new Hono<KindEnv>({ strict: false });
  r.use('/:kind', knownKind);
  r.get('/:kind', async (c) => {
    const kind = c.get('kind');
    return c.json({ kind: kind.key, entries: await listPublishedEntries(db, kind) });
  });
  return r;
}

/**
 * After validJson, on a create or a save: an uploaded image an image field names must be stored
 * (a URL of the site's own files is taken as it is), or the answer is 422 on that field.
 */
function knownEntryImages(db: Db): MiddlewareHandler<KindEnv, string, { out: { json: { data: Record<string, unknown> } } }> {
  return async (c, next) => {
    const { data } = c.req.valid('json');
    const errors: Record<string, string> = {};
    for (const field of c.get('kind').fields) {
      const value = data[field.name];
      if (field.kind !== 'image' || typeof value !== 'string') continue;
      const id = mediaIdOf(value);
      if (value.startsWith('/api/') && (!id || !(await mediaExists(db, id)))) errors[field.name] = REPORT_MESSAGES.imageMissing;
    }
    if (Object.keys(errors).length > 0) return fail(c, 422, HTTP_MESSAGES.validation, errors);
    await next();
  };
}

/**
 * /api/admin/entries/<kind>/...: every entry with its draft and published versions; create, save,
 * publish, unpublish, move and delete, for signed-in staff, each audited (issue 40).
 */
export function adminEntryRoutes(deps: AppDeps) {
  const { db, dialect } = deps;
  const r = new Hono<KindEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.use('/:kind', knownKind);
  r.use('/:kind/*', knownKind);

  const write = (c: Context<KindEnv>) => ({ db, dialect, staff: c.get('staff'), kind: c.get('kind') });
  const answer = <T>(c: Context<KindEnv>, outcome: EntryOutcome<T>, message: string, data: (value: T) => unknown) =>
    outcome.ok ? c.json({ success: true, data: data(outcome.value), message }) : fail(c, outcome.status, outcome.status === 422 ? HTTP_MESSAGES.validation : outcome.message, outcome.errors ?? {});

  r.get('/:kind', async (c) => c.json({ success: true, data: { kind: c.get('kind').key, entries: await listEntries(db, c.get('kind')) } }));

  // With the form's one-time `key`, a second create answers the entry the first made (the same 201).
  r.post('/:kind', validJson(ENDPOINTS.entryCreate.request), knownEntryImages(db), async (c) => {
    const { data, key } = c.req.valid('json');
    const outcome = await createEntry(write(c), data, { key });
    return outcome.ok ? c.json({ success: true, data: outcome.value, message: ENTRY_MESSAGES.created }, 201) : answer(c, outcome, '', () => null);
  });

  r.post('/:kind/:id', validJson(ENDPOINTS.entrySave.request), knownEntryImages(db), async (c) =>
    answer(c, await saveEntry(write(c), c.req.param('id'), c.req.valid('json').data), ENTRY_MESSAGES.saved, (v) => v),
  );

  for (const [verb, publish] of [['publish', true], ['unpublish', false]] as const) {
    r.post(`/:kind/:id/${verb}`, async (c) =>
      answer(c, await setEntryPublished(write(c), c.req.param('id'), publish), publish ? ENTRY_MESSAGES.published : ENTRY_MESSAGES.unpublished, (v) => v),
    );
  }

  r.post('/:kind/:id/move', validJson(ENDPOINTS.entryMove.request), async (c) =>
    answer(c, await moveEntry(write(c), c.req.param('id'), c.req.valid('json').direction), ENTRY_MESSAGES.moved, (entries) => ({ kind: c.get('kind').key, entries })),
  );

  r.post('/:kind/:id/delete', async (c) => {
    const outcome = await deleteEntry(write(c), c.req.param('id'));
    return outcome.ok ? c.json({ success: true, message: ENTRY_MESSAGES.deleted }) : answer(c, outcome, '', () => null);
  });
  return r;
}

/** POST /api/admin/programme/copy/: an edition's sessions copied into the current edition as drafts (issue 40 part 3), staff only. */
export function adminProgrammeRoutes(deps: AppDeps) {
  const { db, dialect, config } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));
  r.post('/copy', validJson(ENDPOINTS.programmeCopy.request), async (c) => {
    const outcome = await copyProgramme({ db, dialect, staff: c.get('staff') }, await currentEdition(db, config), c.req.valid('json').from);
    if (!outcome.ok) return fail(c, outcome.status, outcome.message);
    const { copied, skipped, from } = outcome.value;
    return c.json({ success: true, data: outcome.value, message: ENTRY_MESSAGES.copied(copied, skipped, from) });
  });
  return r;
}
