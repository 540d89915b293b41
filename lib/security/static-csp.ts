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
  routes?: Record<string, unknown>;
  dynamicRoutes?: Record<string, { routeRegex?: string } | undefined>;
}

/** The HTML file Next writes for a prerendered app route: "/" -> index.html, "/about" -> about.html. */
export function prerenderedHtmlPath(distDir: string, route: string): string {
  const name = route === '/' ? 'index' : route.replace(/^\//, '');
  return join(distDir, 'server', 'app', `${name}.html`);
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

/**
 * Reads `prerender-manifest.json` once. A route is "static" when its HTML is in the build folder:
 * listed in the manifest's routes (prerendered at build), or matching one of its dynamic routes
 * (generateStaticParams with dynamicParams) and written there by ISR on a first visit.
 * Returns a lookup that never throws (a missing or odd build means: use a nonce).
 *
 * When ISR rewrites a page, Next swaps the cached copy it serves and the file at nearly the same
 * moment, not atomically; for a minute after a change the previous version's hashes stay in the
 * policy too, so a response in that gap still runs its scripts.
 */
export function createStaticCspLookup(distDir: string): StaticCspLookup {
  let manifest: { routes: Set<string>; dynamic: RegExp[] } | undefined;
  const cache = new Map<string, { mtimeMs: number; hashes: InlineHashes; previous?: InlineHashes; changedAt: number }>();

  function readManifest() {
    if (manifest) return manifest;
    manifest = { routes: new Set(), dynamic: [] };
    try {
      const json = JSON.parse(readFileSync(join(distDir, 'prerender-manifest.json'), 'utf8')) as PrerenderManifest;
      for (const route of Object.keys(json.routes ?? {})) {
        // Next's internal routes (/_not-found, /_global-error) and metadata files are not pages.
        if (route.startsWith('/_') || /\.[a-z0-9]+$/i.test(route)) continue;
        manifest.routes.add(route);
      }
      for (const [route, entry] of Object.entries(json.dynamicRoutes ?? {})) {
        if (route.startsWith('/_') || /\.[a-z0-9]+$/i.test(route) || !entry?.routeRegex) continue;
        manifest.dynamic.push(new RegExp(entry.routeRegex));
      }
    } catch {
      // No build manifest (dev server, unit tests): every page gets a nonce.
    }
    return manifest;
  }

  function isStatic(route: string): boolean {
    const m = readManifest();
    if (m.routes.has(route)) return true;
    return SAFE_PATH.test(route) && m.dynamic.some((re) => re.test(route));
  }

  return (pathname: string, now = Date.now()) => {
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (!isStatic(route)) return undefined;
    const file = prerenderedHtmlPath(distDir, route);
    try {
      const { mtimeMs } = statSync(file);
      const hit = cache.get(route);
      if (hit && hit.mtimeMs === mtimeMs) {
        if (!hit.previous || now - hit.changedAt > PREVIOUS_VERSION_GRACE_MS) return hit.hashes;
        return { scripts: union(hit.hashes.scripts, hit.previous.scripts), styles: union(hit.hashes.styles, hit.previous.styles) };
      }
      const hashes = inlineHashes(readFileSync(file, 'utf8'));
      cache.set(route, { mtimeMs, hashes, previous: hit?.hashes, changedAt: now });
      if (!hit) return hashes;
      return { scripts: union(hashes.scripts, hit.hashes.scripts), styles: union(hashes.styles, hit.hashes.styles) };
    } catch {
      return undefined;
    }
  };
}
