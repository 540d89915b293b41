import { festivalNow } from '../kernel/clock';
import type { Selectable } from 'kysely';
import { ENTRY_MESSAGES, type AdminEntry, type EntryStatus } from '@/contract/api/entries';
import { entrySchema, type EntryData, type EntryField, type EntryValue } from '@/contract/content/entry-fields';
import { CONTENT_BLOCKS, type ContentBlockKey } from '@/contract/content/blocks';
import { CONTENT_KINDS, contentKind, SINGLETON_ID, type ContentKind } from '@/contract/content/kinds';
import { recordAudit } from '../audit/log';
import type { ContentEntryTable, Db, DbDialect } from '../db/schema';
import type { StaffUser } from '../kernel/deps';
import { newId } from '../kernel/ids';

/**
 * Content entries (issue 40): each kind's entries with a draft and a published version. Every
 * write checks the data against the kind's fields, holds the kind's list (PostgreSQL locks its
 * rows; SQLite's write transactions queue) and is audited in the same transaction.
 */

export type EntryOutcome<T> = { ok: true; value: T } | { ok: false; status: 404 | 409 | 422; message: string; errors?: Record<string, string> };

const refused = (status: 404 | 409 | 422, message: string, errors?: Record<string, string>): EntryOutcome<never> => ({ ok: false, status, message, ...(errors ? { errors } : {}) });

/** The data checked against the kind's fields, then against its checks across fields (a session ends after it starts). */
function parse(kind: ContentKind, raw: unknown): EntryOutcome<EntryData> {
  const parsed = entrySchema(kind.fields).safeParse(raw);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_form')] ??= issue.message;
    return refused(422, ENTRY_MESSAGES.invalid, errors);
  }
  for (const problem of kind.checks?.(parsed.data) ?? []) errors[problem.field] ??= problem.message;
  return Object.keys(errors).length > 0 ? refused(422, ENTRY_MESSAGES.invalid, errors) : { ok: true, value: parsed.data };
}

// ----- refs: a field naming another kind's entry by its `slug` (a session's venue and speakers) -----

/** The field of a referenced entry that refs name. */
const REF_KEY = 'slug';

interface RefField {
  owner: ContentKind;
  field: EntryField;
  target: ContentKind;
}

/** Every ref field of the registry: which kind's field names which kind's entries. */
const REF_FIELDS: readonly RefField[] = (Object.values(CONTENT_KINDS) as ContentKind[]).flatMap((owner) =>
  owner.fields.flatMap((field) => {
    const target = field.kind === 'ref' ? contentKind(field.ref) : undefined;
    return target ? [{ owner, field, target }] : [];
  }),
);

const refsFrom = (kind: ContentKind) => REF_FIELDS.filter((r) => r.owner.key === kind.key);
const refsTo = (kind: ContentKind) => REF_FIELDS.filter((r) => r.target.key === kind.key);

/** The slugs a ref field's value names (one, or a list). */
const namesIn = (value: EntryValue | undefined): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) ? value : []);

const versionsOf = (row: { draft: string; published: string | null }): EntryData[] => [row.draft, row.published].flatMap((json) => (json === null ? [] : [JSON.parse(json) as EntryData]));

/** The slugs an entry goes by, in its draft and its published version. */
const slugsOf = (row: { draft: string; published: string | null }): Set<string> => new Set(versionsOf(row).flatMap((data) => namesIn(data[REF_KEY]).slice(0, 1)));

/** Every slug a kind's entries hold (drafts and published versions). */
async function knownSlugs(trx: Db, kind: ContentKind): Promise<Set<string>> {
  const rows = await trx.selectFrom('content_entries').select(['draft', 'published']).where('kind', '=', kind.key).execute();
  return new Set(rows.flatMap((row) => [...slugsOf(row)]));
}

/** A ref field's first slug that names no entry of its kind (draft or published), as the field's error. */
async function unknownRefs(trx: Db, kind: ContentKind, data: EntryData): Promise<EntryOutcome<never> | undefined> {
  const errors: Record<string, string> = {};
  for (const { field, target } of refsFrom(kind)) {
    const names = namesIn(data[field.name]);
    if (names.length === 0) continue;
    const known = await knownSlugs(trx, target);
    const missing = names.find((name) => !known.has(name));
    if (missing !== undefined) errors[field.name] = ENTRY_MESSAGES.noSuchRef(target.title, missing);
  }
  return Object.keys(errors).length > 0 ? refused(422, ENTRY_MESSAGES.invalid, errors) : undefined;
}

