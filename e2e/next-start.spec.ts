/**
 * The site as `next start` serves it (the production build scripts/test.sh made), with /api going
 * to the built-in backend through app/api/[...path]/route.ts. This spec starts its own two
 * servers on that build, so what it checks is plain `next start` whatever the suite's webServer
 * is: one with TRUSTED_PROXIES unset (the default) and one with TRUSTED_PROXIES=1 (behind a proxy).
 * - After a 413 the connection is still usable (issue 13, finding 8).
 * - What Next does with a client's own X-Forwarded-For (it passes it on as is) and what the rate
 *   limit makes of it (issue 13, finding 1).
 * - /api/health answers for monitors, whatever the rate limit says (issue 30).
 * - Request ids and logs (issue 30): pages and API answers carry X-Request-Id, the log lines on
 *   stdout are JSON with that id and no card number or email, and a page that fails shows the
 *   reference its log line carries.
 * It needs no browser and runs once (@js: the phone-js project only).
 */
import { expect, test } from '@playwright/test';
import { keepAliveAgent, probe } from '../test/support/http-probe';
import { FORM_POST_TOO_LARGE } from '../lib/http/body-limit';
import { FORM_POST_LIMIT_BYTES } from '../contract/media/limits';
import { healthSchema } from '../contract/api/health';
import { startTestServer, sendJson, type TestServer } from '../test/support/http-server';
import { heroFallback } from '../contract/fallbacks';
import { startNext, stop, type Server } from './support/next-server';

const TOO_LARGE = 'The request body is too large.';

