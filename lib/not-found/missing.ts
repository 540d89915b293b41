import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentSource } from '@/lib/content/source';
import type { EventDetail } from '@/lib/content/schemas';
import type { MissingKind } from './kind';

export { missingPath, type MissingKind } from './kind';

/**
 * Which kind of "not found" a URL is, decided before the page renders.
 *
 * Why: Next 16 serves a 404 raised by notFound() inside a page with an EMPTY <body> — the
 * not-found UI exists only in the RSC payload and appears after hydration (vercel/next.js#62228,
 * #98954). Without JavaScript, and for crawlers that do not run it, the page is blank. And the
 * root app/not-found.tsx is prerendered once (it must not read the request: Next renders it into
 * every page, so a headers() call there makes the whole site dynamic), so it cannot say which
 * thing is missing, and its static HTML carries no nonce for the CSP.
 *
 * So proxy.ts decides: a missing report, event or page, and any URL no route matches, is
 * rewritten with status 404 to app/missing/[kind], rendered per request with the nonce.
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i;

export interface MissingDeps {
  /** First path segments that belong to real routes (about, highlights, api, robots.txt...). */
  topLevelRoutes: ReadonlySet<string>;
  source: Pick<ContentSource, 'getHighlight' | 'getEvents' | 'getPrograms'>;
  eventDetail: (slug: string) => EventDetail | undefined;
  /** Whether any route of the build serves the path; without a build (tests), assume one does. */
  matchesRoute?: (pathname: string) => boolean;
}

async function eventExists(slug: string, deps: MissingDeps): Promise<boolean> {
  if (!SLUG.test(slug)) return false;
  // Either kind: the pages redirect a programme typed at the top level, and an event under /events/.
  if (deps.eventDetail(slug)) return true;
  const [events, programs] = await Promise.all([deps.source.getEvents(), deps.source.getPrograms()]);
  return (
    events.heroEvent.slug === slug || events.events.some((e) => e.slug === slug) || programs.some((p) => p.slug === slug)
  );
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export async function findMissing(pathname: string, deps: MissingDeps): Promise<MissingKind | undefined> {
  const raw = pathname.split('/').filter(Boolean);
  const segments = raw.map(decode);
  if (segments.some((s) => s === undefined)) return 'page';
  const [first, second] = segments as string[];
  if (first === 'highlights' && segments.length === 2 && second !== 'feed.xml') {
    if (!SLUG.test(second!)) return 'report';
    return (await deps.source.getHighlight(second!)) ? undefined : 'report';
  }
  if (first === 'events' && segments.length === 2) {
    return (await eventExists(second!, deps)) ? undefined : 'event';
  }
  if (segments.length === 1 && !deps.topLevelRoutes.has(first!)) {
    return (await eventExists(first!, deps)) ? undefined : 'page';
  }
  if (deps.matchesRoute && !deps.matchesRoute(pathname)) return 'page';
  return undefined;
}

/** The first segments of the built app's routes, from its app-paths manifest. */
export function readTopLevelRoutes(distDir: string): Set<string> {
  const routes = new Set<string>();
  try {
    const manifest = JSON.parse(readFileSync(join(distDir, 'server', 'app-paths-manifest.json'), 'utf8')) as Record<string, string>;
    for (const key of Object.keys(manifest)) {
      const first = key.split('/').filter((s) => s && !s.startsWith('(') && !s.startsWith('_'))[0];
      if (first && !first.startsWith('[') && first !== 'page') routes.add(first);
    }
  } catch {
    // No build to read (dev, tests): the caller's defaults stand.
  }
  return routes;
}

interface RoutesManifest {
  staticRoutes?: { regex: string }[];
  dynamicRoutes?: { regex: string }[];
}

/**
 * Whether a path is served by one of the built app's routes (routes-manifest.json). Next's own
 * files under /_next/ always are. Without a manifest (dev, tests) every path is assumed served.
 */
export function readRouteMatcher(distDir: string): (pathname: string) => boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(distDir, 'routes-manifest.json'), 'utf8')) as RoutesManifest;
    const regexes = [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((r) => new RegExp(r.regex));
    if (regexes.length === 0) return () => true;
    return (pathname) => pathname.startsWith('/_next/') || regexes.some((re) => re.test(pathname));
  } catch {
    return () => true;
  }
}

/** A small time-bounded memo so a popular URL is checked once a minute, not on every view. */
export function memoize<T>(ttlMs: number, maxEntries: number, compute: (key: string) => Promise<T>) {
  const entries = new Map<string, { value: Promise<T>; at: number }>();
  return (key: string, now = Date.now()): Promise<T> => {
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    const value = compute(key);
    entries.set(key, { value, at: now });
    // A failed check is not remembered.
    value.catch(() => entries.delete(key));
    return value;
  };
}
