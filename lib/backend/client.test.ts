import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '@/contract/festival';
import { createApiClient, joinUrl, type ApiClientOptions } from './client';
import { ApiError, isApiError, readApiErrorBody } from './errors';
import { createTransport, IN_PROCESS_ORIGIN } from './transport';
import { closedOrigin, sendJson, startTestServer, type TestServer } from '@/test/support/http-server';
import { captureLog } from '@/test/support/log';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
});

const okSchema = z.object({ ok: z.boolean() });

/** A client aimed at the test server with an in-memory cookie jar and a captured log. */
function setup(overrides: Partial<ApiClientOptions> & { cookies?: Record<string, string> } = {}) {
  const jar = new Map(Object.entries(overrides.cookies ?? {}));
  const { log, msgs: logs } = captureLog();
  const deleted: string[] = [];
  const client = createApiClient({
    baseUrl: server.origin,
    fetch: (request) => fetch(request),
    getCookie: (name) => jar.get(name),
    deleteCookie: (name) => {
      deleted.push(name);
      jar.delete(name);
    },
    log,
    ...overrides,
  });
  return { client, jar, logs, deleted };
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('base URL and paths', () => {
  it('joins the base URL and the path, with a path prefix and stray slashes', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: true });
    const { client } = setup({ baseUrl: `${server.origin}/backend/` });
    await expect(client.get('/api/content/hero/', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(server.requests[0]?.url).toBe('/backend/api/content/hero/');
  });

  it('encodes query values and drops empty ones', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: true });
    const { client } = setup();
    await client.get('/api/content/highlights/', {
      schema: okSchema,
      query: { category: 'Event Report', limit: 3, page: undefined, empty: '', none: null },
    });
    expect(server.requests[0]?.url).toBe('/api/content/highlights/?category=Event+Report&limit=3');
  });

  it('joinUrl appends to an existing query string', () => {
    expect(joinUrl('http://x/', 'a/?b=1', { c: 2 })).toBe('http://x/a/?b=1&c=2');
    expect(joinUrl('http://x', '/a/')).toBe('http://x/a/');
  });
});

describe('headers', () => {
  it('sends JSON Accept and Content-Type, and no CSRF or Authorization without cookies', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: true });
    const { client } = setup();
    await client.get('/api/x/', { schema: okSchema });
    await client.post('/api/y/', { a: 1 });
    for (const req of server.requests) {
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers.accept).toBe('application/json');
      expect(req.headers['x-csrftoken']).toBeUndefined();
      expect(req.headers.authorization).toBeUndefined();
      expect(req.headers['idempotency-key']).toBeUndefined();
    }
    expect(server.requests[1]?.method).toBe('POST');
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ a: 1 });
  });

  it('sends X-CSRFToken from the csrftoken cookie', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: true });
    const { client } = setup({ cookies: { csrftoken: 'from-cookie' } });
    await client.post('/api/forms/newsletter/', { email: 'a@b.ng' });
    expect(server.requests[0]?.headers['x-csrftoken']).toBe('from-cookie');
  });

  it('prefers a CSRF token passed from a form field over the cookie', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: true });
    const { client } = setup({ cookies: { csrftoken: 'from-cookie' } });
    await client.post('/api/forms/newsletter/', {}, { csrfToken: 'from-field' });
    await client.get('/api/x/', { schema: okSchema, csrfToken: 'from-field-get' });
    expect(server.requests[0]?.headers['x-csrftoken']).toBe('from-field');
    expect(server.requests[1]?.headers['x-csrftoken']).toBe('from-field-get');
  });

  it('uses an explicit CSRF token even with no cookie at all, and reads no cookies without getCookie', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: true });
    const client = createApiClient({ baseUrl: server.origin, fetch: (r) => fetch(r) });
    await client.post('/api/forms/x/', {}, { csrfToken: 'tok' });
    expect(server.requests[0]?.headers['x-csrftoken']).toBe('tok');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('sends Authorization: Bearer from the authToken cookie', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: true });
    const { client } = setup({ cookies: { authToken: 'abc.def' } });
    await client.get('/api/auth/me/', { schema: okSchema });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer abc.def');
  });

  it('sends Idempotency-Key when given', async () => {
    server.handler = (_req, res) => sendJson(res, 201, { success: true, id: 7 });
    const { client } = setup();
    const body = await client.post('/api/forms/registrations/', { n: 1 }, { idempotencyKey: 'key-123' });
    expect(server.requests[0]?.headers['idempotency-key']).toBe('key-123');
    expect(body).toEqual({ success: true, id: 7 });
  });

  it('forwards the X-Forwarded-For chain the site received, whole, and sends none when there was none', async () => {
    server.handler = (_req, res) => sendJson(res, 201, { success: true });
    // The backend applies TRUSTED_PROXIES to the chain; cutting it to one entry here would decide
    // for it (and the first entry is the one a client writes).
    const withChain = createApiClient({ baseUrl: server.origin, fetch: (r) => fetch(r), getForwardedFor: () => ' 6.6.6.6, 102.89.3.4 ' });
    await withChain.post('/api/forms/newsletter/', { email: 'a@b.co' });
    const without = createApiClient({ baseUrl: server.origin, fetch: (r) => fetch(r), getForwardedFor: () => undefined });
    await without.post('/api/forms/newsletter/', { email: 'a@b.co' });
    expect(server.requests[0]?.headers['x-forwarded-for']).toBe('6.6.6.6, 102.89.3.4');
    expect(server.requests[1]?.headers['x-forwarded-for']).toBeUndefined();
  });

  it('parses a post body with a schema when given one', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: 'yes' });
    const { client } = setup();
    const error = await caught(client.post('/api/p/', {}, { schema: okSchema }));
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/expected shape/);
  });
});

