import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, AUDIT_PAGE_SIZE, type Dashboard } from '@/contract/api/admin';
import { STAFF_SESSION_HOURS, STAFF_SESSION_IDLE_MINUTES } from '@/contract/api/staff';
import type { BackendApp } from '../app';
import { recordAudit } from '../audit/log';
import { addStaffAccount } from '../admin/service';
import { issueToken, upsertStaffUser, userForToken } from '../auth/queries';
import { newId } from '../kernel/ids';
import { staffRolesAndAudit } from '../db/migrations/2026-11-25-1-staff-roles-and-audit';
import { sessionIdleExpiry } from '../db/migrations/2026-11-25-2-session-idle-expiry';
import { auditLoggedAt } from '../db/migrations/2026-12-07-0-audit-logged-at';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';

type Json = Record<string, unknown>;

/**
 * The staff area's backend (issue 17): the dashboard's figures are what the database holds, on
 * SQLite and PostgreSQL; admins manage accounts (every change audited in its own transaction, a
 * reset or a disable ends the account's sessions); plain staff get 403 from every admin endpoint;
 * tokens expire (absolute and idle) whatever the client keeps.
 */
describe.each(dbTargets)('staff admin on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  let adminToken: string;
  let adminId: string;
  const CAPACITY = 500;

  const login = (email: string, password: string) => postJson(app, '/api/auth/login/', { email, password });
  const tokenOf = async (email: string, password: string) => {
    const res = await login(email, password);
    expect(res.status, `sign-in of ${email}`).toBe(200);
    return ((await res.json()) as Json).token as string;
  };
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token: string) => app.request(path, { headers: auth(token) });
  const post = (path: string, body: unknown, token: string) => postJson(app, path, body, auth(token));
  const me = (token: string) => get('/api/auth/me/', token);
  const auditRows = () => database.handle.db.selectFrom('audit_log').selectAll().orderBy('at').orderBy('logged_at').orderBy('id').execute();

  beforeAll(async () => {
    database = await target.create();
    ({ app } = await buildApp(database.handle, { env: { REGISTRATION_CAPACITY: String(CAPACITY), TICKET_SECRET: 'a-test-secret-of-some-length' } }));
    const { user } = await upsertStaffUser(database.handle.db, { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' });
    adminId = user.id;
    adminToken = await tokenOf('boss@itan.example', 'boss-password-long');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('the dashboard counts what the database holds: capacity, wristbands, check-ins, successful donations in kobo, subscribers without the unsubscribed', async () => {
    const db = database.handle.db;
    const empty = ((await (await get('/api/admin/dashboard/', adminToken)).json()) as { data: Dashboard }).data;
    expect(empty.registrations).toEqual({ count: 0, wristbands: 0, capacity: CAPACITY, checkedInRegistrations: 0, checkedInWristbands: 0 });
    expect(empty.donations).toEqual({ count: 0, totalKobo: 0, pending: 0, review: 0 });

    const regs: string[] = [];
    for (const [email, n] of [['r1@example.com', 2], ['r2@example.com', 3], ['r3@example.com', 1]] as const) {
      const res = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(n), email, firstName: `Reg${n}` });
      expect(res.status).toBe(201);
      regs.push(((await res.json()) as Json).ticketReference as string);
    }
    expect((await post('/api/admin/check-ins/', { reference: regs[1] }, adminToken)).status).toBe(200);

    const now = new Date().toISOString();
    const donation = (amountKobo: number, status: string, first: string) => ({
      id: newId(), amount_kobo: amountKobo, currency: 'NGN', first_name: first, last_name: 'Eze', email: `${first}@example.com`, phone: '0803',
      street: 's', city: 'c', state: 'st', zipcode: 'z', card_holder: 'H', card_last4: '4081', card_brand: 'visa', gateway: 'sandbox',
      gateway_reference: newId(), status, source: 'frontend', created_at: now,
    });
    // More than 2^31 kobo in total, so a 32-bit sum or a bigint string would show.
    await db.insertInto('donations').values([donation(1_500_000_000, 'succeeded', 'big'), donation(1_000_000_050, 'succeeded', 'bigger'), donation(999_999, 'failed', 'declined'), donation(700_000, 'pending', 'waiting'), donation(300_000, 'review', 'odd')]).execute();
    const people = (n: number) => ({ id: newId(), first_name: `P${n}`, last_name: 'X', email: `p${n}@example.com`, phone: '0803', submitted_at: now, created_at: now });
    await db.insertInto('partnerships').values([1, 2].map((n) => ({ ...people(n), organization: n === 1 ? 'Ake Books' : null, proposal: 'p' }))).execute();
    await db.insertInto('volunteer_applications').values([1, 2, 3, 4].map((n) => ({ ...people(n), roles: '[]', availability: 'both-days', message: null }))).execute();
    await db
      .insertInto('newsletter_subscriptions')
      .values([
        { id: newId(), email: 'stay@example.com', created_at: now, confirmed_at: now },
        { id: newId(), email: 'also@example.com', created_at: now, confirmed_at: now },
        { id: newId(), email: 'gone@example.com', created_at: now, confirmed_at: now, unsubscribed_at: now },
        // Double opt-in (issue 31): a sign-up not confirmed yet is no subscriber.
        { id: newId(), email: 'waiting@example.com', created_at: now },
      ])
      .execute();
    await db.insertInto('contact_messages').values({ id: newId(), name: 'Tola', email: 't@example.com', topic: 'press', message: 'hello there', submitted_at: now, created_at: now }).execute();
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    const mail = (status: 'pending' | 'failed' | 'done', created: string) => ({
      id: newId(), topic: 'mail', kind: 'x', recipient: 'a@example.com', payload: '{}', status, next_attempt_at: created, created_at: created, lease_owner: null, lease_until: null, last_error: null, sent_at: null,
    });
    // The registrations queued their own mails (pending, fresh); add one failed, one overdue, one done.
    const pendingBefore = Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').where('topic', '=', 'mail').executeTakeFirstOrThrow()).n);
    await db.insertInto('outbox').values([mail('failed', now), mail('pending', old), mail('done', now)]).execute();

    const res = await get('/api/admin/dashboard/', adminToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const d = ((await res.json()) as { data: Dashboard }).data;
    expect(d.registrations).toEqual({ count: 3, wristbands: 6, capacity: CAPACITY, checkedInRegistrations: 1, checkedInWristbands: 3 });
    expect(d.donations).toEqual({ count: 2, totalKobo: 2_500_000_050, pending: 1, review: 1 });
    expect(d.partnerships).toBe(2);
    expect(d.volunteers).toBe(4);
    expect(d.newsletter).toBe(2);
    expect(d.newsletterUnconfirmed).toBe(1);
    expect(d.contact).toBe(1);
    expect(d.mail).toEqual({ failed: 1, pending: pendingBefore + 1, overdue: 1, heldBack: 0 });
    expect(d.recent.registrations.map((r) => r.reference).sort()).toEqual([...regs].sort());
    expect(d.recent.registrations.find((r) => r.reference === regs[1])).toMatchObject({ checkedIn: true, wristbands: 3, name: 'Reg3 Obi' });
    expect(d.recent.donations.map((r) => r.amountKobo).sort()).toEqual([1_000_000_050, 1_500_000_000]);
    // Not paid yet, listed apart: never in the total.
    expect(d.recent.unpaidDonations.map((r) => [r.amountKobo, r.status]).sort()).toEqual([[300_000, 'review'], [700_000, 'pending']]);
    expect(d.recent.newsletter.map((r) => r.email).sort()).toEqual(['a•••@example.com', 's•••@example.com']);
    // No card data and no donor emails on the dashboard.
    expect(JSON.stringify(d)).not.toMatch(/4081|visa|big@example/);
  });

  it('an admin adds a staff member (a generated password shown once), who signs in as plain staff', async () => {
    const res = await post('/api/admin/staff/', { name: 'Kunle Gate', email: 'Kunle@Itan.example', role: 'staff' }, adminToken);
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json & { data: { id: string; email: string; role: string }; generatedPassword: string };
    expect(body).toMatchObject({ success: true, message: ACCOUNT_MESSAGES.created, data: { email: 'kunle@itan.example', role: 'staff', disabledAt: null } });
    expect(body.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const token = await tokenOf('kunle@itan.example', body.generatedPassword);
    expect(await (await me(token)).json()).toMatchObject({ user: { email: 'kunle@itan.example', role: 'staff' } });

    const list = (await (await get('/api/admin/staff/', adminToken)).json()) as { data: { email: string }[] };
    expect(list.data.map((a) => a.email)).toEqual(['boss@itan.example', 'kunle@itan.example']);
    expect(JSON.stringify(list)).not.toMatch(/password|hash/i);

    const chosen = await post('/api/admin/staff/', { name: 'Ada Admin', email: 'ada.admin@itan.example', role: 'admin', password: 'chosen-password-long' }, adminToken);
    expect(chosen.status).toBe(201);
    expect(((await chosen.json()) as Json).generatedPassword).toBeUndefined();

    const taken = await post('/api/admin/staff/', { name: 'Again', email: 'KUNLE@itan.example', role: 'staff' }, adminToken);
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ errors: { email: ACCOUNT_MESSAGES.emailTaken } });
    const bad = await post('/api/admin/staff/', { name: '', email: 'nope', role: 'owner', password: 'short' }, adminToken);
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Json }).errors).toMatchObject({ email: expect.any(String), role: ACCOUNT_MESSAGES.roleInvalid, password: ACCOUNT_MESSAGES.passwordShort });
  });

  it('plain staff get 403 from every admin endpoint, and no token gets 401', async () => {
    await addStaffAccount(database.handle.db, { id: adminId, email: 'boss@itan.example', name: 'Funmi Boss', role: 'admin' }, { name: 'Plain', email: 'plain@itan.example', role: 'staff', password: 'plain-password-long' });
    const plain = await tokenOf('plain@itan.example', 'plain-password-long');
    const calls: [string, 'GET' | 'POST', unknown?][] = [
      ['/api/admin/staff/', 'GET'],
      ['/api/admin/staff/', 'POST', { name: 'X Y', email: 'x@itan.example', role: 'admin' }],
      [`/api/admin/staff/${adminId}/password/`, 'POST', {}],
      [`/api/admin/staff/${adminId}/disable/`, 'POST', {}],
      [`/api/admin/staff/${adminId}/enable/`, 'POST', {}],
      ['/api/admin/audit/', 'GET'],
    ];
    const before = (await auditRows()).length;
    for (const [path, method, body] of calls) {
      const as = (token?: string) => (method === 'GET' ? app.request(path, { headers: token ? auth(token) : {} }) : postJson(app, path, body ?? {}, token ? auth(token) : {}));
      expect((await as(plain)).status, `${method} ${path} as staff`).toBe(403);
      expect((await as()).status, `${method} ${path} without a token`).toBe(401);
    }
    expect((await auditRows()).length).toBe(before);
    // The dashboard is for every staff member; the exports (visitors' addresses and phones) for admins only.
    expect((await get('/api/admin/dashboard/', plain)).status).toBe(200);
    expect((await get('/api/admin/export/registrations.csv', plain)).status).toBe(403);
    expect((await app.request('/api/admin/dashboard/')).status).toBe(401);
  });

  it('a password reset ends every session of that account (old tokens 401) and is audited', async () => {
    const created = await addStaffAccount(database.handle.db, { id: adminId, email: 'boss@itan.example', name: 'Funmi Boss', role: 'admin' }, { name: 'Reset Me', email: 'resetme@itan.example', role: 'staff', password: 'first-password-long' });
    const [a, b] = [await tokenOf('resetme@itan.example', 'first-password-long'), await tokenOf('resetme@itan.example', 'first-password-long')];
    const res = await post(`/api/admin/staff/${created.account.id}/password/`, {}, adminToken);
    expect(res.status).toBe(200);
    const { generatedPassword } = (await res.json()) as { generatedPassword: string };
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
    expect((await login('resetme@itan.example', 'first-password-long')).status).toBe(401);
    expect((await me(await tokenOf('resetme@itan.example', generatedPassword))).status).toBe(200);
    expect((await me(adminToken)).status).toBe(200);
    const row = (await auditRows()).find((r) => r.action === 'staff.password-reset' && r.target_id === created.account.id);
    expect(row).toMatchObject({ actor_id: adminId, actor_email: 'boss@itan.example', target_type: 'staff' });
    expect(row!.summary).not.toContain(generatedPassword);
    expect((await post('/api/admin/staff/no-such-id/password/', {}, adminToken)).status).toBe(404);
    expect((await post(`/api/admin/staff/${created.account.id}/password/`, { password: 'short' }, adminToken)).status).toBe(422);
  });

  it('disable: tokens 401 and sign-in refused; enable lets it sign in again (old tokens stay dead); never self nor the last admin', async () => {
    const created = await addStaffAccount(database.handle.db, { id: adminId, email: 'boss@itan.example', name: 'Funmi Boss', role: 'admin' }, { name: 'Off Soon', email: 'off@itan.example', role: 'staff', password: 'off-password-long' });
    const token = await tokenOf('off@itan.example', 'off-password-long');
    const res = await post(`/api/admin/staff/${created.account.id}/disable/`, {}, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { disabledAt: expect.any(String) }, message: ACCOUNT_MESSAGES.disabled });
    expect((await me(token)).status).toBe(401);
    expect((await login('off@itan.example', 'off-password-long')).status).toBe(401);

    expect((await post(`/api/admin/staff/${created.account.id}/enable/`, {}, adminToken)).status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await me(await tokenOf('off@itan.example', 'off-password-long'))).status).toBe(200);

    const self = await post(`/api/admin/staff/${adminId}/disable/`, {}, adminToken);
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ message: ACCOUNT_MESSAGES.cannotDisableSelf });

    // Two admins: each may disable the other only while another active admin remains.
    const ada = (await database.handle.db.selectFrom('staff_users').select('id').where('email', '=', 'ada.admin@itan.example').executeTakeFirstOrThrow()).id;
    const adaToken = await tokenOf('ada.admin@itan.example', 'chosen-password-long');
    expect((await post(`/api/admin/staff/${adminId}/disable/`, {}, adaToken)).status).toBe(200);
    expect((await me(adminToken)).status).toBe(401);
    // Ada is now the last active admin: nobody (not even via another route) can disable her.
    const last = await post(`/api/admin/staff/${ada}/disable/`, {}, adaToken);
    expect(last.status).toBe(409);
    expect((await post(`/api/admin/staff/${adminId}/enable/`, {}, adaToken)).status).toBe(200);
    adminToken = await tokenOf('boss@itan.example', 'boss-password-long');
    const actions = (await auditRows()).map((r) => `${r.action}:${r.target_id}`);
    expect(actions).toEqual(expect.arrayContaining([`staff.disable:${created.account.id}`, `staff.enable:${created.account.id}`, `staff.disable:${adminId}`, `staff.enable:${adminId}`]));
    expect(actions).not.toContain(`staff.disable:${ada}`);
  });

  it('sign-ins (both ways, never the password), sign-outs and check-ins are audited; the log is newest first and paginated', async () => {
    expect((await login('boss@itan.example', 'wrong-password-here')).status).toBe(401);
    const token = await tokenOf('boss@itan.example', 'boss-password-long');
    const reg = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(2), email: 'audit@example.com' });
    const reference = ((await reg.json()) as Json).ticketReference as string;
    expect((await post('/api/admin/check-ins/', { reference }, token)).status).toBe(200);
    expect((await post('/api/admin/check-ins/', { reference }, token)).status).toBe(409);
    expect((await post('/api/auth/logout/', {}, token)).status).toBe(200);
    const rows = await auditRows();
    const failed = rows.filter((r) => r.action === 'auth.login-failed');
    expect(failed.at(-1)).toMatchObject({ actor_id: null, actor_email: 'boss@itan.example' });
    expect(JSON.stringify(rows)).not.toContain('wrong-password-here');
    expect(rows.filter((r) => r.action === 'ticket.check-in' && r.target_id === reference)).toHaveLength(1);
    expect(rows.some((r) => r.action === 'auth.logout' && r.actor_id === adminId)).toBe(true);

    for (let i = 0; i < AUDIT_PAGE_SIZE; i++) {
      await recordAudit(database.handle.db, { id: adminId, email: 'boss@itan.example', name: 'Funmi Boss' }, { action: 'test.fill', targetType: 't', targetId: String(i), summary: `fill ${i}` }, new Date(Date.now() + 60_000 + i));
    }
    const total = rows.length + AUDIT_PAGE_SIZE;
    const first = (await (await get('/api/admin/audit/', adminToken)).json()) as { data: { targetId: string; at: string }[]; count: number; page: number };
    expect(first.count).toBe(total);
    expect(first.data).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.data[0]!.targetId).toBe(String(AUDIT_PAGE_SIZE - 1));
    const second = (await (await get('/api/admin/audit/?page=2', adminToken)).json()) as { data: { at: string }[]; page: number };
    expect(second.page).toBe(2);
    expect(second.data.length).toBe(Math.min(AUDIT_PAGE_SIZE, total - AUDIT_PAGE_SIZE));
    expect(second.data[0]!.at <= first.data.at(-1)!.at).toBe(true);
    // Nonsense pages are page 1, not an error.
    expect(((await (await get('/api/admin/audit/?page=abc', adminToken)).json()) as { page: number }).page).toBe(1);
  });

  it('a change and its audit row are one transaction: no audit row, no change (and no change, no audit row)', async () => {
    const db = database.handle.db;
    const before = (await auditRows()).length;
    // The unique index refuses the insert: its audit row goes with it.
    const res = await post('/api/admin/staff/', { name: 'Dup', email: 'plain@itan.example', role: 'staff' }, adminToken);
    expect(res.status).toBe(400);
    expect((await auditRows()).length).toBe(before);

    // The audit log cannot be written (its table renamed away for a moment): the disable rolls back.
    const victim = await addStaffAccount(db, { id: adminId, email: 'boss@itan.example', name: 'Funmi Boss', role: 'admin' }, { name: 'Kept On', email: 'kept@itan.example', role: 'staff', password: 'kept-password-long' });
    const token = await tokenOf('kept@itan.example', 'kept-password-long');
    await sql`alter table audit_log rename to audit_log_away`.execute(db);
    let status: number;
    try {
      status = (await post(`/api/admin/staff/${victim.account.id}/disable/`, {}, adminToken)).status;
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(db);
    }
    expect(status).toBe(500);
    const row = await db.selectFrom('staff_users').select('disabled_at').where('id', '=', victim.account.id).executeTakeFirstOrThrow();
    expect(row.disabled_at).toBeNull();
    expect((await me(token)).status).toBe(200);
  });

  it('tokens end after STAFF_SESSION_HOURS, and sooner after STAFF_SESSION_IDLE_MINUTES unused', async () => {
    const db = database.handle.db;
    const user = (await db.selectFrom('staff_users').select('id').where('email', '=', 'plain@itan.example').executeTakeFirstOrThrow()).id;
    const t0 = new Date('2026-11-27T08:00:00.000Z');
    const minutes = (m: number) => new Date(t0.getTime() + m * 60_000);
    const token = await issueToken(db, user, t0);
    // Used every 100 minutes (under the idle limit), it lives until the absolute limit, not beyond.
    let m = 0;
    while (m + 100 < STAFF_SESSION_HOURS * 60) {
      m += 100;
      expect(await userForToken(db, token, minutes(m)), `at ${m} min`).toBeDefined();
    }
    expect(await userForToken(db, token, minutes(STAFF_SESSION_HOURS * 60 + 1))).toBeUndefined();

    const idle = await issueToken(db, user, t0);
    expect(await userForToken(db, idle, minutes(STAFF_SESSION_IDLE_MINUTES - 1))).toBeDefined();
    expect(await userForToken(db, idle, minutes(2 * STAFF_SESSION_IDLE_MINUTES - 2))).toBeDefined();
    expect(await userForToken(db, idle, minutes(3 * STAFF_SESSION_IDLE_MINUTES))).toBeUndefined();
    // The tokens issued at t0 (not the latest by creation: other tests issue tokens at the real time,
    // which may be later than t0 or not).
    const row = await db.selectFrom('auth_tokens').select(['expires_at']).where('user_id', '=', user).where('created_at', '=', t0.toISOString()).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - t0.getTime()).toBe(STAFF_SESSION_HOURS * 3600_000);
  });

  it('the staff migrations go down and up again on this database, keeping the accounts', async () => {
    const db = database.handle.db;
    const users = await db.selectFrom('staff_users').select(['id', 'role']).orderBy('id').execute();
    const columns = async (table: string) => (await db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
    await auditLoggedAt.down!(db);
    await sessionIdleExpiry.down!(db);
    await staffRolesAndAudit.down!(db);
    expect(await columns('auth_tokens')).not.toContain('last_used_at');
    expect(await columns('staff_users')).not.toContain('role');
    expect(await columns('audit_log')).toEqual([]);
    await staffRolesAndAudit.up(db);
    await sessionIdleExpiry.up(db);
    await auditLoggedAt.up(db);
    expect(await columns('audit_log')).toContain('logged_at');
    expect(await columns('auth_tokens')).toContain('last_used_at');
    // Accounts from before the roles existed come back as admins (they came from staff:create).
    const after = await db.selectFrom('staff_users').select(['id', 'role']).orderBy('id').execute();
    expect(after.map((u) => u.id)).toEqual(users.map((u) => u.id));
    expect(new Set(after.map((u) => u.role))).toEqual(new Set(['admin']));
  });
});

