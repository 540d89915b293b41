import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventsFallback, heroFallback, highlightsFallback, podcastsFallback, programsFallback } from '@/contract/fallbacks';
import { createApiClient } from '@/lib/backend/client';
import { sendJson, startTestServer, type Handler, type TestServer } from '@/test/support/http-server';
import { FEATURED_DEFAULT_LIMIT } from '@/contract/festival';
import { createContentSource, fallbackHighlightPage, HIGHLIGHT_NOT_FOUND } from './source';
import { captureLog } from '@/test/support/log';
import { silentLogger } from '@/lib/backend/log';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
});

/** Getters over a real client aimed at the test server; short timeout so "hangs" fail fast. */
function setup() {
  const { log, msgs: logs } = captureLog();
  const client = createApiClient({ baseUrl: server.origin, fetch: (r) => fetch(r), timeoutMs: 250, log: silentLogger });
  const source = createContentSource(client, { log });
  return { source, logs };
}

const apiHighlight = (n: number, category = 'Community Impact', date = `2025-01-${String(n).padStart(2, '0')}`) => ({
  id: n,
  title: `API report ${n}`,
  excerpt: 'From the API',
  content: '<p>Body</p>',
  image: `/img/${n}.webp`,
  date,
  category,
  slug: `api-report-${n}`,
  author: 'API',
  tags: ['x'],
});

/** The ways an endpoint can fail; each must end in the fallback. */
const failures: Array<[string, Handler]> = [
  ['a 500', (_req, res) => sendJson(res, 500, { message: 'boom' })],
  ['a timeout', () => undefined],
  ['bad JSON', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"title": ');
  }],
  ['the wrong shape', (_req, res) => sendJson(res, 200, { unexpected: true, results: 'no' })],
];

describe('getHero', () => {
  it('returns the API hero', async () => {
    const hero = { title: 'From API', body: 'b', ctaText: 'Go', heroImage: '/h.webp' };
    server.handler = (_req, res) => sendJson(res, 200, hero);
    const { source, logs } = setup();
    await expect(source.getHero()).resolves.toEqual(hero);
    expect(server.requests[0]?.url).toBe('/api/content/hero/');
    expect(logs).toEqual([]);
  });

  it.each(failures)('falls back on %s and logs one line naming the endpoint', async (_name, handler) => {
    server.handler = handler;
    const { source, logs } = setup();
    await expect(source.getHero()).resolves.toEqual(heroFallback);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('/api/content/hero/');
  });
});

describe('getEvents', () => {
  it('returns the API events', async () => {
    const events = {
      heroEvent: { title: 'H', subtitle: 'S', image: '/e.webp', slug: 'h' },
      events: [{ title: 'A', image: '/a.webp', slug: 'a' }],
    };
    server.handler = (_req, res) => sendJson(res, 200, events);
    await expect(setup().source.getEvents()).resolves.toEqual(events);
    expect(server.requests[0]?.url).toBe('/api/content/events/');
  });

  it.each(failures)('falls back on %s', async (_name, handler) => {
    server.handler = handler;
    const { source, logs } = setup();
    await expect(source.getEvents()).resolves.toEqual(eventsFallback);
    expect(logs).toHaveLength(1);
  });
});

describe('getPrograms', () => {
  it('reads a plain list, mapping category/date to leftLabel/subtitle', async () => {
    server.handler = (_req, res) =>
      sendJson(res, 200, [{ id: 9, category: 'Talk', title: 'T', date: 'Sat', avatar: '/a.webp', slug: 't' }]);
    await expect(setup().source.getPrograms()).resolves.toEqual([
      { id: '9', leftLabel: 'Talk', title: 'T', subtitle: 'Sat', avatar: '/a.webp', slug: 't' },
    ]);
    expect(server.requests[0]?.url).toBe('/api/content/programs/');
  });

  it('reads a paged { results } list, and an empty list is not a failure', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { results: [] });
    const { source, logs } = setup();
    await expect(source.getPrograms()).resolves.toEqual([]);
    expect(logs).toEqual([]);
  });

  it.each(failures)('falls back to the 5 local programmes on %s', async (_name, handler) => {
    server.handler = handler;
    const programs = await setup().source.getPrograms();
    expect(programs).toEqual(programsFallback);
    expect(programs).toHaveLength(5);
  });
});

