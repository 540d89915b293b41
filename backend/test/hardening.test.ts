import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@/contract/api/staff';
import { REGISTRATION_MESSAGES } from '@/contract/forms/messages';
import { createApp, type BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { parseBackendConfig } from '../kernel/config';
import { registrationEmailAndMailCap } from '../db/migrations/2026-11-26-2-registration-email-and-mail-cap';
import { startBackend } from '../start';
import { SIGN_IN_LIMIT } from '../auth/throttle';
import { newId } from '../kernel/ids';
import { createRateLimiter } from '../kernel/rate-limit';
import { createSandboxGateway } from '../payments';
import { RESEND_PER_HOUR } from '../tickets/queries';
import { buildApp, countRows, dbTargets, postJson, TEST_EDITION_ENV, TEST_EDITION_KEY, testConfig, validPayloads, type TestDatabase } from '@/test/support/databases';
import { editionCounter } from '../edition/counter';
import { silentLogger } from '@/backend/kernel/log';
import { captureLog } from '@/test/support/log';

type Json = Record<string, unknown>;

/**
 * Issue 32, hardening from an outside probe, on SQLite and PostgreSQL: one registration per address
 * (a second one re-sends the ticket within the resend cap, and holds no wristbands, however the
 * posts race); exports for admins only, each download audited; staff sign-in limited on its own
 * (never by the forms' bucket); no-store on every /api/auth and /api/admin answer.
 */
describe.each(dbTargets)('hardening on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  let other: BackendApp;
  const CAPACITY = 1000;

  const register = (email: string, tickets = 1, a: BackendApp = app) =>
    postJson(a, '/api/forms/registrations/', { ...validPayloads.registration(tickets), email });
  const wristbands = async () =>
    Number((await database.handle.db.selectFrom('counters').select('used').where('name', '=', editionCounter(TEST_EDITION_KEY)).executeTakeFirstOrThrow()).used);
  const rowsOf = async (email: string) =>
    (await database.handle.db.selectFrom('registrations').select('id').where(sql<string>`lower(trim(email))`, '=', email).execute()).length;
  const resendsTo = async (email: string) =>
    (await database.handle.db.selectFrom('outbox').select('id').where('kind', '=', 'ticketResend').where('recipient', '=', email).execute()).length;
  const login = (email: string, password: string, a: BackendApp = app, headers: Record<string, string> = {}) =>
    postJson(a, '/api/auth/login/', { email, password }, headers);
  const tokenOf = async (email: string, password: string) => {
    const res = await login(email, password);
    expect(res.status, `sign-in of ${email}`).toBe(200);
    return ((await res.json()) as Json).token as string;
  };

  beforeAll(async () => {
    database = await target.create();
    const env = { REGISTRATION_CAPACITY: String(CAPACITY) };
    ({ app } = await buildApp(database.handle, { env }));
    // PostgreSQL: a second, independent connection (another instance); SQLite shares the one (see concurrency.test.ts).
    ({ app: other } = await buildApp(target.name === 'postgres' ? database.connectAgain() : database.handle, { env }));
    await upsertStaffUser(database.handle.db, { email: 'admin@itan.example', name: 'Ada Admin', password: 'admin-password-long' });
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe('one address, one registration', () => {
    it('a second registration with the address (any case, spaces) holds no wristband and re-sends the ticket, within the resend cap', async () => {
      const first = await register('twice@example.com', 3);
      expect(first.status).toBe(201);
      const before = await wristbands();

      const again = await register('  TWICE@Example.com ', 10);
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({
        success: false,
        message: REGISTRATION_MESSAGES.alreadyRegisteredResent,
        errors: { email: REGISTRATION_MESSAGES.alreadyRegisteredResent },
        reason: 'already-registered',
        ticketResent: true,
      });
      expect(await wristbands()).toBe(before);
      expect(await rowsOf('twice@example.com')).toBe(1);
      expect(await resendsTo('twice@example.com')).toBe(1);

      // The resend path's cap is shared: RESEND_PER_HOUR in all, then a refusal that says why.
      for (let i = 1; i < RESEND_PER_HOUR; i++) expect(((await (await register('twice@example.com')).json()) as Json).ticketResent).toBe(true);
      const refused = await register('twice@example.com');
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ success: false, message: REGISTRATION_MESSAGES.alreadyRegistered, errors: { email: REGISTRATION_MESSAGES.alreadyRegistered }, ticketResent: false });
      expect(await resendsTo('twice@example.com')).toBe(RESEND_PER_HOUR);
      expect(await wristbands()).toBe(before);
    });

    it('a registration stored before addresses were canonical counts too', async () => {
      const now = new Date().toISOString();
      await database.handle.db
        .insertInto('registrations')
        .values({ id: newId(), ticket_reference: 'ITN-OLD234', first_name: 'Old', last_name: 'Row', email: ' Old.Row@Example.com ', phone: '0803', number_of_tickets: 2, submitted_at: now, created_at: now, edition: TEST_EDITION_KEY })
        .execute();
      const res = await register('old.row@example.com');
      expect(res.status).toBe(409);
      expect(((await res.json()) as Json).ticketResent).toBe(true);
      expect(await resendsTo('old.row@example.com')).toBe(1);
    });

    it('parallel posts with one address, over two instances: exactly one registration, one claim of wristbands', async () => {
      const before = await wristbands();
      const variants = ['race@example.com', 'RACE@example.com', ' race@example.com', 'Race@Example.com'];
      const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => register(variants[i % variants.length]!, 2, i % 2 ? other : app)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201), String(statuses)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409), String(statuses)).toHaveLength(11);
      expect(await rowsOf('race@example.com')).toBe(1);
      expect(await wristbands()).toBe(before + 2);
      // Every refusal re-sent the ticket or said the cap was reached; the cap held under the race.
      expect(await resendsTo('race@example.com')).toBe(RESEND_PER_HOUR);
    });

    it('REGISTRATIONS_PER_EMAIL sets the number (0: no limit)', async () => {
      const two = await buildApp(database.handle, { env: { REGISTRATIONS_PER_EMAIL: '2' } });
      expect((await register('two@example.com', 1, two.app)).status).toBe(201);
      expect((await register('two@example.com', 1, two.app)).status).toBe(201);
      expect((await register('two@example.com', 1, two.app)).status).toBe(409);
      const unlimited = await buildApp(database.handle, { env: { REGISTRATIONS_PER_EMAIL: '0' } });
      for (let i = 0; i < 3; i++) expect((await register('many-more@example.com', 1, unlimited.app)).status).toBe(201);
    });
  });

  describe('exports', () => {
    it('plain staff get 403 (and no audit row); an admin download is one audit row: who, which export, when, how many rows', async () => {
      const db = database.handle.db;
      await upsertStaffUser(db, { email: 'plain@itan.example', name: 'Plain Staff', password: 'plain-password-long' });
      await db.updateTable('staff_users').set({ role: 'staff' }).where('email', '=', 'plain@itan.example').execute();
      const plain = await tokenOf('plain@itan.example', 'plain-password-long');
      const admin = await tokenOf('admin@itan.example', 'admin-password-long');
      const exportsAudited = async () => (await db.selectFrom('audit_log').selectAll().where('action', '=', 'export.download').execute()).length;

      for (const kind of ['registrations', 'donations', 'partnerships', 'newsletter', 'volunteers', 'contact']) {
        const res = await app.request(`/api/admin/export/${kind}.csv`, { headers: { Authorization: `Bearer ${plain}` } });
        expect(res.status, kind).toBe(403);
        expect(await res.text(), kind).not.toContain('@example.com');
      }
      expect(await exportsAudited()).toBe(0);
      // Staff keep the dashboard's counts.
      expect((await app.request('/api/admin/dashboard/', { headers: { Authorization: `Bearer ${plain}` } })).status).toBe(200);

      const registrations = await countRows(database.handle, 'registrations');
      const before = new Date().toISOString();
      const res = await app.request('/api/admin/export/registrations.csv', { headers: { Authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
      const lines = (await res.text()).trim().split('\r\n');
      expect(lines).toHaveLength(registrations + 1);
      const rows = await db.selectFrom('audit_log').selectAll().where('action', '=', 'export.download').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor_email: 'admin@itan.example', actor_name: 'Ada Admin', target_type: 'export', target_id: 'registrations', summary: `Downloaded registrations.csv (${registrations} rows)` });
      expect(rows[0]!.actor_id).toEqual(expect.any(String));
      expect(rows[0]!.logged_at! >= before).toBe(true);
      // Timed by the festival's clock (the tests' FESTIVAL_NOW), like every decision (issue 43).
      expect(rows[0]!.at).toBe(new Date(TEST_EDITION_ENV.FESTIVAL_NOW).toISOString());
      // An unknown export is no download.
      expect((await app.request('/api/admin/export/nonsense.csv', { headers: { Authorization: `Bearer ${admin}` } })).status).toBe(404);
      expect(await exportsAudited()).toBe(1);
    });
  });

  describe('staff sign-in has its own limit', () => {
    it('anonymous form posts that fill the shared bucket do not stop a staff sign-in', async () => {
      // No TRUSTED_PROXIES and no socket: every visitor is one unknown client, in one bucket of 60.
      const limited = createApp({
        db: database.handle.db,
        dialect: database.handle.dialect,
        config: testConfig({ RATE_LIMIT_MAX: '60' }),
        gateway: createSandboxGateway(),
        // Sliding, in memory: no window boundary can fall inside the burst.
        rateLimiter: createRateLimiter({ max: 60, windowMs: 60_000 }),
        log: silentLogger,
      });
      const statuses: number[] = [];
      for (let i = 0; i < 65; i++) statuses.push((await postJson(limited, '/api/forms/newsletter/', { email: `flood-${i}@example.com` })).status);
      expect(statuses.filter((s) => s === 429).length).toBe(5);
      const signedIn = await login('admin@itan.example', 'admin-password-long', limited);
      expect(signedIn.status).toBe(200);
    });

    it(`${SIGN_IN_LIMIT.perAccount} wrong passwords lock that account's sign-in only; successes are not counted`, async () => {
      await upsertStaffUser(database.handle.db, { email: 'target@itan.example', name: 'Target', password: 'target-password-long' });
      await upsertStaffUser(database.handle.db, { email: 'bystander@itan.example', name: 'Bystander', password: 'bystander-password-long' });
      // Signing in often is fine: only failures count.
      for (let i = 0; i < SIGN_IN_LIMIT.perAccount + 2; i++) expect((await login('target@itan.example', 'target-password-long')).status).toBe(200);
      for (let i = 0; i < SIGN_IN_LIMIT.perAccount; i++) expect((await login(i % 2 ? 'TARGET@itan.example' : 'target@itan.example', `wrong-${i}`)).status).toBe(401);
      const locked = await login('target@itan.example', 'target-password-long', other);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(await locked.json()).toMatchObject({ success: false, message: SIGN_IN_MESSAGES.tooManyAttempts });
      expect((await login('bystander@itan.example', 'bystander-password-long')).status).toBe(200);
    });

    it('failures race: parallel wrong passwords pass the account limit no further', async () => {
      await upsertStaffUser(database.handle.db, { email: 'raced@itan.example', name: 'Raced', password: 'raced-password-long' });
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login('raced@itan.example', `guess-${i}`, i % 2 ? other : app)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401), String(statuses)).toHaveLength(SIGN_IN_LIMIT.perAccount);
      expect(statuses.filter((s) => s === 429), String(statuses)).toHaveLength(25 - SIGN_IN_LIMIT.perAccount);
    });

    it(`a known client address is limited to ${SIGN_IN_LIMIT.perClient} failures over any accounts; other addresses are not`, async () => {
      const behindProxy = createApp({ db: database.handle.db, dialect: database.handle.dialect, config: testConfig({ TRUSTED_PROXIES: '1' }), gateway: createSandboxGateway(), log: silentLogger });
      const from = (ip: string) => ({ 'X-Forwarded-For': ip });
      for (let i = 0; i < SIGN_IN_LIMIT.perClient; i++) {
        expect((await login(`sprayed-${i}@itan.example`, 'guess', behindProxy, from('203.0.113.99'))).status).toBe(401);
      }
      expect((await login('admin@itan.example', 'admin-password-long', behindProxy, from('203.0.113.99'))).status).toBe(429);
      expect((await login('admin@itan.example', 'admin-password-long', behindProxy, from('198.51.100.1'))).status).toBe(200);
    });
  });

  describe('Cache-Control: no-store on every /api/auth and /api/admin answer', () => {
    it('successes, errors and 401s alike', async () => {
      const admin = await tokenOf('admin@itan.example', 'admin-password-long');
      const auth = { Authorization: `Bearer ${admin}` };
      const created = await postJson(app, '/api/admin/reports/', { title: 'No-store check', category: 'Event Report', date: '2026-10-25', author: 'Ada Obi', excerpt: 'x', tags: [], featured: false, body: 'Body text.' }, auth);
      expect(created.status).toBe(201);
      const id = (((await created.json()) as Json).data as Json).id as string;
      const huge = JSON.stringify({ email: 'admin@itan.example', password: 'x'.repeat(100_000) });

      const cases: [string, () => Response | Promise<Response>, number][] = [
        ['login success', () => login('admin@itan.example', 'admin-password-long'), 200],
        ['login wrong password', () => login('admin@itan.example', 'not-the-password'), 401],
        ['login bad shape', () => postJson(app, '/api/auth/login/', { email: 'x' }), 422],
        ['login too large', () => postJson(app, '/api/auth/login/', huge), 413],
        ['me', () => app.request('/api/auth/me/', { headers: auth }), 200],
        ['me without a token', () => app.request('/api/auth/me/'), 401],
        ['me, no trailing slash', () => app.request('/api/auth/me', { headers: auth }), 200],
        ['logout without a token', () => postJson(app, '/api/auth/logout/', {}), 401],
        ['register (sign-up off)', () => postJson(app, '/api/auth/register/', { email: 'n@itan.example', name: 'N', password: 'a-long-password' }), 403],
        ['reports', () => app.request('/api/admin/reports/', { headers: auth }), 200],
        ['reports without a token', () => app.request('/api/admin/reports/'), 401],
        ['a report', () => app.request(`/api/admin/reports/${id}/`, { headers: auth }), 200],
        ['a report, no trailing slash', () => app.request(`/api/admin/reports/${id}`, { headers: auth }), 200],
        ['an unknown report', () => app.request(`/api/admin/reports/${newId()}/`, { headers: auth }), 404],
        ['dashboard', () => app.request('/api/admin/dashboard/', { headers: auth }), 200],
        ['check-in counts', () => app.request('/api/admin/check-ins/', { headers: auth }), 200],
        ['an unknown admin path', () => app.request('/api/admin/no-such-thing/', { headers: auth }), 404],
        ['a wrong method', () => app.request('/api/auth/me/', { method: 'DELETE', headers: auth }), 405],
      ];
      for (const [name, call, status] of cases) {
        const res = await call();
        expect(res.status, name).toBe(status);
        expect(res.headers.get('cache-control'), name).toBe('no-store');
      }
      // Public content keeps its own caching.
      expect((await app.request('/api/content/hero/')).headers.get('cache-control')).not.toBe('no-store');
    });
  });
});

