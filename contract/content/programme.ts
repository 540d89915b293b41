import { z } from 'zod';
import { FALLBACK_FESTIVAL_START_DATE } from '../festival';
import { text } from '../text';
import type { EditionFacts } from '../edition-copy';
import { eventDetailsFallback, FESTIVAL_ADDRESS } from '../fallbacks/event-details';
import { programsFallback } from '../fallbacks/programs';
import type { EntryData, EntryField } from './entry-fields';
import { addDays, daysBetween } from '@/contract/calendar-days';

/**
 * The programme as data (issue 40 part 3): venues, speakers and sessions are three collections of
 * content entries (contract/content/kinds.ts). A session belongs to an edition (its key: "2027"),
 * has a day (a date), a start and an end (Lagos time), a venue and room, a category, speakers
 * (many, by slug), a description (Markdown), an image, access notes and whether the wristband
 * covers it. Sessions and speakers are named by slug in every link (/events/{slug},
 * /speakers/{slug}), so a slug is unique across editions.
 *
 * joinProgramme() turns the three lists of published entries into what pages show; it is pure and
 * ignores what does not fit (a speaker or venue that is not published), so a page never breaks
 * on a half-edited programme.
 */

export const SLUG_PATTERN = { source: '[a-z0-9]+(?:-[a-z0-9]+)*', message: 'Small letters, digits and single hyphens: letters-from-ake' } as const;
const EDITION_PATTERN = { source: '\\d{4}(?:-[A-Za-z0-9]+)*', message: 'The edition’s key: its year, 2027' } as const;

export const FREE_OPTIONS = [
  { value: 'yes', label: 'Free with the festival wristband' },
  { value: 'no', label: 'Needs its own ticket' },
] as const;

export const VENUE_FIELDS = [
  { name: 'slug', label: 'Link name', kind: 'text', max: 60, pattern: SLUG_PATTERN, hint: 'Used in filter links: /programme?venue=main-hall' },
  { name: 'name', label: 'Name', kind: 'text', max: 120 },
  { name: 'address', label: 'Address', kind: 'text', max: 200, optional: true, hint: 'Leave empty when it is at the festival’s own address.' },
  { name: 'access', label: 'Access', kind: 'lines', max: 8, optional: true, hint: 'One note per line: Step-free entrance' },
] as const satisfies readonly EntryField[];

export const SPEAKER_FIELDS = [
  { name: 'slug', label: 'Link name', kind: 'text', max: 80, pattern: SLUG_PATTERN, hint: 'Their page: /speakers/chika-okafor' },
  { name: 'name', label: 'Name', kind: 'text', max: 120 },
  { name: 'role', label: 'In a few words', kind: 'text', max: 120, optional: true, hint: 'Novelist and essayist' },
  { name: 'photo', label: 'Photo', kind: 'image', optional: true },
  { name: 'bio', label: 'Biography', kind: 'prose', max: 3000, hint: 'Markdown, like the reports.' },
  { name: 'books', label: 'Books', kind: 'lines', max: 12, optional: true, hint: 'One per line: Title | https://where-to-buy (the link is optional)' },
  { name: 'website', label: 'Website', kind: 'url', optional: true },
] as const satisfies readonly EntryField[];

export const SESSION_FIELDS = [
  { name: 'slug', label: 'Link name', kind: 'text', max: 80, pattern: SLUG_PATTERN, hint: 'Its page: /events/letters-from-ake-2027' },
  { name: 'title', label: 'Title', kind: 'text', max: 160 },
  { name: 'edition', label: 'Edition', kind: 'text', max: 32, pattern: EDITION_PATTERN, hint: 'The edition’s key, its year: 2027' },
  { name: 'date', label: 'Day', kind: 'date' },
  { name: 'starts', label: 'Starts (Lagos time)', kind: 'time' },
  { name: 'ends', label: 'Ends (Lagos time)', kind: 'time' },
  { name: 'endDate', label: 'Last day', kind: 'date', optional: true, hint: 'Only for an exhibition running over several days.' },
  { name: 'venue', label: 'Venue', kind: 'ref', ref: 'venues' },
  { name: 'room', label: 'Room or stage', kind: 'text', max: 120, optional: true },
  { name: 'category', label: 'Category', kind: 'text', max: 60, hint: 'Readings, Poetry, Film… sessions with the same category are filtered together.' },
  { name: 'speakers', label: 'Speakers', kind: 'ref', ref: 'speakers', multiple: true, max: 12, optional: true },
  { name: 'description', label: 'Description', kind: 'prose', max: 5000, hint: 'Markdown, like the reports.' },
  { name: 'image', label: 'Image', kind: 'image', optional: true },
  { name: 'avatar', label: 'Small square picture for lists', kind: 'image', optional: true, hint: 'Optional: the first speaker’s photo otherwise.' },
  { name: 'access', label: 'Access', kind: 'lines', max: 8, optional: true, hint: 'One note per line: Yorùbá–English interpreted, Step-free, Seated' },
  { name: 'free', label: 'Admission', kind: 'select', options: FREE_OPTIONS },
] as const satisfies readonly EntryField[];

