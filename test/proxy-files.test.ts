import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * proxy.ts and files (issue 42): its matcher brings it a file's request only when it is not a
 * browser's own loading of that file (Sec-Fetch-Dest names a script, a style sheet, a font, an
 * image, the worker), so page loads never pay for it; another method than GET or HEAD is answered
 * 405 with Allow (Next answered 500), and a GET passes untouched. Pages and /api match as before.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-proxy-files-'));
vi.stubEnv('DATA_DIR', dataDir);
vi.stubEnv('SITE_URL', 'http://localhost:3000');

const { proxy, config } = await import('@/proxy');

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const matches = (url: string, headers: Record<string, string> = {}) => unstable_doesMiddlewareMatch({ config, url, headers });
const FILES = ['/ticket-sw.js', '/images/content/hero.webp', '/fonts/space-grotesk-400-normal.woff2', '/_next/static/chunks/3c7_2hrwueypo.js'];

describe('proxy.ts’s matcher', () => {
  it('leaves a browser’s own loading of a file alone', () => {
    for (const [url, dest] of [
      ['/_next/static/chunks/3c7_2hrwueypo.js', 'script'],
      ['/_next/static/chunks/app.css', 'style'],
      ['/_next/static/media/font.woff2', 'font'],
      ['/fonts/space-grotesk-400-normal.woff2', 'font'],
      ['/images/content/hero.webp', 'image'],
      ['/ticket-sw.js', 'serviceworker'],
    ] as const) {
      expect(matches(url, { 'sec-fetch-dest': dest }), `${url} ${dest}`).toBe(false);
    }
  });

  it('brings it every other request for a file: no Sec-Fetch-Dest (curl, a probe), a script’s fetch, a form', () => {
    for (const url of FILES) {
      expect(matches(url), url).toBe(true);
      expect(matches(url, { 'sec-fetch-dest': 'empty' }), url).toBe(true);
      expect(matches(url, { 'sec-fetch-dest': 'document' }), url).toBe(true);
    }
  });

  it('still matches pages and /api, and not what Next serves itself', () => {
    for (const url of ['/', '/about', '/staff/check-in', '/donations/return?notice=constructor', '/api/content/hero/']) expect(matches(url), url).toBe(true);
    for (const url of ['/_next/image?url=%2Fimages%2Fx.webp&w=640&q=75', '/favicon.ico', '/icon.svg', '/_next/static']) expect(matches(url), url).toBe(false);
  });
});

describe('proxy() on a file', () => {
  it('answers another method than GET or HEAD 405, with Allow and a request id', async () => {
    for (const url of FILES) {
      for (const method of ['PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS']) {
        const res = await proxy(new NextRequest(`http://localhost:3000${url}`, { method, ...(method === 'OPTIONS' || method === 'DELETE' ? {} : { body: 'x' }) }));
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.headers.get('Allow')).toBe('GET, HEAD');
        expect(res.headers.get('X-Request-Id')).toBeTruthy();
      }
    }
  });

  it('lets GET and HEAD through untouched (no page headers, no nonce)', async () => {
    for (const url of FILES) {
      for (const method of ['GET', 'HEAD']) {
        const res = await proxy(new NextRequest(`http://localhost:3000${url}`, { method }));
        expect(res.headers.get('x-middleware-next'), `${method} ${url}`).toBe('1');
        expect(res.headers.get('Content-Security-Policy')).toBeNull();
      }
    }
  });
});