/** How many entries (of the kinds that name `kind`'s entries) name one of `slugs`, in their draft or published version. */
async function usesOf(trx: Db, kind: ContentKind, slugs: ReadonlySet<string>): Promise<number> {
  if (slugs.size === 0) return 0;
  let count = 0;
  for (const owner of new Set(refsTo(kind).map((r) => r.owner))) {
    const fields = refsTo(kind).filter((r) => r.owner === owner).map((r) => r.field.name);
    const rows = await trx.selectFrom('content_entries').select(['draft', 'published']).where('kind', '=', owner.key).execute();
    count += rows.filter((row) => versionsOf(row).some((data) => fields.some((name) => namesIn(data[name]).some((slug) => slugs.has(slug))))).length;
  }
  return count;
}

/** The kinds a write to `kind` reads besides its own: those it names and those naming it. */
const relatedKinds = (kind: ContentKind): ContentKind[] => [...refsFrom(kind).map((r) => r.target), ...refsTo(kind).map((r) => r.owner)];

const same = (a: string | null, b: string) => a !== null && a === b;

function statusOf(row: Pick<Selectable<ContentEntryTable>, 'draft' | 'published'>): EntryStatus {
  if (row.published === null) return 'draft';
  return same(row.published, row.draft) ? 'published' : 'changed';
}

function toAdmin(row: Selectable<ContentEntryTable>): AdminEntry {
  return {
    id: row.id,
    position: row.position,
    status: statusOf(row),
    draft: JSON.parse(row.draft) as EntryData,
    published: row.published === null ? null : (JSON.parse(row.published) as EntryData),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** A kind's published entries, in order: what the public sees. */
export async function listPublishedEntries(db: Db, kind: ContentKind): Promise<{ id: string; data: EntryData }[]> {
  const rows = await db.selectFrom('content_entries').select(['id', 'published']).where('kind', '=', kind.key).where('published', 'is not', null).orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, data: JSON.parse(r.published!) as EntryData }));
}

/**
 * A page-copy block (GET /api/content/visit/ and the like) put together from its kinds' published
 * entries; throws when they no longer make it (its schema refuses).
 */
export async function readContentBlock<K extends ContentBlockKey>(db: Db, key: K): Promise<ReturnType<(typeof CONTENT_BLOCKS)[K]['assemble']>> {
  const block = CONTENT_BLOCKS[key];
  const lists = new Map(await Promise.all(block.kinds.map(async (kind) => [kind as string, (await listPublishedEntries(db, CONTENT_KINDS[kind])).map((e) => e.data)] as const)));
  return block.assemble((kind) => lists.get(kind) ?? []) as ReturnType<(typeof CONTENT_BLOCKS)[K]['assemble']>;
}

/** Every entry of a kind, drafts included, in order: what the editor lists. */
export async function listEntries(db: Db, kind: ContentKind): Promise<AdminEntry[]> {
  const rows = await db.selectFrom('content_entries').selectAll().where('kind', '=', kind.key).orderBy('position').orderBy('id').execute();
  return rows.map(toAdmin);
}

/**
 * Holds the kind's list, and those of the kinds its refs connect it to (a session names venues and
 * speakers; a venue is named by sessions), so a check of the other list stays true until commit.
 */
export async function lockKind(trx: Db, dialect: DbDialect, kind: ContentKind, withRelated = false): Promise<void> {
  // The seed marker is one row per kind that always exists once seeded: locking it serialises writers of the kind.
  if (dialect !== 'postgres') return;
  // Always in the same order (by key), so two writers holding different kinds never wait on each other in a circle.
  const keys = [...new Set([kind.key, ...(withRelated ? relatedKinds(kind).map((k) => k.key) : [])])].sort();
  for (const key of keys) await trx.selectFrom('content_seeds').select('kind').where('kind', '=', key).forUpdate().execute();
}

async function findRow(trx: Db, kind: ContentKind, id: string) {
  return trx.selectFrom('content_entries').selectAll().where('kind', '=', kind.key).where('id', '=', id).executeTakeFirst();
}

/** The kind's `unique` field already held by another entry's draft or published version. */
async function duplicateOf(trx: Db, kind: ContentKind, data: EntryData, id: string | undefined): Promise<EntryOutcome<never> | undefined> {
  if (kind.shape !== 'collection' || !kind.unique) return undefined;
  const value = data[kind.unique];
  const rows = await trx.selectFrom('content_entries').select(['id', 'draft', 'published']).where('kind', '=', kind.key).execute();
  const taken = rows.some((r) => r.id !== id && [r.draft, r.published].some((json) => json !== null && (JSON.parse(json) as EntryData)[kind.unique!] === value));
  return taken ? refused(409, ENTRY_MESSAGES.duplicate, { [kind.unique]: ENTRY_MESSAGES.duplicate }) : undefined;
}

