import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { highlightsFallback } from '@/contract/fallbacks';
import { sendJson, startTestServer, type TestServer } from '@/test/support/http-server';

// The site's log lines, kept for the fallback test (a real logger: JSON lines, masking).
const captured = await vi.hoisted(async () => (await import('@/test/support/log')).captureLog());
vi.mock('@/lib/backend/log', async (original) => ({
  ...(await original<typeof import('@/lib/backend/log')>()),
  logger: (area: string, fields: Record<string, unknown> = {}) => captured.log.child({ area, ...fields }),
}));

/**
 * The site's default wiring: getConfig() -> HTTP transport to API_BASE_URL -> the default client
 * (cookies() outside a request simply means "no cookies") -> the cache()-wrapped getters.
 */
let server: TestServer;
let content: typeof import('./index');
const previous = process.env.API_BASE_URL;

beforeAll(async () => {
  server = await startTestServer();
  process.env.API_BASE_URL = `${server.origin}/`;
  content = await import('./index'); // after the env is set: configuration is parsed on first use
});
afterAll(async () => {
  if (previous === undefined) delete process.env.API_BASE_URL;
  else process.env.API_BASE_URL = previous;
  await server.close();
});

describe('lib/content default getters', () => {
  it('call the configured API with the JSON headers and no credentials headers outside a request', async () => {
    const hero = { title: 'Live', body: 'b', ctaText: 'Go', heroImage: '/h.webp' };
    server.handler = (_req, res) => sendJson(res, 200, hero);
    await expect(content.getHero()).resolves.toEqual(hero);
    const req = server.requests.at(-1);
    expect(req?.url).toBe('/api/content/hero/');
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers.authorization).toBeUndefined();
  });

  it('fall back when the API fails', async () => {
    server.handler = (_req, res) => sendJson(res, 503, {});
    const before = captured.lines.length;
    await expect(content.getHighlights({ category: 'EVENT REPORT', limit: 2 })).resolves.toMatchObject({
      results: highlightsFallback.slice(0, 2),
      count: 4,
    });
    await expect(content.getHighlight(highlightsFallback[0]!.slug)).resolves.toEqual(highlightsFallback[0]);
    await expect(content.getHighlight('missing')).resolves.toBeUndefined();
    // Per failure: the client's 5xx line and the getter's fallback line.
    const lines = captured.entries().slice(before);
    expect(lines.map((l) => l.level)).toEqual(Array(6).fill('warn'));
    expect(lines.filter((l) => l.area === 'content' && l.msg.includes('using the built-in fallback'))).toHaveLength(3);
  });
});
