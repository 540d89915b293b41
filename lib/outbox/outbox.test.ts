import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { backoffDelay } from '@/backend/outbox/backoff';
import { locationFromEnv, openOutboxStore, outboxUnavailable, type OutboxStore, type StoreLocation } from './store';
import { HTTP_MESSAGES } from '@/backend/lib/http';
import { createOutboxWorker, isRetryable, type Deliver } from './worker';
import { ApiError } from '@/lib/api/errors';

describe('backoffDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    const opts = { baseMs: 1000, maxMs: 10_000, random: () => 0.5 };
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, opts))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffDelay(1, { ...opts, random: () => 0 })).toBe(800);
    expect(backoffDelay(50, { ...opts, random: () => 1 })).toBe(10_000);
  });
});

describe('isRetryable', () => {
  it('retries network failures, timeouts, throttling and server errors; not refusals', () => {
    expect(isRetryable(new ApiError('x', { status: 0, path: '/' }))).toBe(true);
    expect(isRetryable(new ApiError('x', { status: 503, path: '/' }))).toBe(true);
    expect(isRetryable(new ApiError('x', { status: 429, path: '/' }))).toBe(true);
    expect(isRetryable(new ApiError('x', { status: 422, path: '/' }))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(true);
  });
});

describe('locationFromEnv', () => {
  it('PostgreSQL when DATABASE_URL is a postgres URL, else DATA_DIR', () => {
    expect(locationFromEnv({ DATABASE_URL: 'postgres://u@h/db' })).toEqual({ databaseUrl: 'postgres://u@h/db' });
    expect(locationFromEnv({ DATA_DIR: '/tmp/x' })).toEqual({ dataDir: '/tmp/x' });
  });
});

describe('outboxUnavailable', () => {
  it('refuses a file outbox on Vercel (lost with the function instance); PostgreSQL or any other host is fine', () => {
    expect(outboxUnavailable({ dataDir: '/tmp/x' }, true)).toBe(HTTP_MESSAGES.submissionsOff);
    expect(outboxUnavailable({ databaseUrl: 'postgres://u@h/db' }, true)).toBeUndefined();
    expect(outboxUnavailable({ dataDir: '/tmp/x' }, false)).toBeUndefined();
  });
});

/** A real HTTP endpoint that is "down" (503) for the first `failures` calls, then stores emails. */
function flakyBackend(failures: number) {
  const received: Array<{ email: string; key: string | undefined }> = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls++;
      if (calls <= failures) {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"success":false,"message":"down"}');
        return;
      }
      const { email } = JSON.parse(body) as { email: string };
      if (email.endsWith('@invalid')) {
        res.writeHead(422, { 'content-type': 'application/json' }).end('{"success":false,"message":"bad"}');
        return;
      }
      received.push({ email, key: req.headers['idempotency-key'] as string | undefined });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });
  return { server, received, calls: () => calls };
}

function deliverTo(baseUrl: string): Deliver {
  const client = createApiClient({ baseUrl, fetch: (r) => fetch(r), timeoutMs: 2000, log: () => undefined });
  return async (item) => {
    await client.post('/api/forms/newsletter/', item.payload, { idempotencyKey: `outbox-${item.id}` });
  };
}

const locations: Array<[string, () => StoreLocation]> = [];
let dir = '';
locations.push(['sqlite', () => ({ dataDir: dir })]);
const adminUrl = process.env.TEST_DATABASE_URL;
// PostgreSQL runs in a database of its own, created here and dropped afterwards.
const pgName = `outbox_test_${process.pid}_${Date.now()}`;
const pgUrl = adminUrl ? withDatabase(adminUrl, pgName) : undefined;
if (pgUrl) locations.push(['postgresql', () => ({ databaseUrl: pgUrl })]);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sqlText: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

describe.each(locations)('outbox on %s', (kind, location) => {
  let store: OutboxStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    if (kind === 'postgresql') await adminQuery(`CREATE DATABASE ${pgName}`);
    store = await openOutboxStore(location());
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    if (kind === 'postgresql') await adminQuery(`DROP DATABASE IF EXISTS ${pgName}`);
  });

  let backend: ReturnType<typeof flakyBackend> | undefined;
  afterEach(async () => {
    await new Promise<void>((r) => (backend ? backend.server.close(() => r()) : r()));
    backend = undefined;
  });

  async function start(failures: number): Promise<string> {
    backend = flakyBackend(failures);
    await new Promise<void>((r) => backend!.server.listen(0, '127.0.0.1', () => r()));
    return `http://127.0.0.1:${(backend.server.address() as AddressInfo).port}`;
  }

  it('keeps one waiting item per address and survives reopening', async () => {
    const a = await store.enqueue('newsletter', 'keep@example.ng', { email: 'keep@example.ng' });
    const b = await store.enqueue('newsletter', 'keep@example.ng', { email: 'keep@example.ng' });
    expect(b).toBe(a);
    const reopened = await openOutboxStore(location());
    const due = await reopened.due(new Date(Date.now() + 1000));
    expect(due.map((d) => d.id)).toContain(a);
    await reopened.delivered(a);
    await reopened.close();
    expect((await store.due(new Date(Date.now() + 1000))).map((d) => d.id)).not.toContain(a);
  });

  it('retries with backoff until the backend answers, then delivers once with its idempotency key', async () => {
    const baseUrl = await start(2);
    const worker = createOutboxWorker(store, deliverTo(baseUrl), { baseMs: 50, maxMs: 200, random: () => 0.5 });
    const id = await store.enqueue('newsletter', 'later@example.ng', { email: 'later@example.ng' });
    worker.kick();
    const deadline = Date.now() + 8000;
    while (backend!.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await worker.stop();
    expect(backend!.received).toEqual([{ email: 'later@example.ng', key: `outbox-${id}` }]);
    expect(backend!.calls()).toBe(3);
    expect(await store.pendingCount()).toBe(0);
  });

  it('a refusal (422) is kept as rejected, not retried forever', async () => {
    const baseUrl = await start(0);
    const worker = createOutboxWorker(store, deliverTo(baseUrl), { baseMs: 50, maxMs: 200 });
    await store.enqueue('newsletter', 'x@invalid', { email: 'x@invalid' });
    await worker.runOnce();
    await worker.stop();
    expect(await store.pendingCount()).toBe(0);
    expect(backend!.received).toEqual([]);
  });

  it('a network failure leaves the item waiting with a later attempt', async () => {
    const worker = createOutboxWorker(store, deliverTo('http://127.0.0.1:9'), { baseMs: 60_000, maxMs: 60_000 });
    await store.enqueue('newsletter', 'wait@example.ng', { email: 'wait@example.ng' });
    await worker.runOnce();
    await worker.stop();
    expect(await store.pendingCount()).toBe(1);
    expect(await store.due()).toEqual([]);
    const next = await store.nextDueAt();
    expect(Date.parse(next!)).toBeGreaterThan(Date.now() + 30_000);
  });
});