/** Checks across a session's fields, run after each field's own (the backend on every write). */
export function sessionProblems(data: EntryData): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const { date, starts, ends, endDate } = data as Record<string, string | undefined>;
  if (typeof endDate === 'string' && typeof date === 'string' && endDate < date) problems.push({ field: 'endDate', message: 'The last day cannot be before the first.' });
  else if (typeof starts === 'string' && typeof ends === 'string' && (endDate === undefined || endDate === date) && ends <= starts)
    problems.push({ field: 'ends', message: 'A session ends after it starts.' });
  return problems;
}

// ----- what pages read --------------------------------------------------------------------

const slug = text().regex(new RegExp(`^(?:${SLUG_PATTERN.source})$`));

export const venueEntrySchema = z.object({ slug, name: text().min(1), address: text().optional(), access: z.array(text()).default([]) });
export const speakerEntrySchema = z.object({
  slug,
  name: text().min(1),
  role: text().optional(),
  photo: text().optional(),
  bio: text().min(1),
  books: z.array(text()).default([]),
  website: text().optional(),
});
export const sessionEntrySchema = z.object({
  slug,
  title: text().min(1),
  edition: text().min(4),
  date: text().regex(/^\d{4}-\d{2}-\d{2}$/),
  starts: text().regex(/^\d{2}:\d{2}$/),
  ends: text().regex(/^\d{2}:\d{2}$/),
  endDate: text().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  venue: text().min(1),
  room: text().optional(),
  category: text().min(1),
  speakers: z.array(text()).default([]),
  description: text().min(1),
  image: text().optional(),
  avatar: text().optional(),
  access: z.array(text()).default([]),
  free: z.enum(['yes', 'no']).default('yes'),
});
export type VenueEntry = z.infer<typeof venueEntrySchema>;
export type SpeakerEntry = z.infer<typeof speakerEntrySchema>;
export type SessionEntry = z.infer<typeof sessionEntrySchema>;

export interface Book {
  title: string;
  url?: string;
}
export interface Speaker extends Omit<SpeakerEntry, 'books'> {
  books: Book[];
}
export type Venue = VenueEntry;

/** A session as pages show it: its times as instants with the Lagos offset, its venue and speakers resolved. */
export interface ProgrammeSession {
  slug: string;
  title: string;
  edition: string;
  /** YYYY-MM-DD, Lagos: the day it is listed under. */
  date: string;
  startsAt: string;
  endsAt: string;
  venue: Venue;
  room?: string;
  category: string;
  speakers: Speaker[];
  /** Markdown. */
  description: string;
  image?: string;
  avatar?: string;
  access: string[];
  free: boolean;
}

export interface ProgrammeData {
  sessions: ProgrammeSession[];
  speakers: Speaker[];
  venues: Venue[];
}

/** "Title | https://…" (the link optional) as a book. */
export function parseBook(line: string): Book {
  const bar = line.lastIndexOf('|');
  if (bar < 0) return { title: line.trim() };
  const title = line.slice(0, bar).trim();
  const url = line.slice(bar + 1).trim();
  return /^https?:\/\/\S+$/i.test(url) && title !== '' ? { title, url } : { title: line.trim() };
}

// Lagos has kept +01:00 all year since 1964: no daylight saving to account for.
const LAGOS_OFFSET = '+01:00';
export const lagosInstant = (date: string, time: string) => `${date}T${time}:00${LAGOS_OFFSET}`;

/**
 * The published entries of the three kinds as pages show them, sessions ordered by start then
 * title. A session whose venue is not published is left out (it cannot say where it is); a
 * speaker who is not published is left off the session.
 */
export function joinProgramme(sessions: readonly unknown[], speakers: readonly unknown[], venues: readonly unknown[]): ProgrammeData {
  const parsedVenues = venues.flatMap((v) => {
    const r = venueEntrySchema.safeParse(v);
    return r.success ? [r.data] : [];
  });
  const parsedSpeakers: Speaker[] = speakers.flatMap((s) => {
    const r = speakerEntrySchema.safeParse(s);
    return r.success ? [{ ...r.data, books: r.data.books.map(parseBook) }] : [];
  });
  const venueBySlug = new Map(parsedVenues.map((v) => [v.slug, v]));
  const speakerBySlug = new Map(parsedSpeakers.map((s) => [s.slug, s]));
  const out: ProgrammeSession[] = [];
  const seen = new Set<string>();
  for (const raw of sessions) {
    const r = sessionEntrySchema.safeParse(raw);
    if (!r.success || seen.has(r.data.slug)) continue;
    const s = r.data;
    const venue = venueBySlug.get(s.venue);
    if (!venue) continue;
    seen.add(s.slug);
    out.push({
      slug: s.slug,
      title: s.title,
      edition: s.edition,
      date: s.date,
      startsAt: lagosInstant(s.date, s.starts),
      endsAt: lagosInstant(s.endDate ?? s.date, s.ends),
      venue,
      ...(s.room ? { room: s.room } : {}),
      category: s.category,
      speakers: s.speakers.flatMap((slug) => speakerBySlug.get(slug) ?? []),
      description: s.description,
      ...(s.image ? { image: s.image } : {}),
      ...(s.avatar ? { avatar: s.avatar } : {}),
      access: s.access,
      free: s.free === 'yes',
    });
  }
  out.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.title.localeCompare(b.title));
  return { sessions: out, speakers: parsedSpeakers, venues: parsedVenues };
}