describe('error statuses', () => {
  it('a 401 removes the authToken cookie and throws ApiError with the parsed body', async () => {
    server.handler = (_req, res) => sendJson(res, 401, { message: 'Token expired' });
    const { client, jar, deleted, logs } = setup({ cookies: { authToken: 'old' } });
    const error = await caught(client.get('/api/auth/me/', { schema: okSchema }));
    expect(error.status).toBe(401);
    expect(error.path).toBe('/api/auth/me/');
    expect(error.body).toEqual({ message: 'Token expired' });
    expect(error.message).toBe('Token expired');
    expect(deleted).toEqual(['authToken']);
    expect(jar.has('authToken')).toBe(false);
    expect(logs).toEqual([]);
  });

  it('a 401 where cookies are read-only still throws the ApiError and logs one line', async () => {
    server.handler = (_req, res) => sendJson(res, 401, {});
    const { client, logs } = setup({
      deleteCookie: () => {
        throw new Error('Cookies can only be modified in a Server Action or Route Handler');
      },
    });
    const error = await caught(client.get('/api/auth/me/', { schema: okSchema }));
    expect(error.status).toBe(401);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('401');
  });

  it('logs a 403 in one line without the request body', async () => {
    server.handler = (_req, res) => sendJson(res, 403, { error: 'CSRF failed' });
    const { client, logs, deleted } = setup({ cookies: { authToken: 'keep' } });
    const card = { number: '4111111111111111', cvc: '123' };
    const error = await caught(client.post('/api/forms/donations/', { card }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('CSRF failed');
    expect(logs).toEqual(['POST /api/forms/donations/ -> 403']);
    expect(logs.join('\n')).not.toContain('4111');
    expect(deleted).toEqual([]);
  });

  it.each([500, 502, 503])('logs a %i in one line', async (status) => {
    server.handler = (_req, res) => sendJson(res, status, { message: 'down' });
    const { client, logs } = setup();
    const error = await caught(client.get('/api/content/hero/', { schema: okSchema }));
    expect(error.status).toBe(status);
    expect(logs).toEqual([`GET /api/content/hero/ -> ${status}`]);
  });

  it('does not log a 400 or 404, and keeps the errors map in the body', async () => {
    const errorBody = { success: false, message: 'Invalid data', errors: { email: ['Please enter a valid email address'] } };
    server.handler = (_req, res) => sendJson(res, 400, errorBody);
    const { client, logs } = setup();
    const error = await caught(client.post('/api/forms/partnerships/', {}));
    expect(error.status).toBe(400);
    expect(readApiErrorBody(error.body)).toEqual({
      message: 'Invalid data',
      errors: { email: ['Please enter a valid email address'] },
    });
    server.handler = (_req, res) => sendJson(res, 404, { detail: 'nope' });
    const missing = await caught(client.get('/api/content/highlights/x/', { schema: okSchema }));
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Request failed with status 404');
    expect(logs).toEqual([]);
  });

  it('an error status with a non-JSON body has no body', async () => {
    server.handler = (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    const { client } = setup();
    const error = await caught(client.get('/api/x/', { schema: okSchema }));
    expect(error.status).toBe(502);
    expect(error.body).toBeUndefined();
  });
});

describe('failures without a usable response', () => {
  it('the default timeout is 10 000 ms', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(createApiClient({ baseUrl: server.origin, fetch: (r) => fetch(r) }).timeoutMs).toBe(10_000);
  });

  it('times out when the server never answers', async () => {
    server.handler = () => undefined; // hold the request open
    const { client } = setup({ timeoutMs: 200 });
    const started = Date.now();
    const error = await caught(client.get('/api/content/hero/', { schema: okSchema }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('Request timed out after 200 ms');
  });

  it('times out when the body stalls after the headers', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"ok":');
    };
    const { client } = setup({ timeoutMs: 200 });
    const error = await caught(client.get('/api/content/hero/', { schema: okSchema }));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/timed out/);
  });

  it('times out even when the transport ignores the abort signal', async () => {
    const client = createApiClient({ baseUrl: IN_PROCESS_ORIGIN, fetch: () => new Promise<Response>(() => undefined), timeoutMs: 100 });
    const error = await caught(client.get('/api/x/', { schema: okSchema }));
    expect(error.status).toBe(0);
  });

  it('a refused connection is an ApiError with status 0', async () => {
    const { client } = setup({ baseUrl: await closedOrigin() });
    const error = await caught(client.get('/api/content/hero/', { schema: okSchema }));
    expect(error.status).toBe(0);
    expect(error.path).toBe('/api/content/hero/');
    expect(error.message).toMatch(/^Network error/);
    expect(isApiError(error)).toBe(true);
  });

  it('a 200 with invalid JSON is an ApiError', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok": tru');
    };
    const { client } = setup();
    const error = await caught(client.get('/api/x/', { schema: okSchema }));
    expect(error.status).toBe(200);
    expect(error.message).toBe('The response was not valid JSON');
  });

  it('a body of the wrong shape is an ApiError naming the field', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: 'yes' });
    const { client } = setup();
    const error = await caught(client.get('/api/x/', { schema: okSchema }));
    expect(error.message).toContain('ok');
    expect(error.body).toEqual({ ok: 'yes' });
  });
});

