import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '@/contract/api/endpoints';
import { fillPath, pathParamNames, TEXT } from '@/contract/api/endpoint';
import { HTTP_MESSAGES } from '@/backend';
import { createPaystackCheckout } from '@/backend/payments';
import { buildApp, dbTargets, type TestApp, type TestDatabase } from '@/test/support/databases';
import { staffToken } from '@/test/support/staff';

/**
 * The endpoint table against the built-in backend: every entry's path answers its method there
 * (a route exists: no 405, and no "there is no such endpoint" 404). A handler's own 404 (an
 * unknown id), a 401 or a 422 is fine: the route is there. Asked as an admin, with Paystack's
 * checkout configured, so no route is hidden behind a session or a setting.
 */
const SAMPLE_PARAMS: Record<string, string> = {
  reference: 'ITN-ABCDEF',
  slug: 'no-such-slug',
  id: '00000000-0000-4000-8000-000000000000',
  kind: 'partnership',
  purpose: 'reminder',
};

const sampleParams = (path: string) => Object.fromEntries(pathParamNames(path).map((name) => [name, name === 'kind' && path.includes('export') ? 'registrations' : SAMPLE_PARAMS[name]!]));

// Sign-out ends the session the others use: asked last.
const NAMES = (Object.keys(ENDPOINTS) as EndpointName[]).sort((a, b) => Number(a === 'logout') - Number(b === 'logout'));

describe.each(dbTargets)('the endpoint table on the built-in backend ($name)', (target) => {
  let database: TestDatabase;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await target.create();
    const checkout = createPaystackCheckout({ secretKey: 'sk_test_table', baseUrl: 'http://127.0.0.1:9', checkoutOrigin: 'https://checkout.paystack.com', timeoutMs: 500 });
    t = await buildApp(database.handle, { env: { PAYSTACK_SECRET_KEY: 'sk_test_table' }, checkout });
    token = await staffToken(t.app, database.handle, { email: 'table-admin@itan.example', name: 'Table Admin', password: 'table-admin-password' });
    await database.handle.db.updateTable('staff_users').set({ role: 'admin' }).where('email', '=', 'table-admin@itan.example').execute();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it.each(NAMES)('%s', async (name) => {
    const entry = ENDPOINTS[name];
    const path = fillPath(entry.path, sampleParams(entry.path));
    const res = await t.app.request(path, {
      method: entry.method,
      headers: { Authorization: `Bearer ${token}`, Accept: entry.result === TEXT ? 'text/csv' : 'application/json', 'Content-Type': 'application/json' },
      body: entry.method === 'POST' ? '{}' : undefined,
    });
    expect(res.status, `${entry.method} ${path}`).not.toBe(405);
    const body = (await res.text()).trim();
    if (res.status === 404) expect(JSON.parse(body) as { message?: string }, `${entry.method} ${path}`).not.toMatchObject({ message: HTTP_MESSAGES.notFound });
  });
});

describe('the endpoint table itself', () => {
  it('has one entry per method and path', () => {
    const keys = Object.values(ENDPOINTS).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps spec §7 paths as the spec writes them, trailing slash included', () => {
    for (const path of ['/api/auth/login/', '/api/auth/logout/', '/api/auth/register/', '/api/auth/me/', '/api/content/hero/', '/api/content/events/', '/api/content/programs/', '/api/content/podcasts/', '/api/content/highlights/', '/api/content/highlights/:slug/', '/api/content/highlights/featured/', '/api/forms/newsletter/', '/api/forms/donations/', '/api/forms/partnerships/', '/api/forms/registrations/', '/api/forms/volunteer/']) {
      expect(Object.values(ENDPOINTS).map((e) => e.path)).toContain(path);
    }
    for (const name of ['login', 'logout', 'me', 'hero', 'highlights', 'newsletter', 'donation', 'partnership', 'registration', 'volunteer'] as const) {
      expect(ENDPOINTS[name].builtInOnly, name).toBe(false);
    }
  });
});