describe.each(dbTargets)('two admins disabling each other at once on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  beforeAll(async () => {
    database = await target.create();
    ({ app } = await buildApp(database.handle));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('exactly one succeeds and an active admin always remains', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await upsertStaffUser(database.handle.db, { email: `a${round}@itan.example`, name: 'A', password: 'a-password-long-enough' });
      const b = await upsertStaffUser(database.handle.db, { email: `b${round}@itan.example`, name: 'B', password: 'b-password-long-enough' });
      // Only these two are active admins in this round.
      await database.handle.db.updateTable('staff_users').set({ disabled_at: new Date().toISOString() }).where('id', 'not in', [a.user.id, b.user.id]).execute();
      const token = async (email: string, password: string) =>
        ((await (await postJson(app, '/api/auth/login/', { email, password })).json()) as Json).token as string;
      const [ta, tb] = [await token(`a${round}@itan.example`, 'a-password-long-enough'), await token(`b${round}@itan.example`, 'b-password-long-enough')];
      const [ra, rb] = await Promise.all([
        postJson(app, `/api/admin/staff/${b.user.id}/disable/`, {}, { Authorization: `Bearer ${ta}` }),
        postJson(app, `/api/admin/staff/${a.user.id}/disable/`, {}, { Authorization: `Bearer ${tb}` }),
      ]);
      const statuses = [ra.status, rb.status];
      expect(statuses.filter((s) => s === 200), `round ${round}: ${statuses}`).toHaveLength(1);
      // The other was refused: the last admin (409), or its own session had just ended (401).
      expect(statuses.every((s) => s === 200 || s === 409 || s === 401), `round ${round}: ${statuses}`).toBe(true);
      const active = await database.handle.db.selectFrom('staff_users').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null).execute();
      expect(active, `round ${round}`).toHaveLength(1);
    }
  });
});
