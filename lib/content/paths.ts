import 'server-only';
import { getAllEventDetails, getEvents, getHighlights, getProgramme, getPrograms } from './index';
import { getEdition } from '@/lib/edition';
import { programmeEditions } from '@/contract/content/programme';

/**
 * Which reports, events and programmes have pages: read by the sitemap and by the pages'
 * generateStaticParams (so every known page is prerendered at build and served from cache).
 */

/** Routes with their own page file (the four category pages are also the event-grid slugs). */
export const STATIC_PATHS = [
  '/',
  '/about',
  '/highlights',
  '/volunteer',
  '/donations',
  '/partnerships',
  '/register',
  '/annual-festival',
  '/bi-monthly',
  '/literacy-libraries',
  '/creative-economy',
  '/visit',
  '/programme',
  '/speakers',
  '/contact',
  '/privacy',
] as const;

const STATIC_SET = new Set<string>(STATIC_PATHS);
const PAGE = 100;

/** The newest reports, up to `max`, read a page of 100 at a time. */
export async function allHighlights(max: number) {
  const all = [];
  for (let page = 1; all.length < max; page += 1) {
    const { results, count } = await getHighlights({ limit: PAGE, page });
    all.push(...results);
    if (results.length < PAGE || all.length >= count) break;
  }
  return all.slice(0, max);
}

const unique = (slugs: string[]) => [...new Set(slugs)];

/**
 * Slugs with a page at /{slug} (the event grid and event details, less those a static page
 * already owns) and at /events/{slug} (the programme).
 */
export async function eventSlugs(): Promise<{ events: string[]; programmes: string[] }> {
  const [events, programs, details, programme] = await Promise.all([getEvents(), getPrograms(), getAllEventDetails(), getProgramme()]);
  const eventList = [events.heroEvent.slug, ...events.events.map((e) => e.slug)];
  for (const d of details) if (d.kind === 'event') eventList.push(d.slug);
  // Every edition's sessions keep their page (issue 40 part 3).
  const programmes = [...programme.sessions.map((s) => s.slug), ...programs.map((p) => p.slug), ...details.filter((d) => d.kind === 'program').map((d) => d.slug)];
  return {
    events: unique(eventList).filter((slug) => !STATIC_SET.has(`/${encodeURIComponent(slug)}`)),
    programmes: unique(programmes),
  };
}

/** Speakers' pages and past editions' programmes (issue 40 part 3): /speakers/{slug}, /programme/{edition}. */
export async function programmePaths(): Promise<{ speakers: string[]; pastEditions: string[] }> {
  const [programme, edition] = await Promise.all([getProgramme(), getEdition()]);
  return {
    speakers: programme.speakers.map((s) => s.slug),
    pastEditions: programmeEditions(programme.sessions).filter((key) => key !== edition.key),
  };
}
