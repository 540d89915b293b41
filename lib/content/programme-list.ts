import type { EventDetail, Program } from '@/contract/content/schemas';
import type { ProgrammeData, ProgrammeSession, Speaker, Venue } from '@/contract/content/programme';
import { foldedIncludes, foldText } from '@/contract/fold';
import { dayLabel, lagosDate, programmeByDay, sessionIcsPath, type Programme, type ProgrammeDay } from './programme';

/**
 * The programme as /programme, /programme/{edition}, /events/{slug} and /speakers read it (issue 40
 * part 3): the joined sessions (contract/content/programme.ts joinProgramme) filtered by day,
 * category and venue, grouped by day for the list, and a speaker's sessions by edition. Pure, so
 * tested (programme-list.test.ts).
 */

/** What the pages read: the joined programme, and rows the external API lists without a time (shown apart). */
export interface ProgrammeView extends ProgrammeData {
  unscheduled: Programme['unscheduled'];
}

/** A category or venue as a filter link names it: folded ("Àkẹ́ Readings" -> "ake-readings"). */
export function filterKey(value: string): string {
  return foldText(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether a ?category= (folded text or its link form: "Ake", "àkẹ́-readings") names `category`. */
export function categoryMatches(category: string, query: string): boolean {
  const key = filterKey(query);
  return key !== '' && filterKey(category) === key;
}

export interface ProgrammeFilter {
  day?: string | undefined;
  category?: string | undefined;
  venue?: string | undefined;
}

/** The first value of a query parameter, trimmed and bounded; blank is no filter. */
function oneValue(value: string | string[] | undefined, max: number): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  const v = first?.trim().slice(0, max);
  return v ? v : undefined;
}

/** ?day=&category=&venue= as a filter (anything else is ignored). */
export function filterFromSearch(search: Record<string, string | string[] | undefined>): ProgrammeFilter {
  const filter: ProgrammeFilter = {};
  const day = oneValue(search.day, 10);
  const category = oneValue(search.category, 80);
  const venue = oneValue(search.venue, 80);
  if (day) filter.day = day;
  if (category) filter.category = category;
  if (venue) filter.venue = venue;
  return filter;
}

export const hasFilter = (f: ProgrammeFilter) => Boolean(f.day || f.category || f.venue);

/**
 * The sessions a filter keeps: all of them (combined with "and"); a day keeps what runs on it. A
 * category names one exactly (its folded text or link form: the filter links); when it names none
 * of these sessions' categories, it is looked for inside them, folded ("Ake" finds "Àkẹ́ Readings").
 */
export function filterSessions(sessions: readonly ProgrammeSession[], filter: ProgrammeFilter): ProgrammeSession[] {
  const venue = filter.venue ? filterKey(filter.venue) : undefined;
  const category = filter.category;
  let inCategory: ((s: ProgrammeSession) => boolean) | undefined;
  if (category) {
    const exact = sessions.some((s) => categoryMatches(s.category, category));
    const words = category.replace(/-/g, ' ');
    inCategory = exact ? (s) => categoryMatches(s.category, category) : (s) => foldText(words) !== '' && foldedIncludes(s.category, words);
  }
  return sessions.filter(
    (s) =>
      (!filter.day || s.date === filter.day) &&
      (!inCategory || inCategory(s)) &&
      (!venue || s.venue.slug === venue || filterKey(s.venue.name) === venue),
  );
}

/** The current edition's sessions (or any edition's). */
export const sessionsOfEdition = (sessions: readonly ProgrammeSession[], edition: string) => sessions.filter((s) => s.edition === edition);

export interface FilterChoice {
  /** The query value. */
  value: string;
  label: string;
}

export interface FilterChoices {
  days: FilterChoice[];
  categories: FilterChoice[];
  venues: FilterChoice[];
}

const DAY_SHORT = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', weekday: 'short', day: 'numeric', month: 'short' });

/** The days, categories and venues of an edition's sessions, for the filter links (days in order, the rest by name). */
export function filterChoices(sessions: readonly ProgrammeSession[]): FilterChoices {
  const days = new Map<string, string>();
  const categories = new Map<string, string>();
  const venues = new Map<string, string>();
  for (const s of sessions) {
    if (!days.has(s.date)) days.set(s.date, DAY_SHORT.format(new Date(`${s.date}T12:00:00+01:00`)));
    const key = filterKey(s.category);
    if (key && !categories.has(key)) categories.set(key, s.category);
    if (!venues.has(s.venue.slug)) venues.set(s.venue.slug, s.venue.name);
  }
  const byLabel = (a: FilterChoice, b: FilterChoice) => foldText(a.label).localeCompare(foldText(b.label));
  return {
    days: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([value, label]) => ({ value, label })),
    categories: [...categories].map(([value, label]) => ({ value, label })).sort(byLabel),
    venues: [...venues].map(([value, label]) => ({ value, label })).sort(byLabel),
  };
}