test.describe('plain next start @js', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let direct: Server | undefined;
  let behindProxy: Server | undefined;

  test.beforeAll(async () => {
    [direct, behindProxy] = await Promise.all([
      startNext({ TRUSTED_PROXIES: '' }),
      startNext({ TRUSTED_PROXIES: '1' }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([stop(direct), stop(behindProxy)]);
  });

  test('after a 413 the next request on the same connection succeeds; far too large says Connection: close', async () => {
    const origin = direct!.origin;
    const agent = keepAliveAgent();
    try {
      const hero = () => probe(agent, origin, { method: 'GET', path: '/api/content/hero' });
      const post = (bytes: number, chunked = false) =>
        probe(agent, origin, { method: 'POST', path: '/api/forms/partnerships', body: Buffer.alloc(bytes, 'x'), chunked });

      for (const bytes of [40_000, 1_000_000]) {
        const refused = await post(bytes);
        expect(refused.status, `${bytes} bytes`).toBe(413);
        expect(JSON.parse(refused.text)).toMatchObject({ success: false, message: TOO_LARGE });
        expect(refused.headers.connection, `${bytes} bytes`).not.toBe('close');
        const next = await hero();
        expect(next.status, `${bytes} bytes`).toBe(200);
        expect(next.reusedSocket, `${bytes} bytes: same connection`).toBe(true);
      }

      // Beyond 1 MiB the body is not worth reading: the 413 says the connection will close, and
      // the client's next request opens a new one.
      const far = await post(20_000_000);
      expect(far.status).toBe(413);
      expect(far.headers.connection).toBe('close');
      const afterFar = await hero();
      expect(afterFar.status).toBe(200);
      expect(afterFar.reusedSocket).toBe(false);

      const chunked = await post(1_000_000, true);
      expect(chunked.status).toBe(413);
      expect(chunked.headers.connection).toBe('close');
      expect((await hero()).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  test('a form post over the server actions\' limit gets the 413 page, not a 500; the connection serves the next page', async () => {
    const agent = keepAliveAgent();
    try {
      const big = await probe(agent, direct!.origin, {
        method: 'POST',
        path: '/register',
        body: Buffer.alloc(FORM_POST_LIMIT_BYTES + 1, 'x'),
        headers: { 'content-type': 'multipart/form-data; boundary=----x' },
      });
      expect(big.status).toBe(413);
      expect(big.headers['content-type']).toContain('text/html');
      expect(big.text).toContain(`<h1>${FORM_POST_TOO_LARGE.title}</h1>`);
      expect(big.lateError).toBeUndefined();
      const next = await probe(agent, direct!.origin, { method: 'GET', path: '/register' });
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  const subscribe = (origin: string, forwardedFor: string, i: number) =>
    fetch(`${origin}/api/forms/newsletter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ email: `xff-${i}-${Date.now()}@example.com` }),
    }).then((r) => r.status);

  test('next start passes a client’s own X-Forwarded-For on as is: with TRUSTED_PROXIES unset it counts for nothing', async () => {
    // Four "different visitors" by their own say-so, one real client: one bucket of 3.
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push(await subscribe(direct!.origin, `198.51.100.${i}`, i));
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  test('behind a proxy (TRUSTED_PROXIES=1) the address the proxy wrote is the key, one bucket per visitor', async () => {
    // Next handed the header through untouched, which is why it may only be trusted when a proxy
    // in front writes it (docs/deployment.md, "Whose address the rate limit counts").
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push(await subscribe(behindProxy!.origin, `6.6.6.6, 203.0.113.${i}`, i));
    expect(statuses).toEqual([201, 201, 201, 201]);
    const same: number[] = [];
    for (let i = 1; i <= 4; i++) same.push(await subscribe(behindProxy!.origin, `${i}.${i}.${i}.${i}, 203.0.113.50`, 10 + i));
    expect(same).toEqual([201, 201, 201, 429]);
  });

  test('GET /api/health answers 200 JSON through next start, no-store, while this client\'s forms are refused (429)', async () => {
    let status = 0;
    for (let i = 0; i < 4 && status !== 429; i++) status = await subscribe(direct!.origin, '198.51.100.99', 100 + i);
    expect(status).toBe(429);
    for (const path of ['/api/health', '/api/health/']) {
      const res = await fetch(`${direct!.origin}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(healthSchema.parse(await res.json()), path).toMatchObject({ status: 'ok', database: { reachable: true, migrations: 'current' } });
    }
    const head = await fetch(`${direct!.origin}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('no-store');
  });
});

/** The JSON lines a server wrote (its other output, Next's banner, is skipped). */
function jsonLines(server: Server): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

test.describe('request ids and JSON logs through next start @js', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let site: Server | undefined;
  // The festival's backend (API_BASE_URL) answering the content, and 500 to the staff session check.
  let failing: TestServer | undefined;
  let failingSite: Server | undefined;

  test.beforeAll(async () => {
    failing = await startTestServer();
    failing.handler = (req, res) => (req.url.startsWith('/api/content/hero') ? sendJson(res, 200, heroFallback) : sendJson(res, 500, { success: false, message: 'boom' }));
    [site, failingSite] = await Promise.all([startNext({ TRUSTED_PROXIES: '1' }), startNext({ API_BASE_URL: failing.origin })]);
  });
  test.afterAll(async () => {
    await Promise.all([stop(site), stop(failingSite), failing?.close()]);
  });

  test('a page and an API answer carry X-Request-Id; the page names it on its <body>, and its <title> is in the head', async () => {
    const page = await fetch(`${site!.origin}/about`, { headers: { 'X-Request-Id': 'e2e-page-00000001' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-request-id')).toBe('e2e-page-00000001');
    const html = await page.text();
    expect(html).toMatch(/<body[^>]* data-request-id="e2e-page-00000001"/);
    // Not streamed after the shell: the title is in the <head> the server sends first.
    expect(html.slice(0, html.indexOf('</head>'))).toMatch(/<title>[^<]+<\/title>/);
    const fresh = await fetch(`${site!.origin}/about`, { headers: { 'X-Request-Id': 'not a safe id' } });
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const api = await fetch(`${site!.origin}/api/content/hero/`);
    expect(api.status).toBe(200);
    expect(api.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a declined donation: JSON lines with the request id, no card digits, no full email', async () => {
    const res = await fetch(`${site!.origin}/api/forms/donations/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'e2e-donation-0001', 'X-Forwarded-For': '203.0.113.77' },
      body: JSON.stringify({
        amount: 5000,
        currency: 'NGN',
        donor: { firstName: 'Ada', lastName: 'Obi', email: 'ada.obi@example.com', phone: '+2348011122233', address: { street: '1 Ake Road', city: 'Abeokuta', state: 'Ogun', zipcode: '110101' } },
        card: { number: '4084 0800 0000 5408', expiry: '12/39', cvc: '408', holder: 'Ada Obi' },
        source: 'frontend',
      }),
    });
    expect(res.status).toBe(402);
    expect(res.headers.get('x-request-id')).toBe('e2e-donation-0001');
    await expect.poll(() => jsonLines(site!).filter((l) => l.requestId === 'e2e-donation-0001').length).toBeGreaterThanOrEqual(2);
    const lines = jsonLines(site!).filter((l) => l.requestId === 'e2e-donation-0001');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'info', area: 'payments', donor: 'a***@example.com' }),
        expect.objectContaining({ level: 'info', area: 'api', status: 402, path: '/api/forms/donations/' }),
      ]),
    );
    const output = site!.output();
    expect(output).not.toMatch(/4084[ -]?0800|0000[ -]?5408/);
    expect(output).not.toContain('ada.obi@example.com');
  });

  test('a page that fails: the error page says so in plain words and shows the reference its log line carries', async ({ page }) => {
    // A server error before the page's first byte: Next sends an empty document and the browser
    // renders app/error.tsx from the digest it carries (without JavaScript the page stays empty).
    await page.context().addCookies([{ name: 'authToken', value: 'e2e-token', url: failingSite!.origin }]);
    await page.setExtraHTTPHeaders({ 'X-Request-Id': 'e2e-error-000001' });
    await page.goto(`${failingSite!.origin}/staff`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unable to load page content. Please try again.');
    await expect(page.getByText('This is our fault, not yours. Anything you had already sent us is safe.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect.poll(() => jsonLines(failingSite!).find((l) => l.area === 'next' && l.requestId === 'e2e-error-000001')).toBeDefined();
    const line = jsonLines(failingSite!).find((l) => l.area === 'next' && l.requestId === 'e2e-error-000001')!;
    expect(line).toMatchObject({ level: 'error', method: 'GET', path: '/staff', digest: expect.stringMatching(/^\d+$/) });
    // The reference a visitor quotes: the page view's request id, then the digest of the error's line.
    await expect(page.locator('.page-state__reference')).toHaveText(`e2e-error-000001 / ${String(line.digest)}`);
    expect(failingSite!.output()).not.toContain('e2e-token');
  });
});