/**
 * A referenced entry's new slug while other entries still name an old one: refused (409), not
 * rewritten. Rewriting the sessions would change their published versions at once, naming a slug
 * the venue's published version does not have until it is published: they would drop off the
 * site meanwhile. Staff point the sessions at the new slug (or publish in order) instead.
 */
async function slugInUse(trx: Db, kind: ContentKind, current: { draft: string; published: string | null }, data: EntryData): Promise<EntryOutcome<never> | undefined> {
  if (refsTo(kind).length === 0) return undefined;
  const dropped = new Set([...slugsOf(current)].filter((slug) => slug !== data[REF_KEY]));
  const uses = await usesOf(trx, kind, dropped);
  return uses > 0 ? refused(409, ENTRY_MESSAGES.inUse(uses), { [REF_KEY]: ENTRY_MESSAGES.inUse(uses) }) : undefined;
}

const summaryOf = (kind: ContentKind, data: EntryData) => {
  const label = kind.shape === 'collection' ? data[kind.label] : undefined;
  return `${kind.title}${label === undefined ? '' : `: ${String(label)}`}`;
};

interface Write {
  db: Db;
  dialect: DbDialect;
  staff: StaffUser;
  kind: ContentKind;
}

/** The id of an entry made with the form's one-time key: the same key always makes the same id. */
export const keyedEntryId = (key: string) => `k-${key}`;

/**
 * A new entry at the end of a collection's list, as a draft. With `key` (the form's one-time key)
 * its id is keyedEntryId(key), and a second create with the same key (a second click, a retry)
 * answers the entry the first made: no second row, no second audit entry.
 */
export async function createEntry({ db, dialect, staff, kind }: Write, raw: unknown, options: { key?: string | undefined; now?: Date } = {}): Promise<EntryOutcome<AdminEntry>> {
  if (kind.shape !== 'collection') return refused(409, ENTRY_MESSAGES.singletonFixed);
  const now = options.now ?? festivalNow();
  const id = options.key === undefined ? newId() : keyedEntryId(options.key);
  const existing = async (trx: Db) => (options.key === undefined ? undefined : await findRow(trx, kind, id));
  const parsed = parse(kind, raw);
  if (!parsed.ok) return parsed;
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind, true);
    const made = await existing(trx);
    if (made) return { ok: true, value: toAdmin(made) };
    const problem = (await duplicateOf(trx, kind, parsed.value, undefined)) ?? (await unknownRefs(trx, kind, parsed.value));
    if (problem) return problem;
    const last = await trx.selectFrom('content_entries').select((eb) => eb.fn.max('position').as('top')).where('kind', '=', kind.key).executeTakeFirst();
    const at = now.toISOString();
    const row = { kind: kind.key, id, position: Number(last?.top ?? -1) + 1, draft: JSON.stringify(parsed.value), published: null, created_at: at, updated_at: at, updated_by: staff.id };
    // The primary key is the last word on a keyed id (SQLite, or a kind with no lock row yet): a twin insert adds nothing.
    const inserted = await trx.insertInto('content_entries').values(row).onConflict((oc) => oc.columns(['kind', 'id']).doNothing()).executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      const twin = await findRow(trx, kind, id);
      if (twin) return { ok: true, value: toAdmin(twin) };
    }
    await recordAudit(trx, staff, { action: 'content.create', targetType: kind.key, targetId: row.id, summary: summaryOf(kind, parsed.value) }, now);
    return { ok: true, value: toAdmin(row) };
  });
}

/** Saves an entry's draft (a singleton's one entry is made on its first save); the public version is unchanged. */
export async function saveEntry({ db, dialect, staff, kind }: Write, id: string, raw: unknown, now = festivalNow()): Promise<EntryOutcome<AdminEntry>> {
  const parsed = parse(kind, raw);
  if (!parsed.ok) return parsed;
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind, true);
    const current = await findRow(trx, kind, id);
    const at = now.toISOString();
    const draft = JSON.stringify(parsed.value);
    if (!current) {
      if (kind.shape !== 'singleton' || id !== SINGLETON_ID) return refused(404, ENTRY_MESSAGES.notFound);
      const row = { kind: kind.key, id, position: 0, draft, published: null, created_at: at, updated_at: at, updated_by: staff.id };
      await trx.insertInto('content_entries').values(row).execute();
      await recordAudit(trx, staff, { action: 'content.update', targetType: kind.key, targetId: id, summary: summaryOf(kind, parsed.value) }, now);
      return { ok: true, value: toAdmin(row) };
    }
    const problem = (await unknownRefs(trx, kind, parsed.value)) ?? (await duplicateOf(trx, kind, parsed.value, id)) ?? (await slugInUse(trx, kind, current, parsed.value));
    if (problem) return problem;
    await trx.updateTable('content_entries').set({ draft, updated_at: at, updated_by: staff.id }).where('kind', '=', kind.key).where('id', '=', id).execute();
    await recordAudit(trx, staff, { action: 'content.update', targetType: kind.key, targetId: id, summary: summaryOf(kind, parsed.value) }, now);
    return { ok: true, value: toAdmin({ ...current, draft, updated_at: at, updated_by: staff.id }) };
  });
}

