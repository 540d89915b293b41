import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Hash-based CSP for prerendered pages. A nonce needs a fresh render per request, which caps a
 * page at a few hundred views a second; a prerendered page is served from Next's cache at thousands.
 * Its HTML is fixed at build (or ISR) time, so its inline scripts and styles are known: we hash
 * them and send those hashes instead of a nonce. The prerendered HTML is read from the build
 * folder on the first request for a route and cached until the file changes (ISR rewrites it).
 */

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Hashes of every inline `<script>` (no src) and `<style>` element, in document order, deduplicated. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = m[1] ?? '';
    const body = m[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // JSON data blocks are not executed, so CSP does not govern them.
    if (/\stype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    if (body.length > 0) scripts.add(sha256(body));
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    const body = m[1] ?? '';
    if (body.length > 0) styles.add(sha256(body));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

interface PrerenderManifest {
  routes?: Record<string, { srcRoute?: string | null } | undefined>;
  dynamicRoutes?: Record<string, { routeRegex?: string } | undefined>;
}

/** The HTML file `next build` writes for a prerendered app route: "/" -> index.html, "/about" -> about.html. */
export function prerenderedHtmlPath(distDir: string, route: string): string {
  const name = route === '/' ? 'index' : route.replace(/^\//, '');
  return join(distDir, 'server', 'app', `${name}.html`);
}

/**
 * Where `next start` (16.4) keeps a page it rendered or revalidated at run time:
 * server/route-cache/APP_PAGE/<sha256 of the page's module, e.g. "/highlights/[slug]/page">/$<path>.html.
 * This copy, when present, is the one served, and it differs from the build's (Next's payload
 * flags change), so its hashes are the ones that count. Next's internal layout: if it moves, the
 * lookup falls back to the build's file, and the e2e CSP checks (console refusals) fail.
 */
export function routeCacheHtmlPath(distDir: string, appPage: string, route: string): string {
  const source = createHash('sha256').update(appPage).digest('hex');
  return join(distDir, 'server', 'route-cache', 'APP_PAGE', source, `$${route === '/' ? '/index' : route}.html`);
}

/** "/highlights/(list)/page" -> "/highlights": the route an app-paths-manifest page serves. */
export function routeOfAppPage(appPage: string): string {
  const route = appPage
    .split('/')
    .filter((segment) => segment && !/^\(.*\)$/.test(segment) && !segment.startsWith('@'))
    .slice(0, -1)
    .join('/');
  return `/${route}`;
}

export interface StaticCspLookup {
  /** The hashes for a prerendered route, or undefined when the route renders per request. */
  (pathname: string, now?: number): InlineHashes | undefined;
}

/** How long the hashes of a page's previous version stay allowed after ISR rewrote it. */
export const PREVIOUS_VERSION_GRACE_MS = 60_000;

// Only plain slugs can name a page written at run time: nothing that could leave the build folder.
const SAFE_PATH = /^(\/[a-z0-9][a-z0-9-]{0,99})+$/i;

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

interface Build {
  /** Prerendered route -> the route pattern it came from ("/highlights/x" -> "/highlights/[slug]"). */
  routes: Map<string, string>;
  dynamic: { pattern: string; regex: RegExp }[];
  /** Route pattern -> its app page module ("/highlights" -> "/highlights/(list)/page"). */
  appPages: Map<string, string>;
}

/**
 * Reads the build's manifests once. A route is "static" when its HTML is in the build folder:
 * listed in prerender-manifest's routes (prerendered at build), or matching one of its dynamic
 * routes (generateStaticParams with dynamicParams) and rendered by a first visit since.
 * Returns a lookup that never throws (a missing or odd build means: use a nonce).
 *
 * When ISR rewrites a page, Next swaps the copy it serves and the file at nearly the same
 * moment, not atomically; for a minute after a change the previous version's hashes stay in the
 * policy too, so a response in that gap still runs its scripts.
 */
export function createStaticCspLookup(distDir: string): StaticCspLookup {
  let build: Build | undefined;
  const cache = new Map<string, { file: string; mtimeMs: number; hashes: InlineHashes; previous?: InlineHashes; changedAt: number }>();

  function readBuild(): Build {
    if (build) return build;
    build = { routes: new Map(), dynamic: [], appPages: new Map() };
    const internal = (route: string) => route.startsWith('/_') || /\.[a-z0-9]+$/i.test(route);
    try {
      const json = JSON.parse(readFileSync(join(distDir, 'prerender-manifest.json'), 'utf8')) as PrerenderManifest;
      for (const [route, entry] of Object.entries(json.routes ?? {})) {
        // Next's internal routes (/_not-found, /_global-error) and metadata files are not pages.
        if (!internal(route)) build.routes.set(route, entry?.srcRoute ?? route);
      }
      for (const [pattern, entry] of Object.entries(json.dynamicRoutes ?? {})) {
        if (!internal(pattern) && entry?.routeRegex) build.dynamic.push({ pattern, regex: new RegExp(entry.routeRegex) });
      }
      const appPaths = JSON.parse(readFileSync(join(distDir, 'server', 'app-paths-manifest.json'), 'utf8')) as Record<string, string>;
      for (const page of Object.keys(appPaths)) if (page.endsWith('/page')) build.appPages.set(routeOfAppPage(page), page);
    } catch {
      // No build manifest (dev server, unit tests): every page gets a nonce.
    }
    return build;
  }

  /** The route's pattern when it is served from the cache, else undefined. */
  function patternOf(route: string): string | undefined {
    const b = readBuild();
    const listed = b.routes.get(route);
    if (listed) return listed;
    if (!SAFE_PATH.test(route)) return undefined;
    return b.dynamic.find((d) => d.regex.test(route))?.pattern;
  }

  /** The HTML being served for the route: the run-time copy if Next has made one, else the build's. */
  function servedFile(route: string, pattern: string): { file: string; mtimeMs: number } | undefined {
    const appPage = readBuild().appPages.get(pattern);
    const candidates = appPage ? [routeCacheHtmlPath(distDir, appPage, route)] : [];
    candidates.push(prerenderedHtmlPath(distDir, route));
    for (const file of candidates) {
      try {
        return { file, mtimeMs: statSync(file).mtimeMs };
      } catch {
        // not there: try the next
      }
    }
    return undefined;
  }

  return (pathname: string, now = Date.now()) => {
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const pattern = patternOf(route);
    if (!pattern) return undefined;
    const served = servedFile(route, pattern);
    if (!served) return undefined;
    let entry = cache.get(route);
    if (!entry || entry.file !== served.file || entry.mtimeMs !== served.mtimeMs) {
      let hashes: InlineHashes;
      try {
        hashes = inlineHashes(readFileSync(served.file, 'utf8'));
      } catch {
        return undefined;
      }
      entry = { ...served, hashes, previous: entry?.hashes, changedAt: now };
      cache.set(route, entry);
    }
    const { hashes, previous } = entry;
    if (!previous || now - entry.changedAt > PREVIOUS_VERSION_GRACE_MS) return hashes;
    return { scripts: union(hashes.scripts, previous.scripts), styles: union(hashes.styles, previous.styles) };
  };
}
