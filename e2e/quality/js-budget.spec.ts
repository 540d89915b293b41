/**
 * Per-route JavaScript budget, deterministic (bytes, not timings): the gzipped size of the
 * <script src> files each page loads, minus the framework's own floor (an empty App Router page
 * built by the same Next version, recorded in scripts/bench/framework-baseline.json by
 * `npm run bench -- --write-baseline`), must stay within 20 KB. Every script is same-origin (no
 * third-party scripts), and the fonts are subset woff2 files, not preloaded (issue 15).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { pageRoutes } from '../support/routes';

const BUDGET_BYTES = 20 * 1024;
const FONT_MAX_BYTES = 60 * 1024;

interface Baseline {
  next: string;
  jsGzipBytes: number;
}

const baseline = JSON.parse(readFileSync(new URL('../../scripts/bench/framework-baseline.json', import.meta.url), 'utf8')) as Baseline;
const installedNext = (JSON.parse(readFileSync(new URL('../../node_modules/next/package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Script files a modern browser loads (nomodule polyfills are never fetched by one). */
function scriptSources(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = m[1] ?? '';
    const src = /\ssrc="([^"]+)"/i.exec(attributes)?.[1];
    if (src && !/\snomodule\b/i.test(attributes) && !out.includes(src)) out.push(src.replace(/&amp;/g, '&'));
  }
  return out;
}

test('the framework baseline was measured with the installed Next.js @nojs', () => {
  expect(baseline.next, 'run `npm run bench -- --write-baseline` after upgrading Next.js').toBe(installedNext);
});

test('every route: same-origin scripts only, and at most 20 KB of our own gzipped JS above the framework @nojs', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const gzipCache = new Map<string, number>();
  const problems: string[] = [];
  const report: string[] = [];
  for (const route of await pageRoutes(request)) {
    const html = await (await request.get(route)).text();
    let total = 0;
    for (const src of scriptSources(html)) {
      const url = new URL(src, baseURL);
      if (url.origin !== origin) {
        problems.push(`${route}: third-party script ${src}`);
        continue;
      }
      if (!gzipCache.has(url.pathname)) {
        const body = await (await request.get(url.pathname)).body();
        gzipCache.set(url.pathname, gzipSync(body).length);
      }
      total += gzipCache.get(url.pathname)!;
    }
    const ours = total - baseline.jsGzipBytes;
    report.push(`${route}: ${(total / 1024).toFixed(1)} KB gz, ours ${(ours / 1024).toFixed(1)} KB`);
    if (ours > BUDGET_BYTES) problems.push(`${route}: ${(ours / 1024).toFixed(1)} KB of our own JS (gzipped) above the framework's ${(baseline.jsGzipBytes / 1024).toFixed(1)} KB; budget 20 KB`);
  }
  test.info().annotations.push({ type: 'js-bytes', description: report.join('\n') });
  expect(problems, problems.join('\n')).toEqual([]);
});

test('fonts: subset woff2 files, not preloaded (they would race the LCP image on slow data) @nojs', async ({ request }) => {
  const res = await request.get('/');
  const html = await res.text();
  // Next sends preloads as <link> tags or, earlier still, in the HTTP Link header: neither may name a font.
  const tagPreloads = [...html.matchAll(/<link\b[^>]*rel="preload"[^>]*>/gi)].map((m) => m[0]).filter((l) => /as="font"/.test(l));
  const headerPreloads = (res.headers()['link'] ?? '').split(/,(?=\s*<)/).filter((part) => /rel=preload/.test(part) && /as="?font/.test(part));
  expect([...tagPreloads, ...headerPreloads], 'fonts are display: optional and not preloaded (docs/decisions.md, "Fonts", issue 15)').toEqual([]);
  // The font files, from the @font-face rules (inline in <head> with experimental.inlineCss, or in a stylesheet).
  let css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('\n');
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/gi)) css += await (await request.get(m[1]!)).text();
  const fonts = [...new Set([...css.matchAll(/@font-face\s*{[^}]*?url\(([^)]+)\)/g)].map((m) => m[1]!.replace(/["']/g, '')))];
  expect(fonts.length, 'no @font-face found on the home page').toBeGreaterThan(0);
  for (const href of fonts) {
    expect(href).toMatch(/\.woff2(\?|$)/);
    const bytes = (await (await request.get(href)).body()).length;
    expect(bytes, `${href} is ${bytes} bytes: not a subset?`).toBeLessThanOrEqual(FONT_MAX_BYTES);
  }
});
