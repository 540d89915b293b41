import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey, createPageCache, isCacheable, shareableTtlMs } from './page-cache';

describe('what may be cached', () => {
  const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, headers, method });

  it('plain page views only', () => {
    expect(isCacheable(req('/'))).toBe(true);
    expect(isCacheable(req('/highlights/a-report', {}, 'HEAD'))).toBe(true);
    expect(isCacheable(req('/', {}, 'POST'))).toBe(false);
    expect(isCacheable(req('/highlights?category=x'))).toBe(false);
    expect(isCacheable(req('/api/content/hero/'))).toBe(false);
    expect(isCacheable(req('/_next/static/chunks/a.js'))).toBe(false);
    expect(isCacheable(req('/', { rsc: '1' }))).toBe(false);
    expect(isCacheable(req('/', { 'next-action': 'abc' }))).toBe(false);
  });

  it('responses Next marks shareable, for as long as it says', () => {
    expect(shareableTtlMs(200, { 'cache-control': 's-maxage=60, stale-while-revalidate=31535940' })).toBe(60_000);
    expect(shareableTtlMs(200, { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' })).toBeUndefined();
    expect(shareableTtlMs(200, { 'cache-control': 's-maxage=60', 'set-cookie': 'a=b' })).toBeUndefined();
    expect(shareableTtlMs(404, { 'cache-control': 's-maxage=60' })).toBeUndefined();
    expect(shareableTtlMs(200, {})).toBeUndefined();
  });

  it('keys on the path and the exact Accept-Encoding', () => {
    expect(cacheKey({ url: '/', headers: { 'accept-encoding': 'gzip' } })).not.toBe(cacheKey({ url: '/', headers: {} }));
  });
});

describe('the cache in front of a real HTTP handler', () => {
  let server: Server;
  let base = '';
  let renders = 0;
  let clock = 0;
  const cache = createPageCache({ maxTtlMs: 5_000, now: () => clock });

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (cache.serveOrCapture(req, res)) return;
      renders += 1;
      const page = `<html><script>render(${renders})</script></html>`;
      const isPrivate = req.url === '/private';
      res.setHeader('cache-control', isPrivate ? 'private, no-store' : 's-maxage=60');
      res.setHeader('content-security-policy', `script-src 'sha256-of-render-${renders}'`);
      if (/gzip/.test(String(req.headers['accept-encoding'] ?? ''))) {
        res.setHeader('content-encoding', 'gzip');
        const body = gzipSync(page);
        res.write(body.subarray(0, 10));
        res.end(body.subarray(10));
      } else {
        res.write('<html>');
        res.end(page.slice(6));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('replays the first response byte for byte, with its own CSP, until its time is up', async () => {
    const first = await fetch(`${base}/`);
    const firstBody = await first.text();
    const second = await fetch(`${base}/`);
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(await second.text()).toBe(firstBody);
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(renders).toBe(1);

    clock += 5_000;
    const third = await fetch(`${base}/`);
    expect(third.headers.get('x-page-cache')).toBeNull();
    expect(await third.text()).toContain('render(2)');
  });

  it('keeps the compressed body apart from the plain one', async () => {
    // node:http, not fetch: fetch would decompress the body.
    const get = () =>
      new Promise<{ encoding?: string; body: Buffer; hit?: string }>((resolve, reject) => {
        httpGet(`${base}/gz`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], hit: res.headers['x-page-cache'] as string | undefined, body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });
    await get();
    const hit = await get();
    expect(hit.hit).toBe('HIT');
    expect(hit.encoding).toBe('gzip');
    const plain = await fetch(`${base}/gz`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('x-page-cache')).toBeNull();
    expect(await plain.text()).toMatch(/^<html><script>render\(\d+\)<\/script><\/html>$/);
    expect(gunzipSync(hit.body).toString()).toMatch(/^<html><script>render\(\d+\)<\/script><\/html>$/);
  });

  it('never keeps a private response', async () => {
    const before = renders;
    await fetch(`${base}/private`);
    const again = await fetch(`${base}/private`);
    expect(again.headers.get('x-page-cache')).toBeNull();
    expect(renders).toBe(before + 2);
  });
});
