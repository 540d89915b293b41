import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redirectOf } from '@/test/support/server-actions';
import { buildApp, dbTargets, postJson, type TestDatabase } from '@/test/support/databases';
import { confirmLinkToken, unsubscribeLinkToken } from '@/test/support/newsletter';

/**
 * The confirm page's button (issue 31) through the site's action, against the built-in backend:
 * a good link leads to the "subscribed" page and records the consent; a forged one back to the
 * page with the refusal (nothing recorded); an address that unsubscribed since gets its own
 * message; a backend that does not answer, the "try again" message with the button kept.
 */
vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());

let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
let unreachable = false;

vi.mock('@/lib/backend', async () => {
  const real = await (await import('@/test/support/server-actions')).backendModule(() => backend);
  const { ApiError } = await import('@/lib/backend/errors');
  const { createCall } = await import('@/lib/backend/call');
  const post: typeof real.apiClient.post = async (...args) => {
    if (unreachable) throw new ApiError('no answer', { status: 0, path: String(args[0]) });
    return real.apiClient.post(...args);
  };
  const apiClient = { ...real.apiClient, post };
  return { ...real, apiClient, call: createCall(() => apiClient, () => true) };
});

const { confirmAction } = await import('./actions');

const SECRET = 'confirm-action-test-secret';
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe('the newsletter confirm action', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle, { env: { TICKET_SECRET: SECRET } })).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  const signUp = async (email: string) => {
    expect((await postJson(backend!, '/api/forms/newsletter/', { email })).status).toBe(201);
    return (await database.handle.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirstOrThrow()).created_at;
  };
  const confirmedAt = async (email: string) =>
    (await database.handle.db.selectFrom('newsletter_subscriptions').select('confirmed_at').where('email', '=', email).executeTakeFirstOrThrow()).confirmed_at;

  it('a good link confirms and leads to the subscribed page; pressing again leads there too', async () => {
    const email = 'page.reader@example.com';
    const t = confirmLinkToken(SECRET, email, await signUp(email));
    expect(await redirectOf(confirmAction(null, form({ email, t })))).toBe('/newsletter/confirm/done');
    const first = await confirmedAt(email);
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await redirectOf(confirmAction(null, form({ email, t })))).toBe('/newsletter/confirm/done');
    expect(await confirmedAt(email)).toBe(first);
  });

  it('a forged link is refused and records nothing; a malformed form is refused without asking the backend', async () => {
    const email = 'forged.reader@example.com';
    await signUp(email);
    for (const t of ['A'.repeat(22), unsubscribeLinkToken(SECRET, email)]) {
      expect(await redirectOf(confirmAction(null, form({ email, t })))).toBe(`/newsletter/confirm?${new URLSearchParams({ email, t, error: 'refused' }).toString()}`);
    }
    expect(await confirmedAt(email)).toBeNull();
    unreachable = true;
    try {
      expect(await redirectOf(confirmAction(null, form({ email: 'not an address', t: 'x' })))).toBe('/newsletter/confirm?error=refused');
      expect(await redirectOf(confirmAction(null, form({ email })))).toBe('/newsletter/confirm?error=refused');
    } finally {
      unreachable = false;
    }
  });

  it('an address that unsubscribed since its confirmation gets its own message; no answer keeps the button', async () => {
    const email = 'left.reader@example.com';
    const t = confirmLinkToken(SECRET, email, await signUp(email));
    expect(await redirectOf(confirmAction(null, form({ email, t })))).toBe('/newsletter/confirm/done');
    expect((await postJson(backend!, '/api/newsletter/unsubscribe/', { email, token: unsubscribeLinkToken(SECRET, email) })).status).toBe(200);
    expect(await redirectOf(confirmAction(null, form({ email, t })))).toBe(`/newsletter/confirm?${new URLSearchParams({ email, t, error: 'unsubscribed' }).toString()}`);

    const other = 'later.reader@example.com';
    const t2 = confirmLinkToken(SECRET, other, await signUp(other));
    unreachable = true;
    try {
      expect(await redirectOf(confirmAction(null, form({ email: other, t: t2 })))).toBe(`/newsletter/confirm?${new URLSearchParams({ email: other, t: t2, error: 'failed' }).toString()}`);
    } finally {
      unreachable = false;
    }
    expect(await confirmedAt(other)).toBeNull();
  });
});
