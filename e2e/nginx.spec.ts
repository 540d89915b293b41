import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2ePorts } from '../playwright.config';
import { findNginx, LOCATIONS_FILE, NGINX_MISSING, startNginx, type RunningNginx } from '../scripts/nginx.mjs';
import { rowsWhere, uniqueEmail } from './support/forms';
import { freePort } from '../scripts/support/ports';

/**
 * The one-server deployment: real nginx with deploy/nginx/festival-locations.conf included
 * unchanged (scripts/nginx.mjs writes the small top-level nginx.conf around it), in front of
 * - the production `next start` of this test run (the app's own X-Accel-Expires decides), and
 * - a tiny echo upstream, to see what nginx sends upstream and to try responses the app never
 *   makes (Set-Cookie on a cacheable page, a cacheable /api answer).
 * Missing nginx fails the test (scripts/test.sh installs it); it is never skipped.
 * HTTP only, no browser: tagged @nojs so it runs in one project.
 */
// Ports the OS hands out: fixed ones collided with servers other specs start side by side.
let APP_PROXY_PORT: number;
let ECHO_PROXY_PORT: number;

const FORM_PAGES = ['/register', '/donations', '/partnerships', '/volunteer/apply'];

let app: RunningNginx;
let echoProxy: RunningNginx;
let echo: http.Server;
const echoSockets = new Set<Socket>();
let echoCounter = 0;