/** The editions that have sessions, newest first. */
export function programmeEditions(sessions: readonly Pick<ProgrammeSession, 'edition'>[]): string[] {
  return [...new Set(sessions.map((s) => s.edition))].sort((a, b) => b.localeCompare(a));
}

// ----- the fallback (a fresh machine; the built-in backend seeds it once) -------------------


/** The seeded sessions' rooms, by the venue text they were written with. */
const SEED_VENUES: ReadonlyArray<{ slug: string; name: string; match: string; room?: string; access: string[] }> = [
  { slug: 'centenary-hall', name: 'Centenary Hall, Ake', match: 'Centenary Hall, Ake, Abeokuta', room: 'Main Hall', access: ['Step-free entrance from the car park', 'Seated'] },
  { slug: 'main-hall', name: 'Main Hall, Centenary Hall', match: 'Main Hall, Centenary Hall, Ake', access: ['Step-free entrance from the car park', 'Seated'] },
  { slug: 'exhibition-hall', name: 'Exhibition Hall', match: 'Exhibition Hall, Centenary Hall grounds, Ake', access: ['Step-free', 'Seats along the walls'] },
  { slug: 'courtyard-stage', name: 'Courtyard stage', match: 'Courtyard stage, Centenary Hall, Ake', access: ['Step-free', 'Some benches; mostly standing'] },
  { slug: 'open-air-stage', name: 'Open-air stage', match: 'Open-air stage, Centenary Hall grounds, Ake', access: ['Step-free over grass matting', 'Standing'] },
];

export function venuesFallback(): EntryData[] {
  return SEED_VENUES.map(({ slug, name, access }) => ({ slug, name, address: FESTIVAL_ADDRESS, access: [...access] }));
}

/** No speaker is invented: a fresh machine's programme names none until the organisers add them. */
export function speakersFallback(): EntryData[] {
  return [];
}

/** "<p>a</p><p>b</p>" (the seeded descriptions) as Markdown paragraphs. */
function htmlParagraphsToMarkdown(html: string): string {
  return html
    .split(/<\/p>\s*/)
    .map((p) => p.replace(/<p>/g, '').replace(/&amp;/g, '&').trim())
    .filter((p) => p !== '')
    .join('\n\n');
}

const lagosParts = (iso: string) => {
  const shifted = new Date(Date.parse(iso) + 60 * 60_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
};

/**
 * The seeded programme (contract/fallbacks/programs.ts and its session details) for `edition`:
 * the same days of the festival, in the edition's own dates.
 */
export function sessionsFallback(edition: Pick<EditionFacts, 'key' | 'startDate'>): EntryData[] {
  const shift = daysBetween(FALLBACK_FESTIVAL_START_DATE, edition.startDate);
  return programsFallback.flatMap((row) => {
    const detail = eventDetailsFallback.find((d) => d.slug === row.slug && d.kind === 'program');
    if (!detail) return [];
    const start = lagosParts(detail.startsAt);
    const end = lagosParts(detail.endsAt);
    const venue = SEED_VENUES.find((v) => v.match === detail.venue) ?? SEED_VENUES[0]!;
    const data: EntryData = {
      slug: row.slug,
      title: row.title,
      edition: edition.key,
      date: addDays(start.date, shift),
      starts: start.time,
      ends: end.time,
      ...(end.date !== start.date ? { endDate: addDays(end.date, shift) } : {}),
      venue: venue.slug,
      ...(venue.room ? { room: venue.room } : {}),
      category: row.leftLabel,
      description: htmlParagraphsToMarkdown(detail.description),
      image: detail.image,
      avatar: row.avatar,
      access: [...venue.access],
      free: 'yes',
    };
    return [data];
  });
}

/**
 * "Copy last year's programme as drafts": each session of `from` (its entries' data) for the
 * edition `to`, on the same day of the festival (counted from each edition's first day), with a
 * slug of its own. Slugs already taken are skipped by the caller.
 */
export function copySessions(sessions: readonly EntryData[], from: { key: string; startDate: string }, to: { key: string; startDate: string }): EntryData[] {
  const shift = daysBetween(from.startDate, to.startDate);
  const year = to.key.slice(0, 4);
  return sessions.map((s) => {
    const oldSlug = String(s.slug);
    const base = oldSlug.replace(/-\d{4}$/, '');
    const next: EntryData = { ...s, edition: to.key, slug: `${base}-${year}`, date: addDays(String(s.date), shift) };
    if (typeof s.endDate === 'string') next.endDate = addDays(s.endDate, shift);
    return next;
  });
}
