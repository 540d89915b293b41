import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCampaign } from '@/contract/api/campaigns';
import { buildApp, dbTargets, postJson, testConfig, TEST_EDITION_KEY, type TestDatabase } from '@/test/support/databases';
import { startTestSmtp, type TestSmtp } from '@/test/support/smtp';
import { silentLogger } from '@/backend/kernel/log';
import type { BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { advanceCampaigns } from '../campaigns/service';
import type { DbHandle } from '../db/connect';
import { newId } from '../kernel/ids';
import { loadSigner } from '../kernel/signing';
import { mailOutbox, type MailOutbox } from '../mail-kinds';
import { migrateToLatest } from '../db/migrate';
import { migrations, staticMigrationProvider } from '../db/migrations';
import { drainOutbox } from '../outbox/drain';
import { SEAMS } from '../seams';
import { holderMailingId, startHolderMailings, windowOf } from '../tickets/holder-mailings';

/**
 * Announcements to ticket holders, the reminder and the thank-you (issue 43), through a real SMTP
 * server on loopback, on SQLite and PostgreSQL: the audience is exactly the edition's valid
 * tickets (not given back, not another edition's, not newsletter-only subscribers), one mail per
 * address; two presses of Send and two drainers on two connections still send each once; the
 * reminder and the thank-you start only in their window, once, under two concurrent drainers,
 * and not when switched off.
 */
const SITE = 'https://festival.example';
const ADMIN = { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const FAST = { NEWSLETTER_RATE_PER_MINUTE: '100000' };

interface Fixture {
  database: TestDatabase;
  second: DbHandle;
  smtp: TestSmtp;
  app: BackendApp;
  token: string;
  outboxes: MailOutbox[];
}

async function setUp(target: (typeof dbTargets)[number]): Promise<Fixture> {
  const database = await target.create();
  // PostgreSQL: a second connection, as a second instance has. SQLite: the same one (better-sqlite3
  // waits for a lock synchronously, so two connections in one process wait on each other; two
  // processes queue on the write lock).
  const second = target.name === 'postgres' ? database.connectAgain() : database.handle;
  const smtp = await startTestSmtp();
  const { app } = await buildApp(database.handle, { env: { SMTP_URL: smtp.url, SITE_URL: SITE, ...FAST } });
  await upsertStaffUser(database.handle.db, ADMIN);
  const token = ((await (await postJson(app, '/api/auth/login/', { email: ADMIN.email, password: ADMIN.password })).json()) as { token: string }).token;
  return { database, second, smtp, app, token, outboxes: [] };
}

async function outboxFor(f: Fixture, handle: DbHandle, env: Record<string, string> = {}): Promise<MailOutbox> {
  const config = testConfig({ SMTP_URL: f.smtp.url, SITE_URL: SITE, ...FAST, ...env });
  const outbox = mailOutbox({ db: handle.db, dialect: handle.dialect, signer: await loadSigner(handle.db, config.ticketSecret), config, log: silentLogger });
  f.outboxes.push(outbox);
  return outbox;
}

/** Holders: a and b (b with two tickets), c given back, d another edition's; n only on the newsletter; e both a holder and a subscriber. */
async function seedPeople(handle: DbHandle) {
  const at = '2025-08-01T10:00:00.000Z';
  let n = 0;
  const ticket = (email: string, edition: string, cancelled = false) => ({
    id: newId(),
    ticket_reference: `ITN-T${String(++n).padStart(5, '0')}`,
    first_name: 'Ada',
    last_name: 'Holder',
    email,
    phone: '+2348012345678',
    number_of_tickets: 1,
    submitted_at: at,
    created_at: at,
    edition,
    cancelled_at: cancelled ? at : null,
  });
  await handle.db
    .insertInto('registrations')
    .values([
      ticket('a@example.com', TEST_EDITION_KEY),
      ticket('b@example.com', TEST_EDITION_KEY),
      ticket('b@example.com', TEST_EDITION_KEY),
      ticket('c@example.com', TEST_EDITION_KEY, true),
      ticket('d@example.com', '2024'),
      ticket('e@example.com', TEST_EDITION_KEY),
    ])
    .execute();
  await handle.db
    .insertInto('newsletter_subscriptions')
    .values([
      { id: newId(), email: 'n@example.com', created_at: at, confirmed_at: at, unsubscribed_at: null },
      { id: newId(), email: 'e@example.com', created_at: at, confirmed_at: at, unsubscribed_at: null },
    ])
    .execute();
}

const HOLDERS = ['a@example.com', 'b@example.com', 'e@example.com'];

/** Two drainers, each also running the campaigns' housekeeping, until nothing is due. */
async function drainWithTwo(f: Fixture, env: Record<string, string> = {}) {
  const [a, b] = [await outboxFor(f, f.database.handle, env), await outboxFor(f, f.second, env)];
  for (let round = 0; round < 20; round++) {
    const passes = await Promise.all([
      drainOutbox(a.target).then(async (r) => (await advanceCampaigns(f.database.handle.db, Object.values(SEAMS.audiences))).queued + r.delivered),
      drainOutbox(b.target).then(async (r) => (await advanceCampaigns(f.second.db, Object.values(SEAMS.audiences))).queued + r.delivered),
    ]);
    if (passes[0] === 0 && passes[1] === 0) return;
  }
}

const recipientsOf = (f: Fixture, subject: string) =>
  f.smtp.received
    .filter((m) => m.mail.subject === subject)
    .flatMap((m) => m.to)
    .sort();

describe.each(dbTargets)('announcements to ticket holders on $name', (target) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp(target);
    await seedPeople(f.database.handle);
  });
  afterAll(async () => {
    for (const o of f?.outboxes ?? []) o.transport.close();
    await f?.smtp.close();
    await f?.database.drop();
  });

  it('reaches exactly the valid holders of the edition, once each, with their own ticket links, even when Send is pressed twice', async () => {
    const created = await postJson(f.app, '/api/admin/announcements/', { subject: 'Gate change', body: 'Use the **north** gate.' }, auth(f.token));
    expect(created.status).toBe(201);
    const { campaignId: id, audience } = (await created.json()) as { campaignId: string; audience: number };
    expect(audience).toBe(3);
    // Not a newsletter campaign: the newsletter's list does not show it, nor its id.
    const newsletter = (await (await f.app.request('/api/admin/newsletter/campaigns/', { headers: auth(f.token) })).json()) as { results: AdminCampaign[] };
    expect(newsletter.results.map((c) => c.id)).not.toContain(id);
    expect((await f.app.request(`/api/admin/newsletter/campaigns/${id}/`, { headers: auth(f.token) })).status).toBe(404);

    expect((await postJson(f.app, `/api/admin/announcements/${id}/test/`, {}, auth(f.token))).status).toBe(200);
    const presses = await Promise.all([0, 1].map(() => postJson(f.app, `/api/admin/announcements/${id}/send/`, {}, auth(f.token))));
    expect(presses.map((r) => r.status).sort()).toEqual([200, 409]);
    await drainWithTwo(f);

    expect(recipientsOf(f, '[Test] Gate change')).toEqual([ADMIN.email]);
    expect(recipientsOf(f, 'Gate change')).toEqual(HOLDERS);
    const toB = f.smtp.received.find((m) => m.mail.subject === 'Gate change' && m.to.includes('b@example.com'))!;
    expect(toB.mail.text).toContain('because you hold a ticket for the Ìtàn Book & Arts Festival');
    // Both of b's tickets, each by its signed link; no newsletter unsubscribe in a service message.
    expect(toB.mail.text!.match(/\/tickets\/ITN-T\d{5}\?t=[\w-]+/g)?.length).toBeGreaterThanOrEqual(2);
    expect(toB.mail.headers.has('list-unsubscribe')).toBe(false);
    expect(toB.mail.html).toContain('<strong>north</strong>');

    const res = await f.app.request(`/api/admin/announcements/${id}/`, { headers: auth(f.token) });
    const data = ((await res.json()) as { data: AdminCampaign }).data;
    expect(data).toMatchObject({ status: 'sent', progress: { recipients: 3, queued: 3, sent: 3, failed: 0, skipped: 0, waiting: 0 } });
    const audit = await f.database.handle.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['announcement.create', 'announcement.send', 'announcement.test']);
  });

  it('the reminder starts two days before the first day, once under two drainers, with the ticket, the venue and the way there; the thank-you after the last day, not while switched off', async () => {
    const ticketHolders = SEAMS.audiences.ticketHolders;
    // Two drainers at once (on SQLite sharing the connection: setUp): both read "not started" before either writes.
    const other = f.second.db;
    const at = (now: string) => testConfig({ FESTIVAL_NOW: now });
    // Three days before: nothing.
    expect(await startHolderMailings(f.database.handle.db, at('2025-10-21T12:00:00+01:00'), ticketHolders)).toBe(0);
    // Two days before the first day (24 October, Lagos): started once, though two drainers try at once.
    const twoDays = at('2025-10-22T00:00:00+01:00');
    const started = await Promise.all([startHolderMailings(f.database.handle.db, twoDays, ticketHolders), startHolderMailings(other, twoDays, ticketHolders)]);
    expect(started[0] + started[1]).toBe(1);
    await drainWithTwo(f, { FESTIVAL_NOW: '2025-10-22T00:00:00+01:00' });
    expect(await startHolderMailings(f.database.handle.db, at('2025-10-23T08:00:00+01:00'), ticketHolders)).toBe(0);
    await drainWithTwo(f);
    expect(recipientsOf(f, 'See you at the festival soon')).toEqual(HOLDERS);
    const reminder = f.smtp.received.find((m) => m.mail.subject === 'See you at the festival soon')!;
    expect(reminder.mail.text).toMatch(/\/tickets\/ITN-T\d{5}\?t=/);
    expect(reminder.mail.text).toContain('Venue:');
    expect(reminder.mail.text).toContain('How to get there:');
    expect(reminder.mail.text).toContain(`${SITE}/visit`);

    // The thank-you, switched off by an admin (audited): nothing starts after the last day.
    const off = await postJson(f.app, '/api/admin/announcements/automatic/thanks/', { enabled: false, daysBefore: 2, subject: 'Thank you, reader', body: 'It was a **joy**.' }, auth(f.token));
    expect(off.status).toBe(200);
    const after = at('2025-10-26T09:00:00+01:00');
    expect(await startHolderMailings(f.database.handle.db, after, ticketHolders)).toBe(0);
    expect((await postJson(f.app, '/api/admin/announcements/automatic/thanks/', { enabled: 'on', daysBefore: 2, subject: 'Thank you, reader', body: 'It was a **joy**.' }, auth(f.token))).status).toBe(200);
    const thanks = await Promise.all([startHolderMailings(f.database.handle.db, after, ticketHolders), startHolderMailings(other, after, ticketHolders)]);
    expect(thanks[0] + thanks[1]).toBe(1);
    await drainWithTwo(f);
    expect(recipientsOf(f, 'Thank you, reader')).toEqual(HOLDERS);
    const toA = f.smtp.received.find((m) => m.mail.subject === 'Thank you, reader' && m.to.includes('a@example.com'))!;
    const toE = f.smtp.received.find((m) => m.mail.subject === 'Thank you, reader' && m.to.includes('e@example.com'))!;
    expect(toA.mail.text).toContain(`${SITE}/highlights`);
    // Not on the newsletter: where to sign up (whose confirmation mail comes first); e is subscribed already.
    expect(toA.mail.text).toContain(`${SITE}/#newsletter`);
    expect(toE.mail.text).not.toContain('#newsletter');

    const audit = await f.database.handle.db.selectFrom('audit_log').select('action').where('target_type', '=', 'announcement').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['announcement.reminder', 'announcement.thanks', 'announcement.thanks.settings']));
    const ids = (await f.database.handle.db.selectFrom('newsletter_campaigns').select('id').where('purpose', 'is not', null).execute()).map((r) => r.id).sort();
    expect(ids).toEqual([holderMailingId('reminder', TEST_EDITION_KEY), holderMailingId('thanks', TEST_EDITION_KEY)].sort());
  });

  it('a holder who gives the ticket back after sending started gets nothing more: counted as skipped', async () => {
    const created = await postJson(f.app, '/api/admin/announcements/', { subject: 'Rain on Sunday', body: 'Bring an umbrella.' }, auth(f.token));
    const { campaignId: id } = (await created.json()) as { campaignId: string };
    expect((await postJson(f.app, `/api/admin/announcements/${id}/send/`, {}, auth(f.token))).status).toBe(200);
    await f.database.handle.db.updateTable('registrations').set({ cancelled_at: '2025-09-01T08:00:00.000Z' }).where('email', '=', 'a@example.com').execute();
    await drainWithTwo(f);
    expect(recipientsOf(f, 'Rain on Sunday')).toEqual(['b@example.com', 'e@example.com']);
    const data = ((await (await f.app.request(`/api/admin/announcements/${id}/`, { headers: auth(f.token) })).json()) as { data: AdminCampaign }).data;
    expect(data.progress).toMatchObject({ recipients: 3, sent: 2, skipped: 1, failed: 0 });
  });

  it('the windows: the reminder until the festival opens, the thank-you for a week after it ends', () => {
    const edition = { startDate: '2025-10-24', endDate: '2025-10-25' };
    expect(windowOf('reminder', edition, 2)).toEqual({ from: new Date('2025-10-22T00:00:00+01:00'), until: new Date('2025-10-24T00:00:00+01:00') });
    expect(windowOf('thanks', edition, 2)).toEqual({ from: new Date('2025-10-26T00:00:00+01:00'), until: new Date('2025-11-02T00:00:00+01:00') });
  });
});

