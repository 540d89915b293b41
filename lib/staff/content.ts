import 'server-only';
import { randomBytes } from 'node:crypto';
import { notFound } from 'next/navigation';
import type { EditionFacts } from '@/contract/edition-copy';
import type { AdminEntry } from '@/contract/api/entries';
import { entryFormValues, type EntryData } from '@/contract/content/entry-fields';
import { contentKind, SINGLETON_ID, type ContentKind } from '@/contract/content/kinds';
import { call, capabilities } from '@/lib/backend';
import { load, type Loaded } from './admin';
import { refOptions, refValues, type RefOption } from './entry-rows';

/** The kind a staff page's path names, or the 404 page. */
export function kindOrNotFound(key: string): ContentKind {
  const kind = contentKind(key);
  if (!kind) notFound();
  return kind;
}

/** A kind's entries with their drafts, for its staff pages ("not offered" and failures become the page's notices). */
export const loadEntries = (kind: ContentKind): Promise<Loaded<AdminEntry[]>> => load(async () => (await call('entries', { params: { kind: kind.key } })).data.entries);

/**
 * One entry of a kind for its staff page: 'off' where the configured backend keeps the content
 * (API_BASE_URL), 'failed' when it could not be read; the 404 page when there is no such entry.
 */
export async function findEntry(kind: ContentKind, id: string): Promise<{ kind: 'ok'; entry: AdminEntry } | { kind: 'off' | 'failed' }> {
  if (!capabilities().publishing) return { kind: 'off' };
  const loaded = await loadEntries(kind);
  if (loaded.kind !== 'ok') return { kind: 'failed' };
  const entry = loaded.data.find((e) => e.id === id);
  if (!entry) notFound();
  return { kind: 'ok', entry };
}

/** How an entry is named in lists and headings. */
export function entryLabel(kind: ContentKind, entry: AdminEntry): string {
  if (kind.shape === 'singleton') return kind.title;
  const label = entry.draft[kind.label];
  return label === undefined || label === '' ? '(untitled)' : String(label);
}

/** The form's values for an entry (its draft), or a singleton's fallback before its first save. */
export function editorValues(kind: ContentKind, entry: AdminEntry | undefined, edition: EditionFacts): Record<string, string> {
  return entryFormValues(kind.fields, (entry?.draft as EntryData | undefined) ?? (kind.shape === 'singleton' ? kind.fallback(edition) : undefined));
}

/**
 * The options of a kind's ref fields (a session's venue and speakers): every entry of the kind each
 * names, read through the same call as that kind's list page, with the values the form shows kept
 * (lib/staff/entry-rows' refOptions). A kind that cannot be read offers none (the select says so).
 */
export async function loadRefOptions(kind: ContentKind, values: Record<string, string>): Promise<Record<string, { options: RefOption[]; kindTitle: string }>> {
  const refs: Record<string, { options: RefOption[]; kindTitle: string }> = {};
  const fields = kind.fields.filter((f) => f.kind === 'ref');
  const loaded = await Promise.all(fields.map(async (field) => {
    const target = contentKind(field.ref);
    if (!target || target.shape !== 'collection') return { field, target, entries: [] as AdminEntry[] };
    const read = await loadEntries(target);
    return { field, target, entries: read.kind === 'ok' ? read.data : [] };
  }));
  for (const { field, target, entries } of loaded) {
    const label = target && target.shape === 'collection' ? target.label : 'slug';
    refs[field.name] = { options: refOptions(entries, label, refValues(values[field.name])), kindTitle: target?.title ?? String(field.ref) };
  }
  return refs;
}

/** A new entry form's one-time key: 16 random bytes, base64url (22 characters). */
export const newEntryKey = (): string => randomBytes(16).toString('base64url');

export { SINGLETON_ID };