describe('getPodcasts', () => {
  it('returns the API episodes', async () => {
    server.handler = (_req, res) =>
      sendJson(res, 200, [{ id: 1, title: 'Ep', image: '/p.webp', youtubeUrl: 'https://youtube.com/watch?v=1' }]);
    await expect(setup().source.getPodcasts()).resolves.toEqual([
      { id: '1', title: 'Ep', image: '/p.webp', youtubeUrl: 'https://youtube.com/watch?v=1' },
    ]);
    expect(server.requests[0]?.url).toBe('/api/content/podcasts/');
  });

  it.each(failures)('falls back to the 2 local episodes on %s', async (_name, handler) => {
    server.handler = handler;
    const podcasts = await setup().source.getPodcasts();
    expect(podcasts).toEqual(podcastsFallback);
    expect(podcasts).toHaveLength(2);
  });
});

describe('getHighlights', () => {
  it('reads a paged { results } body with its pagination and sends category, limit, page', async () => {
    server.handler = (_req, res) =>
      sendJson(res, 200, { results: [apiHighlight(1), apiHighlight(2)], count: 7, next: 'http://api/next', previous: null });
    const page = await setup().source.getHighlights({ category: 'community-impact', limit: 2, page: 2 });
    expect(server.requests[0]?.url).toBe('/api/content/highlights/?category=community-impact&limit=2&page=2');
    expect(page.count).toBe(7);
    expect(page.next).toBe('http://api/next');
    expect(page.previous).toBeNull();
    expect(page.results.map((h) => h.slug)).toEqual(['api-report-1', 'api-report-2']);
    expect(page.results[0]?.id).toBe('1');
  });

  it('reads a plain array body, applying the schema defaults', async () => {
    const bare = { id: 3, title: 'Bare', image: '/b.webp', date: '2025-02-02', slug: 'bare' };
    server.handler = (_req, res) => sendJson(res, 200, [bare]);
    const page = await setup().source.getHighlights();
    expect(server.requests[0]?.url).toBe('/api/content/highlights/');
    expect(page).toEqual({
      results: [
        { ...bare, id: '3', excerpt: '', content: '', readTime: '5 min read', category: 'Event Report', author: '', tags: [] },
      ],
      count: 1,
      next: null,
      previous: null,
    });
  });

  it('does not send category=all, and cuts an over-long API answer to the limit', async () => {
    server.handler = (_req, res) => sendJson(res, 200, [apiHighlight(1), apiHighlight(2), apiHighlight(3)]);
    const page = await setup().source.getHighlights({ category: 'all', limit: 2 });
    expect(server.requests[0]?.url).toBe('/api/content/highlights/?limit=2');
    expect(page.results).toHaveLength(2);
  });

  it('ignores nonsense limits and pages instead of sending them', async () => {
    server.handler = (_req, res) => sendJson(res, 200, []);
    await setup().source.getHighlights({ limit: -1, page: 1.5 });
    expect(server.requests[0]?.url).toBe('/api/content/highlights/');
  });

  it.each(failures)('falls back to all local highlights on %s', async (_name, handler) => {
    server.handler = handler;
    const { source, logs } = setup();
    const page = await source.getHighlights();
    expect(page).toEqual({ results: highlightsFallback, count: 4, next: null, previous: null });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('/api/content/highlights/');
  });

  describe('fallback filtering', () => {
    it.each(['Event Report', 'event report', 'EVENT REPORT', 'event-report'])(
      'matches the category %j case-insensitively, by name or slug',
      async (category) => {
        server.handler = (_req, res) => sendJson(res, 500, {});
        const page = await setup().source.getHighlights({ category });
        expect(page.results).toHaveLength(4);
      },
    );

    it('folds tones and dots: ?category=asa-oro and "Àṣà Ọ̀rọ̀" both find the reports filed under "Àṣà Ọ̀rọ̀"', () => {
      const yoruba = { ...highlightsFallback[0]!, id: 'yo', slug: 'yo', category: 'Àṣà Ọ̀rọ̀' };
      const all = [...highlightsFallback, yoruba];
      for (const category of ['asa-oro', 'Asa Oro', 'ÀṢÀ Ọ̀RỌ̀', 'Àṣà Ọ̀rọ̀'.normalize('NFD')]) {
        expect(fallbackHighlightPage(all, { category }).results.map((h) => h.id), category).toEqual(['yo']);
      }
      // Slugs match whole, not in part. Before folding, 'Ọ̀rọ̀' slugged to '' and read as every category.
      expect(fallbackHighlightPage(all, { category: 'Ọ̀rọ̀' }).results).toEqual([]);
    });

    it('returns an empty page for another category', async () => {
      server.handler = (_req, res) => sendJson(res, 500, {});
      const page = await setup().source.getHighlights({ category: 'Partnership' });
      expect(page).toEqual({ results: [], count: 0, next: null, previous: null });
    });

    it('cuts to the limit and pages', async () => {
      server.handler = (_req, res) => sendJson(res, 503, {});
      const { source } = setup();
      const first = await source.getHighlights({ category: 'event-report', limit: 3 });
      expect(first.results).toEqual(highlightsFallback.slice(0, 3));
      expect(first.count).toBe(4);
      expect(first.next).toBe('/api/content/highlights/?category=event-report&limit=3&page=2');
      expect(first.previous).toBeNull();
      const second = await source.getHighlights({ category: 'event-report', limit: 3, page: 2 });
      expect(second.results).toEqual(highlightsFallback.slice(3));
      expect(second.next).toBeNull();
      expect(second.previous).toBe('/api/content/highlights/?category=event-report&limit=3&page=1');
    });
  });
});

