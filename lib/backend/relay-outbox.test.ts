import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_POLICY, drainOutbox, enqueue, migrateToLatest, outboxCounts, type DrainTarget } from '@/backend';
import { dbTargets, type TestDatabase } from '@/test/support/databases';
import { createApiClient } from '@/lib/backend/client';
import { ApiError } from '@/lib/backend/errors';
import { importLegacyOutbox } from './relay-outbox';
import { isRetryable, NEWSLETTER_KIND, relayDeliver } from './relay';
import { silentLogger } from '@/lib/backend/log';

describe('isRetryable', () => {
  it('retries network failures, timeouts, throttling and server errors; not refusals', () => {
    expect(isRetryable(new ApiError('x', { status: 0, path: '/' }))).toBe(true);
    expect(isRetryable(new ApiError('x', { status: 503, path: '/' }))).toBe(true);
    expect(isRetryable(new ApiError('x', { status: 429, path: '/' }))).toBe(true);
    expect(isRetryable(new ApiError('x', { status: 422, path: '/' }))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(true);
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

describe.each(dbTargets)('relay outbox on $name', (kind) => {
  let database: TestDatabase;
  let backend: ReturnType<typeof flakyBackend> | undefined;

  beforeAll(async () => {
    database = await kind.create();
    await migrateToLatest(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(async () => {
    await new Promise<void>((r) => (backend ? backend.server.close(() => r()) : r()));
    backend = undefined;
  });

  async function target(baseUrl: string, baseMs = 1): Promise<DrainTarget> {
    const client = createApiClient({ baseUrl, fetch: (r) => fetch(r), timeoutMs: 2000, log: silentLogger });
    return {
      db: database.handle.db,
      dialect: database.handle.dialect,
      topic: 'relay',
      deliver: relayDeliver(client),
      policy: { ...DEFAULT_DRAIN_POLICY, backoff: { baseMs, maxMs: baseMs * 4, random: () => 0.5 } },
      log: silentLogger,
    };
  }

  async function start(failures: number): Promise<string> {
    backend = flakyBackend(failures);
    await new Promise<void>((r) => backend!.server.listen(0, '127.0.0.1', () => r()));
    return `http://127.0.0.1:${(backend.server.address() as AddressInfo).port}`;
  }

  const relay = (email: string) => enqueue(database.handle.db, { topic: 'relay', kind: NEWSLETTER_KIND, recipient: email, payload: { email } });

  it('retries until the backend answers, then delivers once with the entry’s idempotency key', async () => {
    const t = await target(await start(2));
    const id = await relay('later@example.ng');
    for (let i = 0; i < 10 && backend!.received.length === 0; i++) {
      await drainOutbox(t);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(backend!.received).toEqual([{ email: 'later@example.ng', key: `outbox-${id}` }]);
    expect(backend!.calls()).toBe(3);
    expect(await drainOutbox(t)).toMatchObject({ delivered: 0 });
    expect((await outboxCounts(database.handle.db, 'relay')).pending).toBe(0);
  });

  it('a refusal (422) is kept as failed, not retried forever', async () => {
    const t = await target(await start(0));
    await relay('x@invalid');
    expect(await drainOutbox(t)).toMatchObject({ failed: 1 });
    expect(backend!.received).toEqual([]);
    const row = await database.handle.db.selectFrom('outbox').selectAll().where('recipient', '=', 'x@invalid').executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it('a network failure leaves the entry waiting, due later', async () => {
    const t = await target('http://127.0.0.1:9', 60_000);
    const id = await relay('wait@example.ng');
    expect(await drainOutbox(t)).toMatchObject({ retried: 1 });
    const row = await database.handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now() + 30_000);
  });
});

describe('the earlier relay store', () => {
  it('its waiting sign-ups move into the outbox once, and the old file is set aside', async () => {
    const [sqlite] = dbTargets;
    const database = await sqlite!.create();
    const dir = mkdtempSync(path.join(tmpdir(), 'legacy-outbox-'));
    try {
      await migrateToLatest(database.handle.db);
      const legacy = new Database(path.join(dir, 'outbox.sqlite'));
      legacy.exec('CREATE TABLE site_outbox (id TEXT, kind TEXT, email TEXT, payload TEXT, status TEXT, created_at TEXT)');
      const insert = legacy.prepare('INSERT INTO site_outbox VALUES (?, ?, ?, ?, ?, ?)');
      insert.run('1', 'newsletter', 'kept@example.ng', '{"email":"kept@example.ng"}', 'pending', '2026-11-01T10:00:00.000Z');
      insert.run('2', 'newsletter', 'done@example.ng', '{"email":"done@example.ng"}', 'delivered', '2026-11-01T10:00:00.000Z');
      legacy.close();
      await importLegacyOutbox(database.handle, dir);
      await importLegacyOutbox(database.handle, dir);
      const rows = await database.handle.db.selectFrom('outbox').selectAll().where('topic', '=', 'relay').execute();
      expect(rows.map((r) => [r.recipient, r.status, r.payload])).toEqual([['kept@example.ng', 'pending', '{"email":"kept@example.ng"}']]);
      expect(existsSync(path.join(dir, 'outbox.sqlite'))).toBe(false);
      expect(existsSync(path.join(dir, 'outbox.sqlite.imported'))).toBe(true);
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