/** The echo upstream: every answer numbered; the path picks the response headers. */
function startEcho(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    echoSockets.add(req.socket);
    req.resume();
    req.on('end', () => {
      echoCounter += 1;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/cacheable' || path === '/api/cacheable') headers['x-accel-expires'] = '5';
      if (path === '/with-cookie') Object.assign(headers, { 'x-accel-expires': '5', 'set-cookie': 'session=abc; Path=/; HttpOnly' });
      if (path === '/public-max-age') headers['cache-control'] = 'public, max-age=60, s-maxage=60';
      res.writeHead(200, headers);
      res.end(JSON.stringify({ n: echoCounter, method: req.method, url: req.url, headers: req.headers }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

type Echoed = { n: number; method: string; url: string; headers: Record<string, string | undefined> };

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: await res.text(), cache: res.headers.get('x-cache-status') };
}

const headerNonce = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
const htmlNonces = (html: string) => [...new Set([...html.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1]))];
const idempotencyKey = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];

test.describe('nginx in front of next start @nojs', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    echo = await startEcho();
    [APP_PROXY_PORT, ECHO_PROXY_PORT] = [await freePort(), await freePort()];
    // Its access log is kept, to see what nginx leaves out of it (the health check).
    app = await startNginx({ port: APP_PROXY_PORT, upstreamPort: e2ePorts.port, accessLog: true });
    echoProxy = await startNginx({ port: ECHO_PROXY_PORT, upstreamPort: (echo.address() as AddressInfo).port });
  });

  test.afterAll(async () => {
    await Promise.all([app?.stop(), echoProxy?.stop()]);
    await new Promise((resolve) => (echo ? echo.close(resolve) : resolve(undefined)));
    for (const socket of echoSockets) socket.destroy();
  });

  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('nginx error.log (app)', { body: app?.readErrorLog() ?? '', contentType: 'text/plain' });
    }
  });

  test('an anonymous page view is kept 5 s and replayed with the same CSP nonce it was rendered with', async () => {
    const first = await get(app.url, '/');
    const second = await get(app.url, '/');
    expect(first.status).toBe(200);
    expect(first.cache).toBe('MISS');
    expect(second.cache).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    const nonce = headerNonce(second.headers.get('content-security-policy'));
    expect(nonce).toBeTruthy();
    // Every nonce attribute in the replayed HTML is the header's: the pair was stored together.
    expect(htmlNonces(second.body)).toEqual([nonce]);
    // nginx consumes X-Accel-Expires; browsers still get Next's own `private, no-store`.
    expect(second.headers.get('x-accel-expires')).toBeNull();
    expect(second.headers.get('cache-control')).toContain('no-store');
    // A render of its own, for comparison: the directly served page has another nonce.
    const direct = await get(`http://127.0.0.1:${e2ePorts.port}`, '/');
    expect(headerNonce(direct.headers.get('content-security-policy'))).not.toBe(nonce);
  });

  test('CDN-Cache-Control (RFC 9213) carries the same seconds as X-Accel-Expires, on anonymous public page views only', async () => {
    const direct = `http://127.0.0.1:${e2ePorts.port}`;
    for (const path of ['/', '/about', '/highlights', '/events/indigo-and-ink']) {
      const page = await get(direct, path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-accel-expires'), path).toBe('5');
      expect(page.headers.get('cdn-cache-control'), path).toBe('max-age=5');
    }
    // Through nginx it reaches a CDN in front unchanged; browsers ignore it. (One path only: what
    // this puts in nginx's cache must not meet the other tests' paths.)
    expect((await get(app.url, '/events/indigo-and-ink')).headers.get('cdn-cache-control')).toBe('max-age=5');
    const never: Array<[string, Record<string, string>]> = [
      ...FORM_PAGES.map((p): [string, Record<string, string>] => [p, {}]),
      ['/registration/thank-you', {}],
      ['/donations/thank-you', {}],
      ['/staff/login', {}],
      ['/tickets/resend', {}],
      ['/api/content/hero/', {}],
      ['/about', { cookie: 'theme=dark' }],
      ['/about', { authorization: 'Bearer x' }],
    ];
    for (const [path, headers] of never) {
      const page = await get(direct, path, headers);
      const label = `${path} ${JSON.stringify(headers)}`;
      expect(page.headers.get('cdn-cache-control'), label).toBeNull();
      expect(page.headers.get('x-accel-expires'), label).toBeNull();
    }
    // RSC requests: Next hides their headers from proxy.ts, so only next.config.ts's rule can leave
    // them out (nginx bypasses them itself: the test below). Next answers one without `_rsc` 307.
    for (const [path, headers] of [['/about', { rsc: '1' }], ['/about?_rsc=abc', {}]] as const) {
      expect((await get(direct, path, headers)).headers.get('cdn-cache-control'), `${path} ${JSON.stringify(headers)}`).toBeNull();
    }
  });

  test('the query string is part of the key: /highlights?category=… pages are kept apart', async () => {
    const workshops = [await get(app.url, '/highlights?category=workshop-series'), await get(app.url, '/highlights?category=workshop-series')];
    expect(workshops.map((r) => r.cache)).toEqual(['MISS', 'HIT']);
    const partnerships = await get(app.url, '/highlights?category=partnership');
    expect(partnerships.cache).toBe('MISS');
    expect(workshops[1]?.body).toContain('<title>Workshop Series · Highlights');
    expect(partnerships.body).toContain('<title>Partnership · Highlights');
  });

  test('form pages are never cached: each view has its own idempotency key and nonce', async () => {
    for (const path of FORM_PAGES) {
      const a = await get(app.url, path);
      const b = await get(app.url, path);
      expect(a.status, path).toBe(200);
      expect([a.cache, b.cache], path).toEqual(['MISS', 'MISS']);
      expect(idempotencyKey(a.body), path).toBeTruthy();
      expect(idempotencyKey(b.body), path).not.toBe(idempotencyKey(a.body));
      expect(headerNonce(b.headers.get('content-security-policy')), path).not.toBe(headerNonce(a.headers.get('content-security-policy')));
    }
  });

  test('requests with a Cookie or Authorization header, and RSC requests, bypass the cache and are not stored', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/about', { cookie: 'theme=dark' }],
      ['/volunteer', { authorization: 'Bearer not-a-token' }],
      ['/annual-festival', { rsc: '1' }],
    ];
    for (const [path, headers] of cases) {
      const label = `${path} ${JSON.stringify(headers)}`;
      const bypassed = await get(app.url, path, headers);
      expect(bypassed.cache, label).toBe('BYPASS');
      // Not stored: the next anonymous view of the same URL still has to be rendered...
      const anonymous = await get(app.url, path);
      expect(anonymous.cache, label).toBe('MISS');
      // ...and a cached copy is not handed to the next request with credentials.
      expect((await get(app.url, path)).cache, label).toBe('HIT');
      const again = await get(app.url, path, headers);
      expect(again.cache, label).toBe('BYPASS');
      if (bypassed.status === 200 && again.status === 200) expect(again.body, label).not.toBe(anonymous.body);
    }
    // The `_rsc` parameter (a client-side navigation's cache-buster) is never answered from the cache.
    const rscParam = [await get(app.url, '/bi-monthly?_rsc=abc12'), await get(app.url, '/bi-monthly?_rsc=abc12')];
    expect(rscParam.map((r) => r.cache)).toEqual(['BYPASS', 'BYPASS']);
  });

  test('POST /api/forms/newsletter/ always reaches the app', async ({}, testInfo) => {
    const post = (email: string) =>
      fetch(`${app.url}/api/forms/newsletter/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email }),
      });
    // Two posts to one URL with different addresses: a replay of the first would store only one.
    const [a, b] = [uniqueEmail(testInfo, 'nginx-a'), uniqueEmail(testInfo, 'nginx-b')];
    const first = await post(a);
    const second = await post(b);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.headers.get('x-cache-status')).toBeNull();
    expect(second.headers.get('x-cache-status')).toBeNull();
    expect(rowsWhere('newsletter_subscriptions', 'email', a)).toHaveLength(1);
    expect(rowsWhere('newsletter_subscriptions', 'email', b)).toHaveLength(1);
  });

  test('the app decides: a Set-Cookie response, /api and Cache-Control alone are never cached; X-Accel-Expires is', async () => {
    const twice = async (path: string) => {
      const a = await get(echoProxy.url, path);
      const b = await get(echoProxy.url, path);
      return { a, b, sameBody: a.body === b.body };
    };
    // The control: what the app marks is cached, so the checks below can fail.
    const marked = await twice('/cacheable');
    expect([marked.a.cache, marked.b.cache]).toEqual(['MISS', 'HIT']);
    expect(marked.sameBody).toBe(true);

    const cookie = await twice('/with-cookie');
    expect(cookie.sameBody).toBe(false);
    expect(cookie.b.cache).toBe('MISS');
    expect(cookie.b.headers.get('set-cookie')).toContain('session=abc');

    const api = await twice('/api/cacheable');
    expect(api.sameBody).toBe(false);
    expect(api.b.cache).toBeNull();

    const publicOnly = await twice('/public-max-age');
    expect(publicOnly.sameBody).toBe(false);
    expect(publicOnly.b.cache).toBe('MISS');

    const posts = [];
    for (let i = 0; i < 2; i += 1) posts.push(await (await fetch(`${echoProxy.url}/cacheable`, { method: 'POST', body: 'x' })).json() as Echoed);
    expect(posts[0]?.n).not.toBe(posts[1]?.n);
    expect(posts.map((p) => p.method)).toEqual(['POST', 'POST']);
  });

  test('nginx sets X-Forwarded-For, -Proto, -Host, -Port and Host itself, over HTTP/1.1 keepalive connections', async () => {
    const socketsBefore = echoSockets.size;
    const seen: Echoed[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(`${echoProxy.url}/api/echo`, {
        headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', 'x-forwarded-port': '8443' },
      });
      seen.push((await res.json()) as Echoed);
    }
    for (const s of seen) {
      expect(s.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(s.headers['x-forwarded-proto']).toBe('http');
      expect(s.headers.host).toBe(`127.0.0.1:${ECHO_PROXY_PORT}`);
      expect(s.headers['x-forwarded-host']).toBe(`127.0.0.1:${ECHO_PROXY_PORT}`);
      expect(s.headers['x-forwarded-port']).toBe(String(ECHO_PROXY_PORT));
      expect(s.headers.connection).toBeUndefined(); // not "close": the connection stays open for the next request
    }
    // Five requests, at most one new connection to the upstream.
    expect(echoSockets.size - socketsBefore).toBeLessThanOrEqual(1);
  });

  test('methods (issue 42): TRACE never reaches the app; a file takes GET and HEAD only (405 with Allow), a page any', async () => {
    // node:http, not fetch: the Fetch standard forbids TRACE (which is why Next cannot answer it).
    const ask = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const req = http.request(`${echoProxy.url}${path}`, { method, agent: false }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
        });
        req.on('error', reject);
        req.end(['PUT', 'POST', 'PATCH'].includes(method) ? 'x' : undefined);
      });
    const before = echoCounter;
    for (const path of ['/', '/about', '/api/forms/newsletter/', '/ticket-sw.js', '/images/x.webp', '/_next/static/chunks/x.js']) {
      expect((await ask('TRACE', path)).status, `TRACE ${path}`).toBe(405);
    }
    for (const path of ['/ticket-sw.js', '/images/content/hero.webp', '/fonts/x.woff2', '/_next/static/chunks/x.js']) {
      for (const method of ['PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS']) {
        expect(await ask(method, path), `${method} ${path}`).toEqual({ status: 405, allow: 'GET, HEAD' });
      }
    }
    expect(echoCounter).toBe(before);
    // The control: reads of files, and other methods on pages, still reach the app.
    for (const [method, path] of [['GET', '/ticket-sw.js'], ['HEAD', '/images/content/hero.webp'], ['GET', '/fonts/x.woff2'], ['POST', '/contact'], ['OPTIONS', '/api/forms/newsletter/']]) {
      expect((await ask(method!, path!)).status, `${method} ${path}`).toBe(200);
    }
    expect(echoCounter).toBe(before + 5);
  });

  test('GET /api/health reaches the app every time, is never cached, and stays out of the access log', async () => {
    for (const path of ['/api/health', '/api/health/', '/api/health']) {
      const res = await get(app.url, path);
      expect(res.status, path).toBe(200);
      expect(res.cache, path).toBeNull();
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(JSON.parse(res.body), path).toMatchObject({ status: 'ok', database: { reachable: true, migrations: 'current' } });
    }
    expect((await fetch(`${app.url}/api/health`, { method: 'HEAD' })).status).toBe(200);
    // For comparison, another API request is logged.
    expect((await get(app.url, '/api/content/hero/')).status).toBe(200);
    const logged = readFileSync(app.accessLog, 'utf8');
    expect(logged).toContain('/api/content/hero/');
    expect(logged).not.toContain('/api/health');
  });

  test('deploy/nginx/festival.conf, with its placeholders filled in, passes nginx -t', () => {
    const bin = findNginx();
    if (!bin) throw new Error(NGINX_MISSING);
    const dir = mkdtempSync(path.join(tmpdir(), 'festival-nginx-t-'));
    try {
      mkdirSync(path.join(dir, 'cache'));
      const cert = path.join(dir, 'cert.pem');
      const key = path.join(dir, 'key.pem');
      const openssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=festival.example.org', '-keyout', key, '-out', cert], { encoding: 'utf8' });
      if (openssl.status !== 0) throw new Error(`openssl could not make a test certificate (Debian: apt-get install openssl): ${openssl.error?.message ?? openssl.stderr}`);
      const shipped = readFileSync(path.join(path.dirname(LOCATIONS_FILE), 'festival.conf'), 'utf8');
      const filled = shipped
        .replaceAll('/var/cache/nginx/festival', path.join(dir, 'cache'))
        .replaceAll('/etc/letsencrypt/live/festival.example.org/fullchain.pem', cert)
        .replaceAll('/etc/letsencrypt/live/festival.example.org/privkey.pem', key)
        .replaceAll('/etc/nginx/festival/festival-locations.conf', LOCATIONS_FILE);
      // Every placeholder path was found and replaced (comments may name them).
      expect(filled.split('\n').filter((line) => !line.trim().startsWith('#') && /\/etc\/|\/var\//.test(line))).toEqual([]);
      writeFileSync(path.join(dir, 'festival.conf'), filled);
      const user = process.getuid?.() === 0 ? 'user root;' : '';
      writeFileSync(path.join(dir, 'nginx.conf'), `${user} pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {}
http { client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
       access_log off; include ${dir}/festival.conf; }`);
      const check = spawnSync(bin, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
      expect(check.stderr).toContain('test is successful');
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('bodies: the app answers up to a little over 32 KB with its own 413; nginx stops larger ones; connections keep working', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
        const req = http.request(`${app.url}${path}`, {
          agent,
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json', accept: 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const padded = (bytes: number) => JSON.stringify({ email: 'big@example.ng', pad: 'x'.repeat(bytes) });
    try {
      expect((await send('GET', '/')).status).toBe(200);
      const appLimit = await send('POST', '/api/forms/newsletter', padded(34 * 1024));
      expect(appLimit.status).toBe(413);
      expect(JSON.parse(appLimit.body)).toMatchObject({ success: false, message: 'The request body is too large.' });
      // The same client connection, and nginx's connections to the app, still serve.
      const after = await send('GET', '/');
      expect(after.status).toBe(200);
      expect(after.reused).toBe(true);

      const nginxLimit = await send('POST', '/api/forms/newsletter', padded(64 * 1024));
      expect(nginxLimit.status).toBe(413);
      expect(nginxLimit.body).toContain('413 Request Entity Too Large');
      expect((await send('GET', '/about')).status).toBe(200);
      const ok = await send('POST', '/api/forms/newsletter', JSON.stringify({ email: `after-413-${Date.now()}@example.ng` }));
      expect(ok.status).toBe(201);
    } finally {
      agent.destroy();
    }
    // nginx logs the refused body ("client intended to send too large body"); nothing about the app.
    const problems = app.readErrorLog().split('\n').filter((line) => /\[(error|crit|alert|emerg)\]/.test(line) && !line.includes('client intended to send too large body'));
    expect(problems).toEqual([]);
  });
});
