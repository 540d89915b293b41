import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FormState } from '@/contract/forms/form-state';
import { buildApp, dbTargets, postJson, type TestDatabase } from '@/test/support/databases';
import { redirectOf } from '@/test/support/server-actions';
import { staffToken as signIn } from '@/test/support/staff';

/**
 * The staff builder (lib/staff/action.ts) against the built-in backend's sessions, with Next's own
 * redirect() and notFound() (next/navigation is not mocked here): a signed-out visitor goes to the
 * sign-in page with the way back, plain staff are refused an admin action, a schema's refusal
 * comes back as field errors with the answers, an API's 401 sends the visitor to sign in again, the
 * API's refusals map to the form's words, and Next's control flow thrown inside goes on.
 */
let backend: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
let token: string | undefined;
const cookie = (name: string) => (name === 'authToken' ? token : undefined);

vi.mock('next/headers', async () => (await import('@/test/support/server-actions')).headersModule(cookie));
vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend, cookie));

const { staffAction, staffCall, staffPage, staffRedirectAction, staffRoute } = await import('./action');
const { ApiError, call } = await import('@/lib/backend');
const { notFound, redirect } = await import('next/navigation');

const ADMIN = { email: 'boss@itan.example', name: 'Boss', password: 'boss-password-long' };
const STAFF = { email: 'gate@itan.example', name: 'Gate', password: 'gate-password-long' };

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};
const idle = { status: 'idle' as const, errors: {}, values: {}, seq: 4 };

const refusal = (status: number, body?: unknown) => new ApiError(`POST /api/x/ -> ${status}`, { status, path: '/api/x/', body });

