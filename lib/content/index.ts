/**
 * lib/content — everything a page shows, with the fallbacks of spec §7. Server-only.
 *
 *   getHero(), getEvents(), getPrograms(), getPodcasts()      API, else contract/fallbacks/
 *   getVisit(), getPrivacy(), getContactInfo(), getDonationPolicy()   the same (issue 16)
 *   getHighlights({ category?, limit?, page? }) -> HighlightPage  (results, count, next, previous)
 *   getFeaturedHighlights(limit = 3) -> Highlight[]
 *   getHighlight(slug) -> Highlight | undefined   (undefined: show HIGHLIGHT_NOT_FOUND / notFound())
 *   getAllEventDetails(), getEventDetail(slug, kind?)         API, else contract/fallbacks/ moved
 *                                                              to FESTIVAL_START_DATE (undefined: 404)
 *   getEntries(kind)                                           a content kind's entries (issue 40): the
 *                                                              built-in backend's published ones, else its
 *                                                              fallback; in a staff preview, the drafts
 *   getAbout(), getVolunteerRoles(), getVolunteerBenefits(), getPartners()   assembled from entries
 *   getProgramme()                                             the programme (issue 40 part 3): sessions of
 *                                                              every edition, speakers, venues (see below)
 *   relatedHighlights(current, all, max = 3)                   pure
 *
 * The API getters never throw: on any failure they log one line and return the fallback. Each is
 * wrapped in React cache() so a page and its metadata share one request per render. Pages render
 * per request (their CSP nonce); answers from an external API come through Next's data cache
 * (lib/backend publicApiClient), the built-in backend answers in-process.
 */
import 'server-only';
import { draftMode } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { call, capabilities, publicApiClient } from '@/lib/backend';
import { getStaffUser } from '@/lib/staff/session';
import type { EntryData } from '@/contract/content/entry-fields';
import { CONTENT_BLOCKS, type ContentBlockKey } from '@/contract/content/blocks';
import { CONTENT_KINDS, PARTNER_TIERS, type ContentKindKey } from '@/contract/content/kinds';
import { aboutSchema, partnerSchema, podcastSchema, type Podcast, volunteerBenefitSchema, volunteerRoleSchema, type About, type Partner, type VolunteerBenefit, type VolunteerRole } from '@/contract/content/schemas';
import { getEdition } from '@/lib/edition';
import { eventsForEdition } from '@/contract/content/shift';
import { withSessionSubtitles } from './programme';
import { sessionsFromEventDetails, type ProgrammeView } from './programme-list';
import { joinProgramme } from '@/contract/content/programme';
import { createContentSource, entriesOf } from './source';
import type { EventDetail } from '@/contract/content/schemas';
import { findEventDetail, getAllEventDetails as getStaticEventDetails } from './static';

export { HIGHLIGHT_NOT_FOUND } from './source';
export { relatedHighlights } from './related';
// Public content carries no visitor credentials: the same answer for everyone.
const source = createContentSource(publicApiClient, { rethrow: unstable_rethrow, eventDetailsFallback: getStaticEventDetails, builtIn: () => capabilities().builtIn });

/** A staff preview (issue 40): Next's draft mode, turned on from the staff editor, and a signed-in staff member. */
export const isPreviewing = cache(async (): Promise<boolean> => (await draftMode()).isEnabled && (await getStaffUser()) !== undefined);

/**
 * A content kind's entries, in order: what the public sees, or in a staff preview every entry's
 * draft (unpublished ones included), so the page shows what publishing would show.
 */
/** Every entry of a kind with its draft, in a staff preview (built-in backend only); undefined otherwise. */
const previewEntries = cache(async (key: ContentKindKey) => {
  if (!capabilities().builtIn || !(await isPreviewing())) return undefined;
  try {
    return (await call('entries', { params: { kind: key } })).data.entries;
  } catch (error) {
    unstable_rethrow(error);
    return undefined;
  }
});

export const getEntries = cache(async (key: ContentKindKey): Promise<EntryData[]> => {
  const kind = CONTENT_KINDS[key];
  const drafts = await previewEntries(key);
  return drafts ? entriesOf(kind, drafts.map((e) => e.draft)) : source.getEntries(kind, await getEdition());
});

/** The about page: mission and vision, figures, story and team, each its own kind. */
export const getAbout = cache(async (): Promise<About> => {
  const [main, statistics, timeline, team] = await Promise.all([getEntries('about'), getEntries('statistics'), getEntries('timeline'), getEntries('team')]);
  return aboutSchema.parse({ ...(main[0] ?? CONTENT_KINDS.about.fallback()), statistics, timeline, team });
});

export const getVolunteerRoles = cache(async (): Promise<VolunteerRole[]> => volunteerRoleSchema.array().parse(await getEntries('volunteerRoles')));
export const getVolunteerBenefits = cache(async (): Promise<VolunteerBenefit[]> => volunteerBenefitSchema.array().parse(await getEntries('volunteerBenefits')));