describe('ApiError', () => {
  it('is an Error with status, path and body', () => {
    const error = new ApiError('boom', { status: 503, path: '/api/x/', body: { a: 1 } });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect([error.status, error.path, error.body, error.isNetworkError]).toEqual([503, '/api/x/', { a: 1 }, false]);
  });

  it('readApiErrorBody normalises error maps and ignores junk', () => {
    expect(readApiErrorBody({ error: 'x', errors: { a: 'one', b: ['two', 3], c: 5 } })).toEqual({
      error: 'x',
      errors: { a: ['one'], b: ['two'] },
    });
    expect(readApiErrorBody('text')).toEqual({});
    expect(readApiErrorBody([1])).toEqual({});
    expect(readApiErrorBody({ message: '  ' })).toEqual({});
  });
});

describe('transport', () => {
  it('with a base URL, speaks HTTP to it', async () => {
    server.handler = (_req, res) => sendJson(res, 200, { ok: true });
    const transport = createTransport(server.origin);
    expect(transport.kind).toBe('http');
    const client = createApiClient({ baseUrl: transport.baseUrl, fetch: transport.fetch });
    await expect(client.get('/api/content/hero/', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(1);
  });

  it('without one, hands a Request for http://in-process<path> to the built-in backend, loaded once', async () => {
    const seen: Request[] = [];
    let loads = 0;
    const transport = createTransport(undefined, {
      inProcess: async () => {
        loads += 1;
        return async (request) => {
          seen.push(request);
          return Response.json({ ok: true });
        };
      },
    });
    expect(transport.kind).toBe('in-process');
    const client = createApiClient({ baseUrl: transport.baseUrl, fetch: transport.fetch, getCookie: () => 'tok' });
    await client.get('/api/content/hero/', { schema: okSchema, query: { a: 1 } });
    await client.post('/api/forms/newsletter/', { email: 'a@b.ng' });
    expect(loads).toBe(1);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET http://in-process/api/content/hero/?a=1',
      'POST http://in-process/api/forms/newsletter/',
    ]);
    expect(seen[1]?.headers.get('authorization')).toBe('Bearer tok');
    await expect(seen[1]?.json()).resolves.toEqual({ email: 'a@b.ng' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('getText (a CSV export)', () => {
  it('returns the text and the headers that describe it, with the session token and Accept: text/csv', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="x.csv"' });
      res.end('"id"\r\n"1"\r\n');
    };
    const { client } = setup({ cookies: { authToken: 'token-of-the-session-123' } });
    await expect(client.getText('/api/admin/export/registrations.csv')).resolves.toEqual({
      text: '"id"\r\n"1"\r\n',
      contentType: 'text/csv; charset=utf-8',
      contentDisposition: 'attachment; filename="x.csv"',
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer token-of-the-session-123');
    expect(server.requests[0]?.headers.accept).toBe('text/csv');
  });

  it('a 404 is an ApiError with the status and the body’s message; a 401 forgets the session cookie', async () => {
    server.handler = (_req, res) => sendJson(res, 404, { success: false, message: 'Unknown export.' });
    const { client, deleted } = setup({ cookies: { authToken: 'token-of-the-session-123' } });
    const notFound = await caught(client.getText('/api/admin/export/nope.csv'));
    expect(notFound).toMatchObject({ status: 404, message: 'Unknown export.' });
    server.handler = (_req, res) => sendJson(res, 401, { success: false, message: 'Please sign in.' });
    expect((await caught(client.getText('/api/admin/export/registrations.csv'))).status).toBe(401);
    expect(deleted).toEqual(['authToken']);
  });
});
