import type { EditionFacts } from '@/contract/edition-copy';
import {
  contactInfoFallback,
  donationPolicyFallback,
  eventDetailsFallback,
  eventsFallback,
  heroFallback,
  highlightsFallback,
  podcastsFallback,
  privacyFallback,
  programsFallback,
  visitFallback,
} from '@/contract/fallbacks';
import type { ApiClient } from '@/lib/backend/client';
import { createCall } from '@/lib/backend/call';
import { isApiError } from '@/lib/backend/errors';
import { fillPath } from '@/contract/api/endpoint';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { podcastListSchema, programListSchema } from '@/contract/api/content';
import { categorySlug, FEATURED_DEFAULT_LIMIT } from '@/contract/festival';
import {
  contactInfoSchema,
  donationPolicySchema,
  eventDetailSchema,
  eventsSchema,
  heroSchema,
  highlightSchema,
  privacySchema,
  visitSchema,
  type ContactInfo,
  type DonationPolicy,
  type EventDetail,
  type Events,
  type Hero,
  type Highlight,
  type HighlightPage,
  type Podcast,
  type Privacy,
  type Program,
  type Visit,
} from '@/contract/content/schemas';
import { logger, type Logger } from '@/lib/backend/log';
import { entrySchema, type EntryData } from '@/contract/content/entry-fields';
import type { ContentKind } from '@/contract/content/kinds';

/** The spec's message when a report exists neither in the API nor locally (spec §7, §8). */
export const HIGHLIGHT_NOT_FOUND = 'Highlight not found';

export interface HighlightQuery {
  /** A category name ('Event Report') or chip slug ('event-report'); 'all' or empty means every one. */
  category?: string;
  limit?: number;
  /** 1-based page number. */
  page?: number;
}

export interface ContentSource {
  getHero(): Promise<Hero>;
  getEvents(): Promise<Events>;
  getPrograms(): Promise<Program[]>;
  getPodcasts(): Promise<Podcast[]>;
  getHighlights(query?: HighlightQuery): Promise<HighlightPage>;
  getFeaturedHighlights(limit?: number): Promise<Highlight[]>;
  getHighlight(slug: string): Promise<Highlight | undefined>;
  getVisit(): Promise<Visit>;
  getPrivacy(): Promise<Privacy>;
  getContactInfo(): Promise<ContactInfo>;
  getDonationPolicy(): Promise<DonationPolicy>;
  /** Every event's and session's detail (dates, venue, address, description). */
  getEventDetails(): Promise<EventDetail[]>;
  /** A content kind's published entries (issue 40), in order; its fallback where the backend has none. */
  /** `edition`: the current one, for a fallback that names dates (the seeded programme). */
  getEntries(kind: ContentKind, edition: EditionFacts): Promise<EntryData[]>;
}

export interface ContentSourceOptions {
  /** One line per fallback taken. */
  log?: Logger;
  /**
   * Called with every caught error before falling back; rethrows the ones that must not be
   * swallowed (Next's dynamic-rendering and navigation signals — lib/content/index.ts passes
   * next/navigation's unstable_rethrow).
   */
  rethrow?: (error: unknown) => void;
  /**
   * The event details to use when the API fails (lib/content/index.ts passes the static copy moved
   * to FESTIVAL_START_DATE); default: contract/fallbacks/event-details.ts as written.
   */
  eventDetailsFallback?: () => EventDetail[];
  /** Whether the built-in backend answers (content entries are ours: another backend's site shows their fallbacks). Default: yes. */
  builtIn?: () => boolean;
}

/** Entries as the kind's fields keep them; an entry that does not fit (a kind's fields changed since) is left out. */
export function entriesOf(kind: ContentKind, raw: readonly unknown[], log?: Logger): EntryData[] {
  const schema = entrySchema(kind.fields);
  const kept: EntryData[] = [];
  for (const item of raw) {
    const parsed = schema.safeParse(item);
    if (parsed.success) kept.push(parsed.data);
    else log?.warn(`a ${kind.key} entry does not fit its fields (${parsed.error.issues[0]?.message ?? 'invalid'}); left out`);
  }
  return kept;
}

// The fallbacks, parsed once with the same schemas as API answers (defaults applied the same way).
const fallback = {
  hero: heroSchema.parse(heroFallback),
  events: eventsSchema.parse(eventsFallback),
  programs: programListSchema.parse(programsFallback),
  podcasts: podcastListSchema.parse(podcastsFallback),
  highlights: highlightSchema.array().parse(highlightsFallback),
  visit: visitSchema.parse(visitFallback),
  privacy: privacySchema.parse(privacyFallback),
  contact: contactInfoSchema.parse(contactInfoFallback),
  donationPolicy: donationPolicySchema.parse(donationPolicyFallback),
  eventDetails: eventDetailSchema.array().parse(eventDetailsFallback),
};

/** A positive integer, or undefined for anything else (bad query input never reaches the API). */
function positiveInt(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** undefined for "every category". */
function categoryFilter(category: string | undefined): string | undefined {
  const slug = category === undefined ? '' : categorySlug(category);
  return slug === '' || slug === 'all' ? undefined : slug;
}

function highlightsPath(query: { category?: string; limit?: number; page?: number }): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  if (query.limit) params.set('limit', String(query.limit));
  if (query.page) params.set('page', String(query.page));
  const qs = params.toString();
  return qs ? `${ENDPOINTS.highlights.path}?${qs}` : ENDPOINTS.highlights.path;
}

/**
 * The local highlights as a page: filtered by category (name or slug, case-insensitive), cut to
 * `limit`, paged like the API so callers need not know which source answered.
 */