/** Partners and sponsors, sponsors first, each tier in the order staff set. */
export const getPartners = cache(async (): Promise<Partner[]> => {
  const partners = partnerSchema.array().parse(await getEntries('partners'));
  const rank = (p: Partner) => PARTNER_TIERS.findIndex((t) => t.value === p.tier);
  return partners.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i).map(({ p }) => p);
});

/** Every event's and session's detail (for the programme, sitemaps, the staff editor). */
export const getAllEventDetails = cache(source.getEventDetails);
/** The detail behind /{slug} or /events/{slug}; undefined when no such event (the page 404s). */
export const getEventDetail = cache(async (slug: string, kind?: EventDetail['kind']): Promise<EventDetail | undefined> =>
  findEventDetail(await getAllEventDetails(), slug, kind),
);

/**
 * The programme (issue 40 part 3): every edition's published sessions, with their speakers and
 * venues. Which source wins:
 * - the built-in backend: the sessions, speakers and venues kinds (their drafts in a staff preview;
 *   the seeded programme, written for the current edition, when the backend cannot answer). The
 *   programme rows and session details of /staff/events no longer feed /programme there;
 * - an external API (no such kinds there): its programme rows joined with its session details
 *   (getPrograms() + getAllEventDetails(), each with their own fallbacks) as the current edition's
 *   sessions, each at a venue named by its detail's venue text, with no speakers.
 */
async function readProgramme(entries: (key: 'sessions' | 'speakers' | 'venues') => Promise<EntryData[]>): Promise<ProgrammeView> {
  if (!capabilities().builtIn) {
    const [programs, details, edition] = await Promise.all([getPrograms(), getAllEventDetails(), getEdition()]);
    return sessionsFromEventDetails(programs, details, edition.key);
  }
  const [sessions, speakers, venues] = await Promise.all([entries('sessions'), entries('speakers'), entries('venues')]);
  return { ...joinProgramme(sessions, speakers, venues), unscheduled: [] };
}
export const getProgramme = cache(async (): Promise<ProgrammeView> => readProgramme(getEntries));
/**
 * The published programme, never a staff preview's drafts: what proxy.ts's existence checks read
 * (lib/not-found/known-content.ts), where there is no page request to ask draft mode about.
 */
export const getPublishedProgramme = cache(async (): Promise<ProgrammeView> => {
  const edition = await getEdition();
  return readProgramme((key) => source.getEntries(CONTENT_KINDS[key], edition));
});

export const getHero = cache(source.getHero);
/** The home page's events; the seeded festival title names the current edition (edited titles keep theirs). */
export const getEvents = cache(async () => {
  const [events, edition] = await Promise.all([source.getEvents(), getEdition()]);
  return eventsForEdition(events, edition);
});
/** Programme rows; a known session's subtitle is its own time, so it follows FESTIVAL_START_DATE. */
export const getPrograms = cache(async () => withSessionSubtitles(...(await Promise.all([source.getPrograms(), getAllEventDetails()]))));
/** The podcast episodes (an entries kind, served on the spec's path); in a staff preview, their drafts. */
export const getPodcasts = cache(async (): Promise<Podcast[]> => {
  const drafts = await previewEntries('podcasts');
  if (!drafts) return source.getPodcasts();
  return drafts.flatMap((e) => {
    const parsed = podcastSchema.safeParse({ id: e.id, ...e.draft });
    return parsed.success ? [parsed.data] : [];
  });
});
export const getFeaturedHighlights = cache((limit?: number) => source.getFeaturedHighlights(limit));
export const getHighlight = cache(source.getHighlight);
/**
 * A page-copy block put together from its kinds' drafts, in a staff preview (built-in backend
 * only); undefined otherwise, or when the drafts do not make the page yet.
 */
async function previewBlock<K extends ContentBlockKey>(key: K): Promise<ReturnType<(typeof CONTENT_BLOCKS)[K]['assemble']> | undefined> {
  if (!capabilities().builtIn || !(await isPreviewing())) return undefined;
  const block = CONTENT_BLOCKS[key];
  const lists = new Map(await Promise.all(block.kinds.map(async (kind) => [kind as string, await getEntries(kind)] as const)));
  try {
    return block.assemble((kind) => lists.get(kind) ?? []) as ReturnType<(typeof CONTENT_BLOCKS)[K]['assemble']>;
  } catch {
    return undefined;
  }
}

export const getVisit = cache(async () => (await previewBlock('visit')) ?? source.getVisit());
export const getPrivacy = cache(async () => (await previewBlock('privacy')) ?? source.getPrivacy());
export const getContactInfo = cache(async () => (await previewBlock('contact')) ?? source.getContactInfo());
export const getDonationPolicy = cache(async () => (await previewBlock('donation-policy')) ?? source.getDonationPolicy());
/** cache() keys on argument identity, so the query object is flattened into primitives. */
const getHighlightsCached = cache((category?: string, limit?: number, page?: number) =>
  source.getHighlights({ category, limit, page }),
);
export function getHighlights(query: { category?: string; limit?: number; page?: number } = {}) {
  return getHighlightsCached(query.category, query.limit, query.page);
}