/** True when taking `id` off the site would leave fewer published entries than the kind's page needs. */
async function wouldEmpty(trx: Db, kind: ContentKind, id: string): Promise<boolean> {
  if (kind.shape !== 'collection' || !kind.minPublished) return false;
  const rows = await trx.selectFrom('content_entries').select('id').where('kind', '=', kind.key).where('published', 'is not', null).execute();
  return rows.some((r) => r.id === id) && rows.length - 1 < kind.minPublished;
}

/** Publish (the draft becomes what the public sees) or unpublish (the public sees nothing of it; the draft stays). */
export async function setEntryPublished({ db, dialect, staff, kind }: Write, id: string, publish: boolean, now = festivalNow()): Promise<EntryOutcome<AdminEntry>> {
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind);
    const current = await findRow(trx, kind, id);
    if (!current) return refused(404, ENTRY_MESSAGES.notFound);
    // A draft written under older fields is checked again before it goes out.
    const parsed = parse(kind, JSON.parse(current.draft));
    if (publish && !parsed.ok) return parsed;
    if (!publish && (await wouldEmpty(trx, kind, id))) return refused(409, ENTRY_MESSAGES.lastOne);
    const at = now.toISOString();
    const published = publish ? current.draft : null;
    await trx.updateTable('content_entries').set({ published, updated_at: at, updated_by: staff.id }).where('kind', '=', kind.key).where('id', '=', id).execute();
    await recordAudit(trx, staff, { action: publish ? 'content.publish' : 'content.unpublish', targetType: kind.key, targetId: id, summary: summaryOf(kind, JSON.parse(current.draft) as EntryData) }, now);
    return { ok: true, value: toAdmin({ ...current, published, updated_at: at, updated_by: staff.id }) };
  });
}

/** Swaps a collection entry with its neighbour above or below; at either end nothing moves. */
export async function moveEntry({ db, dialect, staff, kind }: Write, id: string, direction: 'up' | 'down', now = festivalNow()): Promise<EntryOutcome<AdminEntry[]>> {
  if (kind.shape !== 'collection') return refused(409, ENTRY_MESSAGES.singletonFixed);
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind);
    const rows = await trx.selectFrom('content_entries').selectAll().where('kind', '=', kind.key).orderBy('position').orderBy('id').execute();
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) return refused(404, ENTRY_MESSAGES.notFound);
    const other = direction === 'up' ? at - 1 : at + 1;
    if (other >= 0 && other < rows.length) {
      [rows[at], rows[other]] = [rows[other]!, rows[at]!];
      // Positions renumbered 0..n-1: ties or gaps from older writes are straightened at the same time.
      for (const [position, row] of rows.entries()) {
        if (row.position !== position) await trx.updateTable('content_entries').set({ position }).where('kind', '=', kind.key).where('id', '=', row.id).execute();
        row.position = position;
      }
      await recordAudit(trx, staff, { action: 'content.move', targetType: kind.key, targetId: id, summary: `${summaryOf(kind, JSON.parse(rows[other]!.draft) as EntryData)} (${direction})` }, now);
    }
    return { ok: true, value: rows.map(toAdmin) };
  });
}

/** Deletes a collection entry, draft and published version alike; not one that other entries name (409). */
export async function deleteEntry({ db, dialect, staff, kind }: Write, id: string, now = festivalNow()): Promise<EntryOutcome<true>> {
  if (kind.shape !== 'collection') return refused(409, ENTRY_MESSAGES.singletonFixed);
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind, true);
    const current = await findRow(trx, kind, id);
    if (!current) return refused(404, ENTRY_MESSAGES.notFound);
    if (await wouldEmpty(trx, kind, id)) return refused(409, ENTRY_MESSAGES.lastOne);
    // A venue or speaker that sessions name (in a draft or on the site) stays until they name another.
    const uses = await usesOf(trx, kind, slugsOf(current));
    if (uses > 0) return refused(409, ENTRY_MESSAGES.inUse(uses));
    await trx.deleteFrom('content_entries').where('kind', '=', kind.key).where('id', '=', id).execute();
    await recordAudit(trx, staff, { action: 'content.delete', targetType: kind.key, targetId: id, summary: summaryOf(kind, JSON.parse(current.draft) as EntryData) }, now);
    return { ok: true, value: true };
  });
}
