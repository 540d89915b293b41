// Bytes a page costs on first load: its HTML, the <script src> files it loads (gzipped as the
// server sends them), and everything else it references. Shared by the benchmark and the
// framework-baseline script; the CI budget test (e2e/quality/js-budget.spec.ts) counts the same way.
import { gzipSync } from 'node:zlib';

/**
 * The src of every <script src> a modern browser loads, in order, deduplicated. `nomodule`
 * scripts (legacy polyfills) are skipped: browsers that run modules never fetch them.
 */
export function scriptSources(html) {
  const out = [];
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = m[1];
    const srcMatch = /\ssrc="([^"]+)"/i.exec(attributes);
    if (!srcMatch || /\snomodule\b/i.test(attributes)) continue;
    const src = srcMatch[1].replace(/&amp;/g, '&');
    if (!out.includes(src)) out.push(src);
  }
  return out;
}

export const gzipBytes = (buffer) => gzipSync(buffer).length;

/** Fetches a page and its scripts: { html, htmlGzip, js: [{src, gzip}], jsGzip }. */
export async function pageJsBytes(baseUrl, path) {
  const response = await fetch(new URL(path, baseUrl));
  const html = await response.text();
  const js = [];
  for (const src of scriptSources(html)) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    js.push({ src, gzip: gzipBytes(body) });
  }
  return {
    status: response.status,
    html,
    htmlGzip: gzipBytes(Buffer.from(html)),
    js,
    jsGzip: js.reduce((sum, s) => sum + s.gzip, 0),
  };
}
