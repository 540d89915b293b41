import type { EditionFacts } from '@/contract/edition-copy';
import 'server-only';
import { notFound } from 'next/navigation';
import type { AdminEntry } from '@/contract/api/entries';
import { entryFormValues, type EntryData } from '@/contract/content/entry-fields';
import { contentKind, SINGLETON_ID, type ContentKind } from '@/contract/content/kinds';
import { call, capabilities } from '@/lib/backend';
import { load, type Loaded } from './admin';

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

export { SINGLETON_ID };
