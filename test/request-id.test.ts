import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLog, type CapturedLog } from '@/test/support/log';

/**
 * Pages (proxy.ts) and API answers (app/api/[...path]/route.ts, with the built-in backend in this
 * process) carry X-Request-Id, and the log lines made for the request carry the same id.
 */
const logs = vi.hoisted(() => ({ current: undefined as CapturedLog | undefined }));
vi.mock('@/backend/kernel/log', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/backend/kernel/log')>();
  return { ...actual, processLogger: () => logs.current?.log ?? actual.silentLogger };
});

// One capture for the file: the in-process backend takes its logger once, when it starts.
logs.current = captureLog();
const byRequest = (requestId: string | null) => logs.current!.entries().filter((e) => e.requestId === requestId);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-request-id-'));
vi.stubEnv('DATA_DIR', dataDir);
vi.stubEnv('SITE_URL', 'http://localhost:3000');

const { proxy } = await import('@/proxy');
const route = await import('@/app/api/[...path]/route');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterAll(async () => {
  const { getInProcessBackend } = await import('@/lib/backend/in-process');
  await (await getInProcessBackend()).close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('pages (proxy.ts)', () => {
  it('answers with a new id and renders the page with it', async () => {
    const res = await proxy(new NextRequest('http://localhost:3000/about'));
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(UUID);
    // What Next passes on to the page as its request header x-request-id.
    expect(res.headers.get('x-middleware-request-x-request-id')).toBe(id);
  });

  it('keeps a safe id from the front (nginx $request_id), replaces anything else', async () => {
    const nginx = '0123456789abcdef0123456789abcdef';
    expect((await proxy(new NextRequest('http://localhost:3000/about', { headers: { 'x-request-id': nginx } }))).headers.get('X-Request-Id')).toBe(nginx);
    for (const unsafe of ['short', 'a'.repeat(65), 'id with spaces', '<script>alert(1)</script>', 'ref"}{"level":"fatal']) {
      const res = await proxy(new NextRequest('http://localhost:3000/about', { headers: { 'x-request-id': unsafe } }));
      expect(res.headers.get('X-Request-Id'), unsafe).toMatch(UUID);
    }
  });

  it('refusals carry it too, and the refusal line names it', async () => {
    const res = await proxy(
      new NextRequest('http://localhost:3000/contact', {
        method: 'POST',
        body: 'a=1',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'visitor-ref-0003' },
      }),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('X-Request-Id')).toBe('visitor-ref-0003');
    expect(byRequest('visitor-ref-0003')).toMatchObject([
      { level: 'warn', area: 'proxy', requestId: 'visitor-ref-0003', status: 403, method: 'POST', path: '/contact', msg: '403 cross-site form post: POST /contact' },
    ]);
    const redirect = await proxy(new NextRequest('http://localhost:3000/about/'));
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('X-Request-Id')).toMatch(UUID);
  });
});

describe('API answers (the /api route with the built-in backend)', () => {
  beforeAll(async () => {
    // Started once, before the timed requests.
    await route.GET(new Request('http://localhost:3000/api/content/hero/'));
  }, 60_000);

  it('an answer carries the id, and so does the backend line for it', async () => {
    const res = await route.GET(new Request('http://localhost:3000/api/content/hero/', { headers: { 'x-request-id': 'visitor-ref-0004' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBe('visitor-ref-0004');
    expect(byRequest('visitor-ref-0004')).toMatchObject([{ area: 'api', path: '/api/content/hero/', status: 200, level: 'debug', msg: 'GET /api/content/hero/ 200' }]);

    const fresh = await route.GET(new Request('http://localhost:3000/api/content/hero/'));
    const id = fresh.headers.get('X-Request-Id');
    expect(id).toMatch(UUID);
    expect(byRequest(id)).toMatchObject([{ area: 'api', status: 200 }]);
  });

  it('errors and refusals too: a 404, a cross-site write', async () => {
    const missing = await route.GET(new Request('http://localhost:3000/api/nothing-here/'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('X-Request-Id')).toMatch(UUID);
    expect(byRequest(missing.headers.get('X-Request-Id'))).toMatchObject([{ area: 'api', status: 404, level: 'info' }]);
    const crossSite = await route.POST(
      new Request('http://localhost:3000/api/forms/contact/', { method: 'POST', body: '{}', headers: { origin: 'https://evil.example', 'content-type': 'application/json' } }),
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('X-Request-Id')).toMatch(UUID);
  });
});
