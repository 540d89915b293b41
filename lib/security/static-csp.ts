import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
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
  routes?: Record<string, { initialRevalidateSeconds?: number | false } | undefined>;
}

/** The HTML file Next writes for a prerendered app route: "/" -> index.html, "/about" -> about.html. */
export function prerenderedHtmlPath(distDir: string, route: string): string {
  const name = route === '/' ? 'index' : route.replace(/^\//, '');
  return join(distDir, 'server', 'app', `${name}.html`);
}

export interface StaticCspLookup {
  /** The hashes for a prerendered route, or undefined when the route renders per request. */
  (pathname: string): InlineHashes | undefined;
}

/**
 * Reads `prerender-manifest.json` once; routes listed there with an HTML file are "static".
 * Returns a lookup that never throws (a missing or odd build means: use a nonce).
 */
export function createStaticCspLookup(distDir: string): StaticCspLookup {
  let routes: Set<string> | undefined;
  const cache = new Map<string, { mtimeMs: number; hashes: InlineHashes }>();

  function staticRoutes(): Set<string> {
    if (routes) return routes;
    routes = new Set();
    try {
      const manifest = JSON.parse(readFileSync(join(distDir, 'prerender-manifest.json'), 'utf8')) as PrerenderManifest;
      for (const route of Object.keys(manifest.routes ?? {})) {
        // Next's internal routes (/_not-found, /_global-error) and metadata files are not pages.
        if (route.startsWith('/_') || /\.[a-z0-9]+$/i.test(route)) continue;
        if (existsSync(prerenderedHtmlPath(distDir, route))) routes.add(route);
      }
    } catch {
      // No build manifest (dev server, unit tests): every page gets a nonce.
    }
    return routes;
  }

  return (pathname: string) => {
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (!staticRoutes().has(route)) return undefined;
    const file = prerenderedHtmlPath(distDir, route);
    try {
      const { mtimeMs } = statSync(file);
      const hit = cache.get(route);
      if (hit && hit.mtimeMs === mtimeMs) return hit.hashes;
      const hashes = inlineHashes(readFileSync(file, 'utf8'));
      cache.set(route, { mtimeMs, hashes });
      return hashes;
    } catch {
      return undefined;
    }
  };
}
