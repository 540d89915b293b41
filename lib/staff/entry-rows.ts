import type { AdminEntry } from '@/contract/api/entries';
import type { CollectionKind } from '@/contract/content/kinds';
import { CONTENT_TEXT } from './content-messages';

/**
 * The staff list's pure helpers (issue 40): how an entry ordered by its data (a session) is named
 * and grouped, and a ref field's options. No I/O: the pages load the entries and hand them here.
 */

type OrderedBy = NonNullable<CollectionKind['orderedBy']>;

const str = (value: unknown) => (typeof value === 'string' ? value : '');

// The date is the festival's own day (Lagos), written YYYY-MM-DD: read at UTC midnight so no zone moves it.
const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "Sat 24 Oct 10:00" from an entry's date and time fields; what is missing or malformed is left out. */
export function whenLabel(data: Record<string, unknown>, orderedBy: OrderedBy): string {
  const date = str(data[orderedBy.date]);
  const time = orderedBy.time ? str(data[orderedBy.time]) : '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? dayFormat.format(new Date(`${date}T00:00:00Z`)) : '';
  return [day, /^\d{2}:\d{2}$/.test(time) ? time : ''].filter(Boolean).join(' ');
}

/** "Sat 24 Oct 10:00 · Title": a dated entry's row in the staff list. */
export function datedRowLabel(data: Record<string, unknown>, orderedBy: OrderedBy, name: string): string {
  const when = whenLabel(data, orderedBy);
  return when ? `${when} · ${name}` : name;
}

/** Entries in the order of their date and time (then their list order), as the public programme shows them. */
export function sortByDate(entries: readonly AdminEntry[], orderedBy: OrderedBy): AdminEntry[] {
  const key = (e: AdminEntry) => `${str(e.draft[orderedBy.date])} ${orderedBy.time ? str(e.draft[orderedBy.time]) : ''}`;
  return [...entries].sort((a, b) => key(a).localeCompare(key(b)) || a.position - b.position);
}

/** The editions the entries belong to, and the current one (even with none yet), newest first. */
export function editionsOf(entries: readonly AdminEntry[], orderedBy: OrderedBy, current: string): string[] {
  if (!orderedBy.edition) return [];
  const field = orderedBy.edition;
  const keys = new Set(entries.map((e) => str(e.draft[field])).filter((k) => k !== ''));
  keys.add(current);
  return [...keys].sort((a, b) => b.localeCompare(a));
}

/** Which edition a list shows: the one asked for (`?edition=`) when it is one of `editions`, else the current one. */
export function chosenEdition(asked: unknown, editions: readonly string[], current: string): string {
  const value = Array.isArray(asked) ? asked[0] : asked;
  return typeof value === 'string' && editions.includes(value) ? value : current;
}

export interface RefOption {
  value: string;
  label: string;
}

/**
 * A ref field's options: every entry of the kind it names (drafts marked), by its `slug`, named
 * by the kind's label field; and any value the entry already has that names none of them (kept,
 * marked, so saving never drops it unseen). Entries without a slug cannot be named and are left out.
 */
export function refOptions(entries: readonly AdminEntry[], labelField: string, current: readonly string[]): RefOption[] {
  const options: RefOption[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const slug = str(entry.draft.slug);
    if (slug === '' || seen.has(slug)) continue;
    seen.add(slug);
    const name = str(entry.draft[labelField]) || slug;
    options.push({ value: slug, label: `${name}${entry.status === 'draft' ? CONTENT_TEXT.draftMark : ''}` });
  }
  for (const slug of current) {
    if (slug === '' || seen.has(slug)) continue;
    seen.add(slug);
    options.push({ value: slug, label: `${slug}${CONTENT_TEXT.missingMark}` });
  }
  return options;
}

/**
 * A multiple ref's checkboxes: the chosen ones first, in the order they are kept (a form posts
 * checkboxes in page order, so saving keeps that order), then the rest by name.
 */
export function chosenFirst(options: readonly RefOption[], chosen: readonly string[]): RefOption[] {
  const byValue = new Map(options.map((o) => [o.value, o]));
  const first = chosen.flatMap((value) => byValue.get(value) ?? []);
  const firstSet = new Set(first.map((o) => o.value));
  const rest = options.filter((o) => !firstSet.has(o.value)).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [...first, ...rest];
}

/** A form value (a string of lines, or a list) as the list of slugs it names. */
export function refValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (typeof value !== 'string') return [];
  return value
    .split(/\r\n|\r|\n/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