describe.each(dbTargets)('migration 2026-12-07-1-announcements on $name', (target) => {
  it('a campaign stored before it is the newsletter’s; down takes the columns and the settings table away, up brings them back', async () => {
    const database = await target.create();
    try {
      const db = database.handle.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const names = Object.keys(migrations);
      const mine = names.indexOf('2026-12-07-1-announcements');
      expect(mine).toBeGreaterThan(0);
      const migrator = new Migrator({ db, provider: staticMigrationProvider });
      expect((await migrator.migrateTo(names[mine - 1]!)).error).toBeUndefined();
      const at = '2025-08-01T10:00:00.000Z';
      await db.insertInto('newsletter_campaigns').values({ id: newId(), subject: 'Old', body: 'Old news.', status: 'sent', created_by: 'x', created_at: at, updated_at: at }).execute();
      await migrateToLatest(db);
      expect(await db.selectFrom('newsletter_campaigns').select(['audience', 'audience_key', 'purpose']).execute()).toEqual([{ audience: 'newsletter', audience_key: null, purpose: null }]);
      expect((await migrator.migrateTo(names[mine - 1]!)).error).toBeUndefined();
      expect(await db.selectFrom('newsletter_campaigns').selectAll().executeTakeFirstOrThrow()).not.toHaveProperty('audience');
      await expect(db.selectFrom('holder_mailings').selectAll().execute()).rejects.toThrow();
      await migrateToLatest(db);
      expect(await db.selectFrom('holder_mailings').selectAll().execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
