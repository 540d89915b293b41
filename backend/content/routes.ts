import { Hono } from 'hono';
import type { BackendConfig } from '../kernel/config';
import { currentEdition } from '../edition/service';
import { z } from 'zod';
import { EVENT_DETAIL_MESSAGES } from '@/contract/api/event-details';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { CARD_MESSAGES, HERO_MESSAGES } from '@/contract/api/reports';
import { categorySlug, FEATURED_DEFAULT_LIMIT } from '@/contract/festival';
import { CONTROL_CHARACTERS } from '@/contract/forms/checks';
import type { Db } from '../db/schema';
import { fail } from '../kernel/http';
import { validJson } from '../kernel/validate';
import { knownImage } from '../media/known-image';
import { requireStaff } from '../auth/middleware';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { getEvents, getHero, listEventDetails, getHighlightBySlug, listFeaturedHighlights, listHighlights } from './queries';
import { saveEventCard, saveEventDetail, saveHero } from './service';
import { publishedProgramme } from './programme';
import { programsOf, sessionDetail } from '@/contract/content/programme-answers';
import { listPublishedEntries, readContentBlock } from './entries';
import { CONTENT_KINDS } from '@/contract/content/kinds';
import { CONTENT_BLOCKS, type ContentBlockKey } from '@/contract/content/blocks';

const DEFAULT_PAGE_SIZE = 12;

function queryErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.') || '_query'] ??= issue.message;
  return errors;
}

/**
 * The page URL with `page` set, or null: DRF-style next/previous links. Built on SITE_URL: the
 * request's own host comes from the Host header, which any client sets, and must not be echoed.
 */
function pageUrl(siteUrl: string, requestUrl: string, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(requestUrl);
  url.searchParams.set('page', String(page));
  return `${siteUrl}${url.pathname}${url.search}`;
}

/** GET /content/* (spec §7): hero, events, programs, podcasts, highlights; and visit, privacy, contact, donation-policy (issue 16). */
export function contentRoutes(db: Db, siteUrl: string, config: Pick<BackendConfig, 'editionSettings' | 'now'>) {
  const r = new Hono<AppEnv>({ strict: false });

  r.get('/hero', async (c) => {
    const hero = await getHero(db);
    return hero ? c.json(hero) : fail(c, 404, 'Hero content not found.');
  });

  r.get('/events', async (c) => {
    const events = await getEvents(db);
    return events ? c.json(events) : fail(c, 404, 'Events content not found.');
  });

  // Every event's detail (issue 17): seeded ones follow the current edition (dates and copy), edited ones keep theirs;
  // then every published session's, of every edition, from the programme's entries (issue 40 part 3).
  r.get('/event-details', async (c) => {
    const details = await listEventDetails(db, await currentEdition(db, config));
    if (!details) return fail(c, 404, 'Content not found.');
    return c.json([...details, ...(await publishedProgramme(db)).sessions.map(sessionDetail)]);
  });

  // Page copy (issue 16), edited as entries (issue 40): each block put together from its kinds' published entries.
  for (const key of Object.keys(CONTENT_BLOCKS) as ContentBlockKey[]) {
    r.get(`/${key}`, async (c) => {
      try {
        return c.json(await readContentBlock(db, key));
      } catch (error) {
        // Entries that no longer make the page (fields changed since): the site shows its own copy meanwhile.
        c.get('log').error(`GET /content/${key}: the entries do not make the page: ${error instanceof Error ? error.message : String(error)}`);
        return fail(c, 404, 'Content not found.');
      }
    });
  }

  // The current edition's published sessions, by start (issue 40 part 3); the old `programs` table is no longer read.
  r.get('/programs', async (c) => c.json(programsOf((await publishedProgramme(db)).sessions, (await currentEdition(db, config)).key)));
  // Edited as entries (issue 40): the published episodes, in their order, each with its id.
  r.get('/podcasts', async (c) => c.json((await listPublishedEntries(db, CONTENT_KINDS.podcasts)).map((e) => ({ id: e.id, ...e.data }))));

  r.get('/highlights', async (c) => {
    const parsed = ENDPOINTS.highlights.query.safeParse(c.req.query());
    if (!parsed.success) return fail(c, 400, 'Invalid query parameters.', queryErrors(parsed.error));
    const { category, limit = DEFAULT_PAGE_SIZE, page = 1 } = parsed.data;
    // Matched case-insensitively against the category name or its slug: both reduce to the slug.
    const slug = category ? categorySlug(category) : undefined;
    const { results, count } = await listHighlights(db, {
      categorySlug: slug && slug !== 'all' ? slug : undefined,
      limit,
      offset: (page - 1) * limit,
    });
    const hasNext = page * limit < count;
    return c.json({
      results,
      count,
      next: pageUrl(siteUrl, c.req.url, hasNext ? page + 1 : null),
      previous: pageUrl(siteUrl, c.req.url, page > 1 ? page - 1 : null),
    });
  });

  r.get('/highlights/featured', async (c) => {
    const parsed = ENDPOINTS.featuredHighlights.query.safeParse(c.req.query());
    if (!parsed.success) return fail(c, 400, 'Invalid query parameters.', queryErrors(parsed.error));
    return c.json(await listFeaturedHighlights(db, parsed.data.limit ?? FEATURED_DEFAULT_LIMIT));
  });

  r.get('/highlights/:slug', async (c) => {
    const slug = c.req.param('slug');
    // No report's slug holds a control character, and PostgreSQL would refuse a NUL in the query.
    const highlight = CONTROL_CHARACTERS.test(slug) ? undefined : await getHighlightBySlug(db, slug);
    return highlight ? c.json(highlight) : fail(c, 404, 'Highlight not found');
  });

  return r;
}

/**
 * POST /api/admin/content/...: the home page's hero, the events' cards and every event's and
 * session's detail (issue 17 item 4), for signed-in staff. Each change is audited in its transaction.
 */
export function adminContentRoutes(deps: AppDeps) {
  const { db, dialect } = deps;
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(db));

  r.post('/hero', validJson(ENDPOINTS.heroSave.request), knownImage(db), async (c) => {
    const hero = await saveHero(db, dialect, c.get('staff'), c.req.valid('json'));
    return c.json({ success: true, data: hero, message: HERO_MESSAGES.saved });
  });

  r.post('/events/:slug', validJson(ENDPOINTS.eventCardSave.request), knownImage(db), async (c) => {
    const found = await saveEventCard(db, dialect, c.get('staff'), c.req.param('slug'), c.req.valid('json'));
    return found ? c.json({ success: true, message: CARD_MESSAGES.saved }) : fail(c, 404, CARD_MESSAGES.notFound);
  });

  // Title, start and end (ISO, Lagos +01:00 from the form), venue, address, description.
  r.post('/event-details/:slug', validJson(ENDPOINTS.eventDetailSave.request), async (c) => {
    const saved = await saveEventDetail(db, dialect, c.get('staff'), c.req.param('slug'), c.req.valid('json'));
    if (saved === 'session') return fail(c, 409, EVENT_DETAIL_MESSAGES.programmeSession);
    return saved ? c.json({ success: true, data: saved, message: EVENT_DETAIL_MESSAGES.saved }) : fail(c, 404, EVENT_DETAIL_MESSAGES.notFound);
  });
  return r;
}
