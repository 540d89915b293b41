import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { createRateLimiter } from '../kernel/rate-limit';
import { createSandboxGateway } from '../payments';
import { AUTH_MESSAGES } from '../auth/routes';
import { buildApp, dbTargets, postJson, testConfig, type TestDatabase } from '@/test/support/databases';
import { silentLogger } from '@/backend/kernel/log';

type Json = Record<string, unknown>;

/**
 * Staff accounts: a new password (staff:create on an existing email) ends every session of that
 * account; self-signup (ALLOW_STAFF_SIGNUP) cannot create two accounts, or take one over, with one
 * email however the requests interleave, and is rate-limited like sign-in.
 */
describe.each(dbTargets)('staff accounts on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;

  beforeAll(async () => {
    database = await target.create();
    app = (await buildApp(database.handle, { env: { ALLOW_STAFF_SIGNUP: 'true' } })).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  const login = (email: string, password: string) => postJson(app, '/api/auth/login/', { email, password });
  const me = (token: string) => app.request('/api/auth/me/', { headers: { Authorization: `Bearer ${token}` } });

  it('a password reset (staff:create on an existing email) revokes that account’s tokens, and only that account’s', async () => {
    await upsertStaffUser(database.handle.db, { email: 'reset@itan.example', name: 'Reset Me', password: 'first-long-password' });
    await upsertStaffUser(database.handle.db, { email: 'other@itan.example', name: 'Other', password: 'other-long-password' });
    const tokens = await Promise.all([login('reset@itan.example', 'first-long-password'), login('reset@itan.example', 'first-long-password')]);
    const [a, b] = (await Promise.all(tokens.map((r) => r.json() as Promise<Json>))).map((j) => j.token as string);
    const other = ((await (await login('other@itan.example', 'other-long-password')).json()) as Json).token as string;
    expect((await me(a!)).status).toBe(200);

    const { created } = await upsertStaffUser(database.handle.db, { email: 'RESET@itan.example', name: 'Reset Me', password: 'second-long-password' });
    expect(created).toBe(false);
    expect((await me(a!)).status).toBe(401);
    expect((await me(b!)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
    expect((await login('reset@itan.example', 'first-long-password')).status).toBe(401);
    const fresh = ((await (await login('reset@itan.example', 'second-long-password')).json()) as Json).token as string;
    expect((await me(fresh)).status).toBe(200);
    // staff:create is the operator's command: its accounts are admins; self-signups are plain staff.
    expect(await (await me(fresh)).json()).toMatchObject({ user: { email: 'reset@itan.example', role: 'admin' } });
  });

  it('concurrent sign-ups with one email: exactly one account, the others a clear 400, and nobody takes it over', async () => {
    const attempts = ['race@itan.example', 'Race@itan.example', 'RACE@itan.example', 'race@itan.example '].map((email, i) =>
      postJson(app, '/api/auth/register/', { email, name: `Racer ${i}`, password: `racer-password-number-${i}` }),
    );
    const responses = await Promise.all(attempts);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201), String(statuses)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400), String(statuses)).toHaveLength(3);
    const refused = (await responses.find((r) => r.status === 400)!.json()) as Json;
    expect(refused).toMatchObject({ success: false, message: AUTH_MESSAGES.emailTaken, errors: { email: AUTH_MESSAGES.emailTaken } });

    const winner = statuses.indexOf(201);
    const rows = await database.handle.db.selectFrom('staff_users').selectAll().where('email', '=', 'race@itan.example').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(`Racer ${winner}`);
    expect(rows[0]!.role).toBe('staff');
    // Only the winner's password opens the account.
    for (let i = 0; i < 4; i++) {
      expect((await login('race@itan.example', `racer-password-number-${i}`)).status, `password ${i}`).toBe(i === winner ? 200 : 401);
    }
  });

  it('the database itself refuses a second account whose email differs only in case', async () => {
    const row = (email: string, id: string) => ({ id, email, name: 'X', password_hash: 'scrypt$x', created_at: new Date().toISOString() });
    await database.handle.db.insertInto('staff_users').values(row('case@itan.example', 'case-1')).execute();
    await expect(database.handle.db.insertInto('staff_users').values(row('CASE@itan.example', 'case-2')).execute()).rejects.toThrow();
    await expect(database.handle.db.insertInto('staff_users').values(row('case@itan.example', 'case-3')).execute()).rejects.toThrow();
  });

  it('sign-up is rate-limited like sign-in', async () => {
    const limited = createApp({
      db: database.handle.db,
      dialect: database.handle.dialect,
      config: testConfig({ ALLOW_STAFF_SIGNUP: 'true' }),
      gateway: createSandboxGateway(),
      rateLimiter: createRateLimiter({ max: 2, windowMs: 60_000 }),
      log: silentLogger,
    });
    const register = (i: number) =>
      postJson(limited, '/api/auth/register/', { email: `limit${i}@itan.example`, name: 'L', password: 'a-long-enough-password' }, { 'X-Forwarded-For': '203.0.113.77' });
    expect((await register(1)).status).toBe(201);
    expect((await register(2)).status).toBe(201);
    const third = await register(3);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