describe('the staff action builder', () => {
  let database: TestDatabase;
  let ran: string[];

  beforeAll(async () => {
    database = await dbTargets[0]!.create();
    backend = (await buildApp(database.handle)).app;
    // The first account is an admin; it adds a plain staff member through the admin API.
    const admin = await signIn(backend, database.handle, ADMIN);
    const added = await postJson(backend, '/api/admin/staff/', { ...STAFF, role: 'staff' }, { Authorization: `Bearer ${admin}` });
    expect(added.status).toBe(201);
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    ran = [];
    token = undefined;
  });

  const asAdmin = async () => {
    token = await signIn(backend!, database.handle, ADMIN);
  };
  const asStaff = async () => {
    token = ((await (await postJson(backend!, '/api/auth/login/', { email: STAFF.email, password: STAFF.password })).json()) as { token: string }).token;
  };

  const schema = z.object({ name: z.string().min(2, 'Enter a name'), email: z.email('Enter an email address') });
  const action = (role: 'staff' | 'admin', run: () => Promise<FormState> = async () => ({ status: 'success', errors: {}, values: {} })) =>
    staffAction({
      role,
      page: (posted) => `/staff/things/${String(posted.id ?? '')}`,
      values: (posted) => ({ name: String(posted.name ?? ''), email: String(posted.email ?? '') }),
      schema,
      fields: ['name', 'email'],
      invalid: 'Please check the highlighted fields.',
      failure: { fallback: 'Try again.', reads: (status) => status === 409 || status === 422, message: 'alone' },
      async run({ user }) {
        ran.push(user.email);
        return run();
      },
    });
  const valid = { id: 't1', name: 'Ada', email: 'ada@example.com' };

  it('sends a signed-out visitor to sign in, back to the page after, without running', async () => {
    expect(await redirectOf(action('staff')(idle, form(valid)))).toBe('/staff/login?next=%2Fstaff%2Fthings%2Ft1');
    token = 'x'.repeat(43);
    expect(await redirectOf(action('admin')(idle, form(valid)))).toBe('/staff/login?next=%2Fstaff%2Fthings%2Ft1');
    expect(ran).toEqual([]);
  });

  it('refuses plain staff an admin action (to the dashboard), and runs a staff one for them', async () => {
    await asStaff();
    expect(await redirectOf(action('admin')(idle, form(valid)))).toBe('/staff');
    expect(ran).toEqual([]);
    expect(await action('staff')(idle, form(valid))).toEqual({ status: 'success', errors: {}, values: {}, seq: 5 });
    expect(ran).toEqual([STAFF.email]);
  });

  it('answers a schema refusal with the first message per field in form order and the answers echoed', async () => {
    await asAdmin();
    const answer = await action('admin')(idle, form({ email: 'nope', name: 'A', extra: 'dropped' }));
    expect(answer).toEqual({
      status: 'error',
      errors: { name: 'Enter a name', email: 'Enter an email address' },
      values: { name: 'A', email: 'nope' },
      message: 'Please check the highlighted fields.',
      seq: 5,
    });
    expect(Object.keys(answer.errors)).toEqual(['name', 'email']);
    expect(ran).toEqual([]);
  });

  it('sends the visitor to sign in again when the API answers 401 (the session ended meanwhile)', async () => {
    await asAdmin();
    const ended = action('admin', async () => {
      await call('logout');
      await call('staffAccounts');
      throw new Error('unreachable: the accounts need a session');
    });
    expect(await redirectOf(ended(idle, form(valid)))).toBe('/staff/login?next=%2Fstaff%2Fthings%2Ft1');
    expect(ran).toEqual([ADMIN.email]);
  });

  it('maps the API’s refusals: 422 field errors, 409 its message, anything else and no answer the form’s words', async () => {
    await asAdmin();
    const failing = (error: unknown) =>
      action('admin', async () => {
        throw error;
      })(idle, form(valid));
    expect(await failing(refusal(422, { message: 'Invalid', errors: { email: ['Taken already', 'second'], other: ['kept as sent'] } }))).toEqual({
      status: 'error',
      errors: { email: 'Taken already', other: 'kept as sent' },
      values: { name: 'Ada', email: 'ada@example.com' },
      message: undefined,
      seq: 5,
    });
    expect(await failing(refusal(409, { message: 'Changed by someone else.' }))).toMatchObject({ status: 'error', errors: {}, message: 'Changed by someone else.', values: { name: 'Ada' } });
    for (const error of [refusal(404, { message: 'Not read' }), refusal(500), refusal(0), new TypeError('fetch failed')]) {
      expect(await failing(error)).toEqual({ status: 'error', errors: {}, values: { name: 'Ada', email: 'ada@example.com' }, message: 'Try again.', seq: 5 });
    }
  });

  it('lets Next’s redirect() and notFound() thrown inside go on to Next', async () => {
    await asAdmin();
    expect(await redirectOf(action('admin', async () => redirect('/staff/things/t1?done=1'))(idle, form(valid)))).toBe('/staff/things/t1?done=1');
    const missing = await action('admin', async () => notFound())(idle, form(valid)).catch((error: unknown) => error);
    expect(missing).toMatchObject({ digest: expect.stringMatching(/^NEXT_HTTP_ERROR_FALLBACK;404/) });
  });

  it('stamps the form an answer is for, and says an unavailable action before the schema', async () => {
    await asAdmin();
    const closed = staffAction({
      role: 'staff',
      page: '/staff/things',
      values: (posted) => ({ name: String(posted.name ?? '') }),
      formId: (posted) => `thing-${String(posted.key)}`,
      unavailable: () => 'Not with this backend.',
      schema,
      failure: { fallback: 'Try again.' },
      run: async () => ({ status: 'success', errors: {}, values: {} }),
    });
    expect(await closed(idle, form({ key: 'k', name: '' }))).toEqual({ status: 'error', errors: {}, values: { name: '' }, message: 'Not with this backend.', for: 'thing-k', seq: 5 });
  });

  it('reads a hand-made call’s other shapes as the idle state and an empty form (issue 42: a TypeError, a 500)', async () => {
    // What React decodes from `["$K1"]`, `[]`, `["x"]`, `[null, null]` or a form without JavaScript posted
    // to `$ACTION_ID_…`: the form where the state goes, nothing, a string.
    const handMade: Array<[unknown, unknown]> = [[form(valid), undefined], [undefined, undefined], ['x', 5], [null, null], [[], {}], [{ seq: 'x' }, 'form']];
    for (const [previous, formData] of handMade) {
      expect(await redirectOf(action('staff')(previous as never, formData as never))).toBe('/staff/login?next=%2Fstaff%2Fthings%2F');
    }
    await asAdmin();
    for (const [previous, formData] of handMade) {
      expect(await action('admin')(previous as never, formData as never)).toMatchObject({ status: 'error', errors: { name: 'Enter a name' }, values: { name: '', email: '' }, seq: 1 });
    }
    const done = staffRedirectAction({ role: 'admin', page: '/staff/things', run: async ({ posted }) => redirect(`/staff/things?done=${String(posted.what ?? 'none')}`), failure: () => redirect('/x') });
    for (const [first, second] of [['x', undefined], [{}, 5], [null, null], [undefined, 'x']]) {
      expect(await redirectOf(done(first as never, second as never))).toBe('/staff/things?done=none');
    }
    expect(await redirectOf(done({} as never, form({ what: 'y' })))).toBe('/staff/things?done=y');
    expect(ran).toEqual([]);
  });

  it('builds redirect-only actions, script calls, pages and routes with the same checks', async () => {
    const done = staffRedirectAction({
      role: 'admin',
      page: '/staff/things',
      run: async ({ posted }) => redirect(`/staff/things?done=${String(posted.what)}`),
      failure: () => redirect('/staff/things?done=failed'),
    });
    const fails = staffRedirectAction({
      role: 'staff',
      page: '/staff/things',
      run: async () => {
        throw refusal(409);
      },
      failure: (error) => redirect(`/staff/things?done=${error instanceof ApiError ? error.status : 'other'}`),
    });
    const script = staffCall<{ n: number }, string>({ role: 'staff', refused: 'signed-out', schema: z.object({ n: z.number() }), invalid: 'invalid', run: async ({ n }, user) => `${user.email}:${n}` });
    const page = staffPage({ role: 'admin', page: async ({ params }: { params: Promise<{ id: string }> }) => `/staff/things/${(await params).id}` }, async (staff, { params }) => `${staff.name} sees ${(await params).id}`);
    const route = staffRoute<{ params: Promise<{ kind: string }> }>({
      role: 'staff',
      page: '/staff',
      run: async (_request, { params }) => {
        if ((await params).kind === 'gone') throw refusal(404);
        return new Response('file');
      },
      failure: () => new Response('unavailable', { status: 404 }),
    });
    const params = (value: string) => Promise.resolve({ id: value, kind: value });

    // Signed out: sign in (a script is told instead).
    expect(await redirectOf(done(form({ what: 'x' })))).toBe('/staff/login?next=%2Fstaff%2Fthings');
    expect(await redirectOf(done(undefined, form({ what: 'x' })))).toBe('/staff/login?next=%2Fstaff%2Fthings');
    expect(await script({ n: 1 })).toBe('signed-out');
    expect(await redirectOf(page({ params: params('t9') }))).toBe('/staff/login?next=%2Fstaff%2Fthings%2Ft9');
    expect(await redirectOf(route(new Request('http://site.test/staff/export/x'), { params: params('x') }))).toBe('/staff/login?next=%2Fstaff');

    // Plain staff: refused the admin ones.
    await asStaff();
    expect(await redirectOf(done(form({ what: 'x' })))).toBe('/staff');
    expect(await redirectOf(page({ params: params('t9') }))).toBe('/staff');
    expect(await redirectOf(fails(form({})))).toBe('/staff/things?done=409');
    expect(await script({ n: 2 })).toBe(`${STAFF.email}:2`);
    expect(await script({ n: 'two' })).toBe('invalid');
    expect(await (await route(new Request('http://site.test/staff/export/x'), { params: params('x') })).text()).toBe('file');
    expect((await route(new Request('http://site.test/staff/export/gone'), { params: params('gone') })).status).toBe(404);

    // An admin: through, as a plain form's action and as useActionState's.
    await asAdmin();
    expect(await redirectOf(done(form({ what: 'saved' })))).toBe('/staff/things?done=saved');
    expect(await redirectOf(done(undefined, form({ what: 'sent' })))).toBe('/staff/things?done=sent');
    expect(await page({ params: params('t9') })).toBe('Boss sees t9');
  });
});