describe.each(dbTargets)('the issue 32 migration on $name', (target) => {
  it('goes down and up again on a database holding registrations and mail', async () => {
    const database = await target.create();
    try {
      const { app } = await buildApp(database.handle);
      expect((await postJson(app, '/api/forms/registrations/', validPayloads.registration(1))).status).toBe(201);
      const db = database.handle.db;
      const columns = async () => (await db.introspection.getTables()).find((t) => t.name === 'outbox')?.columns.map((c) => c.name) ?? [];
      // A later migration's index on counted_at (2026-11-30-3, campaigns) goes first, as undoing them in order would.
      await db.schema.dropIndex('outbox_kind_counted').ifExists().execute();
      await registrationEmailAndMailCap.down!(db as never);
      expect(await columns()).not.toContain('counted_at');
      await db.updateTable('outbox').set({ status: 'done', sent_at: '2026-11-26T10:00:00.000Z' }).execute();
      await registrationEmailAndMailCap.up(db as never);
      expect(await columns()).toEqual(expect.arrayContaining(['counted_at', 'held_until']));
      // Mail sent before the migration counts against its recipient's hour from its sent_at.
      expect((await db.selectFrom('outbox').select('counted_at').executeTakeFirstOrThrow()).counted_at).toBe('2026-11-26T10:00:00.000Z');
    } finally {
      await database.drop();
    }
  });
});

describe('start-up warning when no client address can be known (issue 32)', () => {
  const start = async (env: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-start-warning-'));
    const logs = captureLog();
    const backend = await startBackend(parseBackendConfig({ DATA_DIR: dataDir, ...env }), { log: logs.log });
    await backend.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    return logs.messages().filter((l) => l.includes('TRUSTED_PROXIES is not set'));
  };

  it('production without TRUSTED_PROXIES logs it once at start; with TRUSTED_PROXIES, nothing', async () => {
    expect(await start({ NODE_ENV: 'production' })).toHaveLength(1);
    expect(await start({ NODE_ENV: 'production', TRUSTED_PROXIES: 'loopback' })).toHaveLength(0);
  });
});
