/**
 * lib/content — everything a page shows, with the fallbacks of spec §7. Server-only.
 *
 *   getHero(), getEvents(), getPrograms(), getPodcasts()      API, else content-fallbacks/
 *   getHighlights({ category?, limit?, page? }) -> HighlightPage  (results, count, next, previous)
 *   getFeaturedHighlights(limit = 3) -> Highlight[]
 *   getHighlight(slug) -> Highlight | undefined   (undefined: show HIGHLIGHT_NOT_FOUND / notFound())
 *   getAbout(), getVolunteerRoles(), getVolunteerBenefits(), getEventDetail(slug, kind?),
 *   getAllEventDetails()                                       static, synchronous
 *   relatedHighlights(current, all, max = 3)                   pure
 *
 * The API getters never throw: on any failure they log one line and return the fallback. Pages
 * render per request (their CSP nonce), so the content is what is cached: each getter goes
 * through Next's data cache (unstable_cache, CONTENT_REVALIDATE_SECONDS, tag CONTENT_CACHE_TAG for
 * revalidateTag) and React cache(), so a page and its metadata share one answer per render.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { publicApiClient } from '@/lib/api';
import { createContentSource } from './source';

export {
  CONTENT_PATHS,
  createContentSource,
  fallbackHighlightPage,
  HIGHLIGHT_NOT_FOUND,
  type ContentSource,
  type ContentSourceOptions,
  type HighlightQuery,
} from './source';
export { relatedHighlights } from './related';
export { getAbout, getAllEventDetails, getEventDetail, getVolunteerBenefits, getVolunteerRoles } from './static';

// Public content carries no visitor credentials, so pages that show it can be cached.
const source = createContentSource(publicApiClient, { rethrow: unstable_rethrow });

/** How long content from the API is reused before it is asked for again. */
export const CONTENT_REVALIDATE_SECONDS = 60;
/** revalidateTag(CONTENT_CACHE_TAG) makes every page ask the API again at once. */
export const CONTENT_CACHE_TAG = 'content';

function cached<A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return cache(unstable_cache(fn, ['content', name], { revalidate: CONTENT_REVALIDATE_SECONDS, tags: [CONTENT_CACHE_TAG] }));
}

export const getHero = cached('hero', () => source.getHero());
export const getEvents = cached('events', () => source.getEvents());
export const getPrograms = cached('programs', () => source.getPrograms());
export const getPodcasts = cached('podcasts', () => source.getPodcasts());
export const getFeaturedHighlights = cached('featured', (limit?: number) => source.getFeaturedHighlights(limit));
// The data cache keeps JSON: "no such report" is stored as null, not undefined.
const getHighlightOrNull = cached('highlight', async (slug: string) => (await source.getHighlight(slug)) ?? null);
export const getHighlight = async (slug: string) => (await getHighlightOrNull(slug)) ?? undefined;
/** cache() keys on argument identity, so the query object is flattened into primitives. */
const getHighlightsCached = cached('highlights', (category?: string, limit?: number, page?: number) =>
  source.getHighlights({ category, limit, page }),
);
export function getHighlights(query: { category?: string; limit?: number; page?: number } = {}) {
  return getHighlightsCached(query.category, query.limit, query.page);
}