/** A link to the list with `change` applied to `filter` (undefined removes a parameter); day, category, venue in that order. */
export function filterHref(base: string, filter: ProgrammeFilter, change: ProgrammeFilter): string {
  const next = { ...filter, ...change };
  const params = new URLSearchParams();
  for (const name of ['day', 'category', 'venue'] as const) {
    const v = next[name];
    if (v) params.set(name, v);
  }
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}


export const sessionPath = (slug: string) => `/events/${encodeURIComponent(slug)}`;
export const speakerPath = (slug: string) => `/speakers/${encodeURIComponent(slug)}`;

/** Sessions (in start order) grouped by their day, each day's label "Friday 24 October 2025". */
export function sessionsByDay(sessions: readonly ProgrammeSession[]): ProgrammeDay[] {
  const days = new Map<string, ProgrammeDay>();
  const ordered = [...sessions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.title.localeCompare(b.title));
  for (const s of ordered) {
    let day = days.get(s.date);
    if (!day) days.set(s.date, (day = { date: s.date, label: dayLabel(s.date), sessions: [] }));
    day.sessions.push({
      slug: s.slug,
      title: s.title,
      category: s.category,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      venue: s.venue.name,
      ...(s.room ? { room: s.room } : {}),
      path: sessionPath(s.slug),
      icsPath: sessionIcsPath(s.slug),
      speakers: s.speakers.map((p) => ({ slug: p.slug, name: p.name })),
      access: s.access.length > 0 ? s.access : s.venue.access,
      free: s.free,
    });
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * With an external API (no sessions kind there): the programme rows and session details it has
 * (lib/content/programme.ts programmeByDay), as sessions of the current edition, each at a venue
 * made from its detail's venue text (no speakers, no access notes: that API has none).
 */
export function sessionsFromEventDetails(programs: readonly Program[], details: readonly EventDetail[], edition: string): ProgrammeView {
  const programme = programmeByDay(programs, details);
  const detailBySlug = new Map(details.filter((d) => d.kind === 'program').map((d) => [d.slug, d]));
  const venues = new Map<string, Venue>();
  const sessions: ProgrammeSession[] = [];
  for (const day of programme.days) {
    for (const s of day.sessions) {
      const detail = detailBySlug.get(s.slug);
      if (!detail) continue;
      const slug = filterKey(detail.venue) || 'venue';
      const venue = venues.get(slug) ?? { slug, name: detail.venue, ...(detail.address !== detail.venue ? { address: detail.address } : {}), access: [] };
      venues.set(slug, venue);
      sessions.push({
        slug: s.slug,
        title: s.title,
        edition,
        date: lagosDate(s.startsAt),
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        venue,
        category: s.category,
        speakers: [],
        description: detail.description,
        image: detail.image,
        access: [],
        free: true,
      });
    }
  }
  return { sessions, speakers: [], venues: [...venues.values()], unscheduled: programme.unscheduled };
}

/** A speaker's sessions: the current edition's, then each past edition's (newest first). */
export function speakerSessions(
  sessions: readonly ProgrammeSession[],
  speaker: string,
  currentEdition: string,
): { current: ProgrammeSession[]; past: Array<{ edition: string; sessions: ProgrammeSession[] }> } {
  const theirs = sessions.filter((s) => s.speakers.some((p) => p.slug === speaker));
  const past = new Map<string, ProgrammeSession[]>();
  for (const s of theirs) {
    if (s.edition === currentEdition) continue;
    const list = past.get(s.edition) ?? [];
    list.push(s);
    past.set(s.edition, list);
  }
  return {
    current: theirs.filter((s) => s.edition === currentEdition),
    past: [...past].sort(([a], [b]) => b.localeCompare(a)).map(([edition, list]) => ({ edition, sessions: list })),
  };
}

/** Speakers in alphabetical order of their folded names ("Àdìgún" among the A's). */
export function speakersByName(speakers: readonly Speaker[]): Speaker[] {
  return [...speakers].sort((a, b) => foldText(a.name).localeCompare(foldText(b.name)) || a.slug.localeCompare(b.slug));
}

/** An edition's key as its heading says it: "2025" (a key like "2026-lagos" shows whole). */
export const editionLabel = (key: string) => key;
