import type { Selectable } from 'kysely';
import { ENTRY_MESSAGES, type AdminEntry, type EntryStatus } from '@/contract/api/entries';
import { entrySchema, type EntryData } from '@/contract/content/entry-fields';
import { CONTENT_BLOCKS, type ContentBlockKey } from '@/contract/content/blocks';
import { CONTENT_KINDS, SINGLETON_ID, type ContentKind } from '@/contract/content/kinds';
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

function parse(kind: ContentKind, raw: unknown): EntryOutcome<EntryData> {
  const parsed = entrySchema(kind.fields).safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_form')] ??= issue.message;
  return refused(422, ENTRY_MESSAGES.invalid, errors);
}

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

async function lockKind(trx: Db, dialect: DbDialect, kind: ContentKind): Promise<void> {
  // The seed marker is one row per kind that always exists once seeded: locking it serialises writers of the kind.
  if (dialect === 'postgres') await trx.selectFrom('content_seeds').select('kind').where('kind', '=', kind.key).forUpdate().execute();
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

/** A new entry at the end of a collection's list, as a draft. */
export async function createEntry({ db, dialect, staff, kind }: Write, raw: unknown, now = new Date()): Promise<EntryOutcome<AdminEntry>> {
  if (kind.shape !== 'collection') return refused(409, ENTRY_MESSAGES.singletonFixed);
  const parsed = parse(kind, raw);
  if (!parsed.ok) return parsed;
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind);
    const duplicate = await duplicateOf(trx, kind, parsed.value, undefined);
    if (duplicate) return duplicate;
    const last = await trx.selectFrom('content_entries').select((eb) => eb.fn.max('position').as('top')).where('kind', '=', kind.key).executeTakeFirst();
    const at = now.toISOString();
    const row = { kind: kind.key, id: newId(), position: Number(last?.top ?? -1) + 1, draft: JSON.stringify(parsed.value), published: null, created_at: at, updated_at: at, updated_by: staff.id };
    await trx.insertInto('content_entries').values(row).execute();
    await recordAudit(trx, staff, { action: 'content.create', targetType: kind.key, targetId: row.id, summary: summaryOf(kind, parsed.value) }, now);
    return { ok: true, value: toAdmin(row) };
  });
}

/** Saves an entry's draft (a singleton's one entry is made on its first save); the public version is unchanged. */
export async function saveEntry({ db, dialect, staff, kind }: Write, id: string, raw: unknown, now = new Date()): Promise<EntryOutcome<AdminEntry>> {
  const parsed = parse(kind, raw);
  if (!parsed.ok) return parsed;
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind);
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
    const duplicate = await duplicateOf(trx, kind, parsed.value, id);
    if (duplicate) return duplicate;
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
export async function setEntryPublished({ db, dialect, staff, kind }: Write, id: string, publish: boolean, now = new Date()): Promise<EntryOutcome<AdminEntry>> {
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
export async function moveEntry({ db, dialect, staff, kind }: Write, id: string, direction: 'up' | 'down', now = new Date()): Promise<EntryOutcome<AdminEntry[]>> {
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

/** Deletes a collection entry, draft and published version alike. */
export async function deleteEntry({ db, dialect, staff, kind }: Write, id: string, now = new Date()): Promise<EntryOutcome<true>> {
  if (kind.shape !== 'collection') return refused(409, ENTRY_MESSAGES.singletonFixed);
  return db.transaction().execute(async (trx) => {
    await lockKind(trx, dialect, kind);
    const current = await findRow(trx, kind, id);
    if (!current) return refused(404, ENTRY_MESSAGES.notFound);
    if (await wouldEmpty(trx, kind, id)) return refused(409, ENTRY_MESSAGES.lastOne);
    await trx.deleteFrom('content_entries').where('kind', '=', kind.key).where('id', '=', id).execute();
    await recordAudit(trx, staff, { action: 'content.delete', targetType: kind.key, targetId: id, summary: summaryOf(kind, JSON.parse(current.draft) as EntryData) }, now);
    return { ok: true, value: true };
  });
}
