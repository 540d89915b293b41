import { describe, expect, it } from 'vitest';
import type { EventDetail, Events, Highlight, Program } from '@/lib/content/schemas';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findMissing, memoize, missingPath, readRouteMatcher, type MissingDeps } from './missing';

const events: Events = {
  heroEvent: { title: 'Festival', subtitle: '', image: '/i.webp', slug: 'annual-festival' },
  events: [{ title: 'Forum', image: '/i.webp', slug: 'api-only-event' }],
};
const programs: Program[] = [{ id: '1', leftLabel: '', title: 'Film', subtitle: '', avatar: '/a.webp', slug: 'api-only-programme' }];

function deps(): MissingDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    topLevelRoutes: new Set(['about', 'highlights', 'events', 'robots.txt', 'festival.ics']),
    source: {
      getHighlight: async (slug) => {
        calls.push(`highlight:${slug}`);
        return slug === 'known-report' ? ({ slug } as Highlight) : undefined;
      },
      getEvents: async () => events,
      getPrograms: async () => programs,
    },
    eventDetail: (slug) => (slug === 'static-event' ? ({ slug } as EventDetail) : undefined),
  };
}

describe('findMissing', () => {
  it.each([
    ['/highlights/known-report', undefined],
    ['/highlights/no-such-report', 'report'],
    ['/highlights/<script>', 'report'],
    ['/highlights/feed.xml', undefined],
    ['/highlights/known-report/opengraph-image', undefined],
    ['/highlights', undefined],
    ['/events/static-event', undefined],
    ['/events/api-only-programme', undefined],
    ['/events/nope', 'event'],
    ['/static-event', undefined],
    ['/api-only-event', undefined],
    ['/annual-festival', undefined],
    ['/no-such-page', 'page'],
    ['/about', undefined],
    ['/robots.txt', undefined],
    ['/%E0%A4%A', 'page'],
    ['/', undefined],
    ['/a/b/c', undefined],
  ])('%s -> %s', async (path, expected) => {
    expect(await findMissing(path, deps())).toBe(expected);
  });

  it('each kind has its own 404 route', () => {
    expect(['report', 'event', 'page'].map((k) => missingPath(k as 'report'))).toEqual(['/missing/report', '/missing/event', '/missing/page']);
  });
});

describe('memoize', () => {
  it('computes once per key within the time limit, again after it, and forgets failures', async () => {
    let n = 0;
    const fail = new Set(['bad']);
    const get = memoize(1_000, 10, async (key) => {
      n++;
      if (fail.has(key)) throw new Error('down');
      return `${key}:${n}`;
    });
    expect(await get('a', 0)).toBe('a:1');
    expect(await get('a', 500)).toBe('a:1');
    expect(await get('a', 1_500)).toBe('a:2');
    await expect(get('bad', 0)).rejects.toThrow('down');
    fail.delete('bad');
    expect(await get('bad', 10)).toBe('bad:4');
  });

  it('keeps at most maxEntries keys', async () => {
    let n = 0;
    const get = memoize(60_000, 2, async (key) => `${key}:${++n}`);
    await get('a', 0);
    await get('b', 0);
    await get('c', 0);
    expect(await get('a', 1)).toBe('a:4');
  });
});

describe('missing pages and unmatched paths', () => {
  it('a path no route serves is a missing page; without a route table nothing is assumed missing', async () => {
    const withRoutes = { ...deps(), matchesRoute: (p: string) => p.startsWith('/about') || p === '/a/b' };
    expect(await findMissing('/highlights/known-report/extra', withRoutes)).toBe('page');
    expect(await findMissing('/a/b', withRoutes)).toBeUndefined();
    expect(await findMissing('/highlights/known-report/extra', deps())).toBeUndefined();
  });

  it('reads the route table of a build', () => {
    const dist = mkdtempSync(join(tmpdir(), 'routes-'));
    writeFileSync(
      join(dist, 'routes-manifest.json'),
      JSON.stringify({ staticRoutes: [{ regex: '^/about(?:/)?$' }], dynamicRoutes: [{ regex: '^/highlights/([^/]+?)(?:/)?$' }] }),
    );
    const matches = readRouteMatcher(dist);
    expect(['/about', '/about/', '/highlights/x', '/_next/static/chunk.js'].map(matches)).toEqual([true, true, true, true]);
    expect(['/highlights/x/y', '/nope/deeper'].map(matches)).toEqual([false, false]);
    expect(readRouteMatcher('/nonexistent')('/anything/at/all')).toBe(true);
  });
});
