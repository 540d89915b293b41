import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../scripts/support/ports';
import { highlightsFallback } from '../contract/fallbacks';

/**
 * The /api route of the site, both ways (issue 3): with no API_BASE_URL it is the built-in backend
 * in the site's process; with API_BASE_URL it forwards to the festival's own backend — here our
 * backend started standalone (`tsx backend/server.ts`) behind a second `next start` of the same
 * build. Tagged @js so only the JavaScript projects run it (it drives HTTP, not a page).
 */
const registration = (email: string) => ({
  firstName: 'Proxy',
  lastName: 'Test',
  email,
  phone: '+234 801 234 5678',
  numberOfTickets: 2,
  submittedAt: new Date().toISOString(),
});

/** Starts a process in its own group so it (and its children) can be stopped by its id. */
function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

function stop(child: ChildProcess | undefined) {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test.describe('the /api route @js', () => {
  test('with no API_BASE_URL the site serves the built-in backend in-process', async ({ request }) => {
    const res = await request.get('/api/content/highlights/');
    expect(res.status()).toBe(200);
    const page = (await res.json()) as { results: { slug: string }[]; count: number };
    expect(page.count).toBe(highlightsFallback.length);
    expect(page.results.map((h) => h.slug).sort()).toEqual(highlightsFallback.map((h) => h.slug).sort());

    const created = await request.post('/api/forms/registrations/', { data: registration(`inproc-${Date.now()}@example.com`) });
    expect(created.status()).toBe(201);
    const body = (await created.json()) as { success: boolean; registrationId: string; ticketReference: string };
    expect(body.success).toBe(true);
    expect(body.ticketReference).toMatch(/^ITN-[A-Z2-9]{6}$/);

    const invalid = await request.post('/api/forms/registrations/', { data: { ...registration('x@example.com'), numberOfTickets: 0 } });
    expect(invalid.status()).toBe(422);
    expect((await request.get('/api/no-such-thing/')).status()).toBe(404);
  });

  test.describe('with API_BASE_URL set', () => {
    test.describe.configure({ timeout: 150_000 });
    let backend: ChildProcess | undefined;
    let site: ChildProcess | undefined;
    let backendUrl = '';
    let siteUrl = '';
    let dataDir = '';

    test.beforeAll(async () => {
      const [backendPort, sitePort] = [await freePort(), await freePort()];
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-proxy-e2e-'));
      backendUrl = `http://127.0.0.1:${backendPort}`;
      siteUrl = `http://127.0.0.1:${sitePort}`;
      backend = start(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'backend/server.ts'], {
        BACKEND_PORT: String(backendPort),
        DATA_DIR: path.join(dataDir, 'backend'),
        RATE_LIMIT_MAX: '0',
      });
      site = start(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(sitePort)], {
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        API_BASE_URL: backendUrl,
        SITE_URL: siteUrl,
        // The proxying site must not touch a database of its own.
        DATA_DIR: path.join(dataDir, 'site-unused'),
      });
      await waitFor(`${backendUrl}/api/content/hero/`);
      await waitFor(`${siteUrl}/api/content/hero/`);
    });

    test.afterAll(async () => {
      stop(site);
      stop(backend);
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('proxies content and form posts to the standalone backend, and 502s when it is gone', async ({ request }) => {
      const direct = await (await request.get(`${backendUrl}/api/content/highlights/featured/?limit=2`)).json();
      const viaSite = await request.get(`${siteUrl}/api/content/highlights/featured/?limit=2`);
      expect(viaSite.status()).toBe(200);
      expect(await viaSite.json()).toEqual(direct);

      // A subscription made through the site is stored by the standalone backend: subscribing
      // again directly there finds it.
      const email = `proxy-${Date.now()}@example.com`;
      const sub = await request.post(`${siteUrl}/api/forms/newsletter/`, { data: { email } });
      expect(sub.status()).toBe(201);
      const again = await request.post(`${backendUrl}/api/forms/newsletter/`, { data: { email } });
      // The same answer as a new subscription (the backend does not tell who is subscribed)...
      expect(again.status()).toBe(201);
      // ...but the same subscription.
      expect((await again.json()).subscriptionId).toBe((await sub.json()).subscriptionId);

      // Status codes, bodies and headers that matter come back unchanged.
      const reg = await request.post(`${siteUrl}/api/forms/registrations/`, {
        data: registration(email),
        headers: { 'Idempotency-Key': `proxy-e2e-${Date.now()}` },
      });
      expect(reg.status()).toBe(201);
      const invalid = await request.post(`${siteUrl}/api/forms/registrations/`, { data: { ...registration(email), email: 'nope' } });
      expect(invalid.status()).toBe(422);
      expect(await invalid.json()).toMatchObject({ success: false, errors: { email: 'Please enter a valid email address' } });
      expect((await request.get(`${siteUrl}/api/auth/me/`)).status()).toBe(401);
      expect(
        (await request.get(`${siteUrl}/api/admin/export/registrations.csv`, { headers: { Authorization: 'Bearer not-a-real-token-123456' } })).status(),
      ).toBe(401);
      // /api/health is forwarded like every /api path (docs/operations.md, "Health"): this backend is ours, so it has one.
      const health = await request.get(`${siteUrl}/api/health`);
      expect(health.status()).toBe(200);
      expect(health.headers()['cache-control']).toBe('no-store');
      // The same answer as the backend's own; the registration's mail may be delivered between two
      // reads (the outbox's oldest undelivered entry then goes from 0 s to none), so read until both agree.
      await expect
        .poll(async () => {
          const [viaSite, direct] = await Promise.all([request.get(`${siteUrl}/api/health`), request.get(`${backendUrl}/api/health/`)]);
          return JSON.stringify(await viaSite.json()) === JSON.stringify(await direct.json());
        })
        .toBe(true);

      stop(backend);
      await expect
        .poll(async () => (await request.get(`${siteUrl}/api/content/hero/`)).status(), { timeout: 15_000 })
        .toBe(502);
      const down = await request.get(`${siteUrl}/api/content/hero/`);
      expect(await down.json()).toMatchObject({
        success: false,
        message: 'The festival backend is unreachable. Please try again shortly.',
      });
      expect((await request.get(`${siteUrl}/api/health`)).status()).toBe(502);
    });
  });
});
