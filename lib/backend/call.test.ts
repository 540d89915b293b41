import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_REFERENCE_PATTERN, ticketLinkToken } from '@/contract/api/tickets';
import { buildApp, dbTargets, validPayloads, type TestApp, type TestDatabase } from '@/test/support/databases';
import { sendJson, startTestServer, type TestServer } from '@/test/support/http-server';
import { staffToken } from '@/test/support/staff';
import { createCall, createCallIfChanged, type Call, type CallIfChanged } from './call';
import { createApiClient } from './client';
import { ApiError } from './errors';
import { silentLogger } from './log';

/**
 * The door's typed calls over a real HTTP server: the built-in backend answering behind it (the
 * answers parsed are real ones), or a stand-in where a test needs an answer of its own.
 */
let server: TestServer;
let database: TestDatabase;
let t: TestApp;
let cookies: Record<string, string> = {};

/** The test server hands every request to the built-in backend, as an external backend would answer it. */
function forwardToBackend(): void {
  server.handler = (req, res) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const answer = await t.app.request(req.url, { method: req.method, headers, body: req.method === 'GET' ? undefined : req.body });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })();
  };
}

function clientOver() {
  return createApiClient({ baseUrl: server.origin, fetch: (request) => fetch(request), getCookie: (name) => cookies[name], log: silentLogger });
}

function callOver(builtIn = true): Call {
  const client = clientOver();
  return createCall(() => client, () => builtIn);
}

function callIfChangedOver(builtIn = true): CallIfChanged {
  const client = clientOver();
  return createCallIfChanged(() => client, () => builtIn);
}

beforeAll(async () => {
  server = await startTestServer();
  database = await dbTargets[0]!.create();
  t = await buildApp(database.handle);
});
afterAll(async () => {
  await server.close();
  await database?.drop();
});
afterEach(() => {
  server.requests.length = 0;
  cookies = {};
});

describe('typed calls against the built-in backend', () => {
  it('a registration: the spec path, its headers, and the answer read as the result pattern', async () => {
    forwardToBackend();
    const call = callOver();
    const result = await call('registration', { body: { ...validPayloads.registration(2), email: 'typed-call@example.com' }, idempotencyKey: 'typed-call-key-1', csrfToken: 'form-token' });
    expect(result.success).toBe(true);
    expect(result.ticketReference).toMatch(TICKET_REFERENCE_PATTERN);
    expect(result.registrationId).toBe(result.data.id);
    const token = ticketLinkToken(result.ticketUrl ?? '');
    expect(token).toBeDefined();

    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/forms/registrations/');
    expect(sent.headers['idempotency-key']).toBe('typed-call-key-1');
    expect(sent.headers['x-csrftoken']).toBe('form-token');

    // The ticket behind the link: path parameter and query filled, the answer parsed with its schema.
    const ticket = await call('ticket', { params: { reference: result.ticketReference! }, query: { t: token } });
    expect(ticket.data).toMatchObject({ reference: result.ticketReference, numberOfTickets: 2, firstName: 'Ada' });
    expect(server.requests[1]!.url).toBe(`/api/tickets/${result.ticketReference}/?t=${token}`);
  });

  it('public content and a staff read with the visitor’s bearer token', async () => {
    forwardToBackend();
    const call = callOver();
    expect((await call('hero')).title).toEqual(expect.any(String));
    expect((await call('highlights', { query: { limit: 2 } })).results.length).toBeLessThanOrEqual(2);
    expect(server.requests[1]!.url).toBe('/api/content/highlights/?limit=2');

    cookies = { authToken: await staffToken(t.app, database.handle) };
    server.requests.length = 0;
    expect((await call('me')).user.email).toBe('gate@itan.example');
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${cookies.authToken}`);
    expect(Object.keys((await call('checkInCounts')).data).sort()).toEqual(['checkedInRegistrations', 'checkedInWristbands', 'registrations', 'wristbands']);
  });

  it('a conditional GET: the answer and its ETag; asked again with it, "unchanged" (a 304 over HTTP), not an error', async () => {
    forwardToBackend();
    cookies = { authToken: await staffToken(t.app, database.handle) };
    const callIfChanged = callIfChangedOver();
    const first = await callIfChanged('gatePack', undefined);
    if (!first.changed) throw new Error('expected the pack');
    expect(first.body.data.publicKey.crv).toBe('P-256');
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(server.requests[0]!.headers['if-none-match']).toBeUndefined();
    expect(await callIfChanged('gatePack', first.etag)).toEqual({ changed: false, etag: first.etag });
    expect(server.requests[1]!.headers['if-none-match']).toBe(first.etag);
    expect(await callIfChanged('gatePack', '"stale"')).toMatchObject({ changed: true, etag: first.etag });
    // Refusals are ApiErrors as ever.
    cookies = {};
    const error = await callIfChanged('gatePack', first.etag).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
  });

  it('a refusal is an ApiError with the backend’s body', async () => {
    forwardToBackend();
    const error = await callOver()('ticket', { params: { reference: 'ITN-ABCDEF' }, query: { t: 'A'.repeat(22) } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });
});

describe('typed calls: shapes and refusals', () => {
  it('an answer that does not match the entry’s result schema is an ApiError', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { success: true });
    const error = await callOver()('me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/did not match the expected shape/);
  });

  it('a form’s answer parses whatever the festival’s backend sends: ids from the body or its data', async () => {
    server.handler = (_req, res) => sendJson(res, 201, { success: true, data: { registrationId: 42, ticketReference: 'ITN-7K3Q9P' }, message: 'ok' });
    const result = await callOver(false)('registration', { body: validPayloads.registration(1) });
    expect(result).toMatchObject({ success: true, registrationId: '42', ticketReference: 'ITN-7K3Q9P', message: 'ok' });
    server.handler = (_req, res) => res.writeHead(201).end();
    expect(await callOver(false)('partnership', { body: validPayloads.partnership() })).toMatchObject({ success: true, data: {} });
  });

  it('an endpoint only the built-in backend offers is refused without a request when another backend is configured', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { success: true, data: {} });
    for (const attempt of [
      () => callOver(false)('gatePack'),
      () => callIfChangedOver(false)('gatePack', '"x"'),
      () => callOver(false)('inboxItem', { params: { kind: 'contact', id: 'x' } }),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(404);
      expect((error as ApiError).message).toMatch(/offered only by the built-in backend/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a text endpoint answers its text and headers', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="x.csv"' });
      res.end('a,b\n1,2\n');
    };
    const file = await callOver(false)('export', { params: { kind: 'registrations' } });
    expect(file).toEqual({ text: 'a,b\n1,2\n', contentType: 'text/csv; charset=utf-8', contentDisposition: 'attachment; filename="x.csv"' });
    expect(server.requests[0]!.url).toBe('/api/admin/export/registrations.csv');
    expect(server.requests[0]!.headers.accept).toBe('text/csv');
  });
});
