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
 *   getAbout(), getVolunteerRoles(), getVolunteerBenefits()   static, synchronous
 *   relatedHighlights(current, all, max = 3)                   pure
 *
 * The API getters never throw: on any failure they log one line and return the fallback. Each is
 * wrapped in React cache() so a page and its metadata share one request per render. Pages render
 * per request (their CSP nonce); answers from an external API come through Next's data cache
 * (lib/backend publicApiClient), the built-in backend answers in-process.
 */
import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { publicApiClient } from '@/lib/backend';
import { getEdition } from '@/lib/edition';
import { eventsForEdition } from '@/contract/content/shift';
import { withSessionSubtitles } from './programme';
import { createContentSource } from './source';
import type { EventDetail } from '@/contract/content/schemas';
import { findEventDetail, getAllEventDetails as getStaticEventDetails } from './static';

export { HIGHLIGHT_NOT_FOUND } from './source';
export { relatedHighlights } from './related';
export { getAbout, getVolunteerBenefits, getVolunteerRoles } from './static';

// Public content carries no visitor credentials: the same answer for everyone.
const source = createContentSource(publicApiClient, { rethrow: unstable_rethrow, eventDetailsFallback: getStaticEventDetails });

/** Every event's and session's detail (for the programme, sitemaps, the staff editor). */
export const getAllEventDetails = cache(source.getEventDetails);
/** The detail behind /{slug} or /events/{slug}; undefined when no such event (the page 404s). */
export const getEventDetail = cache(async (slug: string, kind?: EventDetail['kind']): Promise<EventDetail | undefined> =>
  findEventDetail(await getAllEventDetails(), slug, kind),
);

export const getHero = cache(source.getHero);
/** The home page's events; the seeded festival title names the current edition's year (edited titles keep theirs). */
export const getEvents = cache(async () => {
  const [events, edition] = await Promise.all([source.getEvents(), getEdition()]);
  return eventsForEdition(events, edition.startDate);
});
/** Programme rows; a known session's subtitle is its own time, so it follows FESTIVAL_START_DATE. */
export const getPrograms = cache(async () => withSessionSubtitles(...(await Promise.all([source.getPrograms(), getAllEventDetails()]))));
export const getPodcasts = cache(source.getPodcasts);
export const getFeaturedHighlights = cache((limit?: number) => source.getFeaturedHighlights(limit));
export const getHighlight = cache(source.getHighlight);
export const getVisit = cache(source.getVisit);
export const getPrivacy = cache(source.getPrivacy);
export const getContactInfo = cache(source.getContactInfo);
export const getDonationPolicy = cache(source.getDonationPolicy);
/** cache() keys on argument identity, so the query object is flattened into primitives. */
const getHighlightsCached = cache((category?: string, limit?: number, page?: number) =>
  source.getHighlights({ category, limit, page }),
);
export function getHighlights(query: { category?: string; limit?: number; page?: number } = {}) {
  return getHighlightsCached(query.category, query.limit, query.page);
}