describe('getFeaturedHighlights', () => {
  it('asks for the default limit of 3', async () => {
    server.handler = (_req, res) => sendJson(res, 200, [apiHighlight(1)]);
    const featured = await setup().source.getFeaturedHighlights();
    expect(FEATURED_DEFAULT_LIMIT).toBe(3);
    expect(server.requests[0]?.url).toBe('/api/content/highlights/featured/?limit=3');
    expect(featured.map((h) => h.slug)).toEqual(['api-report-1']);
  });

  it('passes a given limit and reads a { results } body', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { results: [apiHighlight(1), apiHighlight(2)] });
    const featured = await setup().source.getFeaturedHighlights(1);
    expect(server.requests[0]?.url).toBe('/api/content/highlights/featured/?limit=1');
    expect(featured).toHaveLength(1);
  });

  it.each(failures)('falls back to the first n local highlights on %s', async (_name, handler) => {
    server.handler = handler;
    const { source } = setup();
    await expect(source.getFeaturedHighlights()).resolves.toEqual(highlightsFallback.slice(0, 3));
    await expect(source.getFeaturedHighlights(1)).resolves.toEqual(highlightsFallback.slice(0, 1));
  });
});

describe('getHighlight', () => {
  const local = highlightsFallback[1]!;

  it('returns the API report by slug', async () => {
    server.handler = (_req, res) => sendJson(res, 200, apiHighlight(5));
    const report = await setup().source.getHighlight('api-report-5');
    expect(server.requests[0]?.url).toBe('/api/content/highlights/api-report-5/');
    expect(report?.title).toBe('API report 5');
  });

  it('encodes the slug into the path', async () => {
    server.handler = (_req, res) => sendJson(res, 404, {});
    await setup().source.getHighlight('a b/../c');
    expect(server.requests[0]?.url).toBe('/api/content/highlights/a%20b%2F..%2Fc/');
  });

  it.each(failures)(
    'falls back to the local report with that slug on %s',
    async (_name, handler) => {
      server.handler = handler;
      await expect(setup().source.getHighlight(local.slug)).resolves.toEqual(local);
    },
  );

  it('is undefined on a 404, even for a slug the fallbacks hold (an unpublished report stays gone)', async () => {
    server.handler = (_req, res) => sendJson(res, 404, { detail: 'Not found' });
    const { source, logs } = setup();
    await expect(source.getHighlight(local.slug)).resolves.toBeUndefined();
    await expect(source.getHighlight('no-such-report')).resolves.toBeUndefined();
    expect(logs).toHaveLength(0);
  });

  it('is undefined when the API fails and the fallbacks do not have it', async () => {
    server.handler = (_req, res) => sendJson(res, 500, { message: 'boom' });
    const { source, logs } = setup();
    await expect(source.getHighlight('no-such-report')).resolves.toBeUndefined();
    expect(logs).toHaveLength(1);
    expect(HIGHLIGHT_NOT_FOUND).toBe('Highlight not found');
  });

  it('is undefined for a blank slug without calling the API', async () => {
    await expect(setup().source.getHighlight('  ')).resolves.toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });
});

describe('rethrow hook', () => {
  it('lets framework signals escape instead of falling back', async () => {
    server.handler = (_req, res) => sendJson(res, 500, {});
    const client = createApiClient({ baseUrl: server.origin, fetch: (r) => fetch(r), log: silentLogger });
    const source = createContentSource(client, {
      log: silentLogger,
      rethrow: (error) => {
        throw new Error(`escaped: ${(error as Error).message}`);
      },
    });
    await expect(source.getHero()).rejects.toThrow(/^escaped:/);
  });
});