export function fallbackHighlightPage(all: readonly Highlight[], query: HighlightQuery = {}): HighlightPage {
  const wanted = categoryFilter(query.category);
  const matching = wanted === undefined ? [...all] : all.filter((h) => categorySlug(h.category) === wanted);
  const limit = positiveInt(query.limit);
  const page = positiveInt(query.page) ?? 1;
  if (limit === undefined) {
    return { results: matching, count: matching.length, next: null, previous: null };
  }
  const start = (page - 1) * limit;
  const results = matching.slice(start, start + limit);
  const category = wanted;
  return {
    results,
    count: matching.length,
    next: start + limit < matching.length ? highlightsPath({ category, limit, page: page + 1 }) : null,
    previous: page > 1 ? highlightsPath({ category, limit, page: page - 1 }) : null,
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const status = 'status' in error && typeof error.status === 'number' ? `status ${error.status}: ` : '';
    return `${status}${error.message}`;
  }
  return String(error);
}

/** The content getters of spec §7 over any API client (tests pass one aimed at a local server). */
export function createContentSource(client: ApiClient, options: ContentSourceOptions = {}): ContentSource {
  // Every backend offers the content endpoints: none is refused as built-in only.
  const call = createCall(() => client, () => true);
  const log = options.log ?? logger('content');
  const rethrow = options.rethrow ?? (() => undefined);
  const eventDetailsFallbackValue = options.eventDetailsFallback ?? (() => fallback.eventDetails);
  const builtIn = options.builtIn ?? (() => true);

  /** Runs `load`; on any failure logs one line naming the endpoint and the reason, then falls back. */
  async function withFallback<T>(endpoint: string, load: () => Promise<T>, fallbackValue: () => T): Promise<T> {
    try {
      return await load();
    } catch (error) {
      rethrow(error);
      log.warn(`GET ${endpoint} failed (${describe(error)}); using the built-in fallback`);
      return fallbackValue();
    }
  }

  return {
    getHero: () => withFallback(ENDPOINTS.hero.path, () => call('hero'), () => fallback.hero),

    getEvents: () => withFallback(ENDPOINTS.events.path, () => call('events'), () => fallback.events),

    getPrograms: () => withFallback(ENDPOINTS.programs.path, () => call('programs'), () => fallback.programs),

    getPodcasts: () => withFallback(ENDPOINTS.podcasts.path, () => call('podcasts'), () => fallback.podcasts),

    getHighlights: (query = {}) => {
      const category = categoryFilter(query.category);
      const limit = positiveInt(query.limit);
      const page = positiveInt(query.page);
      return withFallback(
        highlightsPath({ category, limit, page }),
        async () => {
          const body = await call('highlights', { query: { category, limit, page } });
          // A backend that ignores `limit` must not overflow the page the caller laid out.
          const results = limit === undefined ? body.results : body.results.slice(0, limit);
          return {
            results,
            count: body.count ?? body.results.length,
            next: body.next ?? null,
            previous: body.previous ?? null,
          };
        },
        () => fallbackHighlightPage(fallback.highlights, { category, limit, page }),
      );
    },

    getFeaturedHighlights: (requested = FEATURED_DEFAULT_LIMIT) => {
      const limit = positiveInt(requested) ?? FEATURED_DEFAULT_LIMIT;
      return withFallback(
        `${ENDPOINTS.featuredHighlights.path}?limit=${limit}`,
        async () => (await call('featuredHighlights', { query: { limit } })).results.slice(0, limit),
        () => fallback.highlights.slice(0, limit),
      );
    },

    getVisit: () => withFallback(ENDPOINTS.visit.path, () => call('visit'), () => fallback.visit),
    getPrivacy: () => withFallback(ENDPOINTS.privacy.path, () => call('privacy'), () => fallback.privacy),
    getContactInfo: () => withFallback(ENDPOINTS.contactInfo.path, () => call('contactInfo'), () => fallback.contact),
    getDonationPolicy: () => withFallback(ENDPOINTS.donationPolicy.path, () => call('donationPolicy'), () => fallback.donationPolicy),
    getEventDetails: () => withFallback(ENDPOINTS.eventDetails.path, () => call('eventDetails'), eventDetailsFallbackValue),

    getEntries: async (kind, edition) => {
      const fallbackValue = () => entriesOf(kind, kind.shape === 'singleton' ? [kind.fallback(edition)] : kind.fallback(edition));
      if (!builtIn()) return fallbackValue();
      return withFallback(
        fillPath(ENDPOINTS.contentEntries.path, { kind: kind.key }),
        async () => entriesOf(kind, (await call('contentEntries', { params: { kind: kind.key } })).entries.map((e) => e.data), log),
        fallbackValue,
      );
    },

    getHighlight: async (slug) => {
      if (slug.trim() === '') return undefined;
      const path = fillPath(ENDPOINTS.highlight.path, { slug });
      // A 404 is the API's answer, not a failure: the report does not exist or was unpublished
      // (issue 17), so the built-in copy of a report with that slug must not bring it back.
      const NOT_THERE = Symbol('404');
      const found = await withFallback<Highlight | undefined | typeof NOT_THERE>(
        path,
        async () => {
          try {
            return await call('highlight', { params: { slug } });
          } catch (error) {
            if (isApiError(error) && error.status === 404) return NOT_THERE;
            throw error;
          }
        },
        () => fallback.highlights.find((h) => h.slug === slug),
      );
      return found === NOT_THERE ? undefined : found;
    },
  };
}
