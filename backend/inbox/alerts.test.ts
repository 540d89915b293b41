import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InboxItem } from '@/contract/api/inbox';
import { contactDeadline } from '@/contract/business-days';
import type { BackendApp } from '../app';
import { loadSigner } from '../kernel/signing';
import { silentLogger } from '../kernel/log';
import { newId } from '../kernel/ids';
import { mailOutbox, type MailOutbox } from '../mail-kinds';
import { drainOutbox } from '../outbox/drain';
import { alertNewInboxItems, INBOX_ALERT_WINDOW_MS } from './alerts';
import { parseBackendConfig } from '../kernel/config';
import { startBackend } from '../start';
import { Migrator } from 'kysely';
import { staticMigrationProvider } from '../db/migrations';
import { migrateToLatest } from '../db/migrate';
import { buildApp, dbTargets, postJson, testConfig, validPayloads, TEST_EDITION_ENV, type TestDatabase } from '@/test/support/databases';
import { startTestSmtp, type TestSmtp } from '@/test/support/smtp';
import { staffToken } from '@/test/support/staff';

/**
 * The inbox calls staff (issue 43) on SQLite and PostgreSQL, with a real SMTP server on loopback:
 * new items are mailed to the team (INBOX_ALERT_TO) in one batched alert, once however many
 * instances run the housekeeping, at most one per window; a contact message gets its
 * acknowledgement and a 3-working-day deadline; a reply that already greets is not greeted twice;
 * volunteer roles read as words.
 */
describe.each(dbTargets)('inbox alerts and answers on $name', (target) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let app: BackendApp;
  let outbox: MailOutbox;
  let admin: string;
  const TEAM = 'team@festival.example';
  const SITE = 'https://festival.example';
  let clock = new Date('2026-03-02T09:00:00Z');
  const alertConfig = { inboxAlertTo: `Festival team <${TEAM}>`, now: () => clock };

  const db = () => database.handle.db;
  const auth = { Authorization: '' };
  const get = (path: string) => app.request(path, { headers: auth });
  const deliver = async () => {
    const result = await drainOutbox(outbox.target);
    if (result.delivered > 0) await smtp.waitFor(result.delivered);
    return result;
  };
  const alerts = () => smtp.received.filter((r) => r.to.includes(TEAM));
  const contact = (email: string, name = 'Kemi Adebayo') => ({ name, email, topic: 'visiting', message: 'Is there step-free access to the main hall, please?', submittedAt: '2026-03-02T08:00:00.000Z' });

  beforeAll(async () => {
    database = await target.create();
    smtp = await startTestSmtp();
    const env = { SMTP_URL: smtp.url, SITE_URL: SITE, MAIL_FROM: 'Ìtàn Festival <hello@festival.example>', MAIL_RETRY_BASE_MS: '1', MAIL_PER_RECIPIENT_PER_HOUR: '0' };
    ({ app } = await buildApp(database.handle, { env }));
    const config = testConfig(env);
    outbox = mailOutbox({ db: db(), dialect: database.handle.dialect, signer: await loadSigner(db(), config.ticketSecret), config, log: silentLogger });
    admin = await staffToken(app, database.handle, { email: 'admin@itan.example', name: 'Ada Admin', password: 'admin-password-long' });
    auth.Authorization = `Bearer ${admin}`;
  });
  afterAll(async () => {
    outbox?.transport.close();
    await smtp?.close();
    await database?.drop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  it('without INBOX_ALERT_TO nothing is mailed to the team; the setting takes an address, with or without a name', async () => {
    expect((await postJson(app, '/api/forms/partnerships/', { ...validPayloads.partnership(), email: 'off@example.org' })).status).toBe(201);
    expect(await alertNewInboxItems(db(), { config: { inboxAlertTo: undefined, now: () => clock } })).toBe(0);
    expect(testConfig({}).inboxAlertTo).toBeUndefined();
    expect(testConfig({ INBOX_ALERT_TO: 'Team <team@festival.example>' }).inboxAlertTo).toBe('Team <team@festival.example>');
    expect(() => testConfig({ INBOX_ALERT_TO: 'team@' })).toThrow(/INBOX_ALERT_TO/);
    await deliver();
    expect(alerts()).toEqual([]);
  });

  it('several new items in the window: one alert to the team, once, even with several instances, listing each with a link and little personal data', async () => {
    clock = new Date(clock.getTime() + INBOX_ALERT_WINDOW_MS * 10);
    const proposal = await postJson(app, '/api/forms/partnerships/', { ...validPayloads.partnership(), email: 'tunde@ake.example' });
    const volunteer = await postJson(app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), email: 'kemi.v@example.com' });
    const message = await postJson(app, '/api/forms/contact/', contact('bisi@example.com', 'Bisi Okafor'));
    const ids = {
      partnership: ((await proposal.json()) as { partnershipId: string }).partnershipId,
      volunteer: ((await volunteer.json()) as { volunteerId: string }).volunteerId,
      contact: ((await message.json()) as { contactId: string }).contactId,
    };
    // Three instances' housekeeping at once: one of them sends, for all (the one from the first test included).
    const counts = await Promise.all([0, 1, 2].map(() => alertNewInboxItems(db(), { config: alertConfig })));
    expect(counts.sort()).toEqual([0, 0, 4]);
    expect(await alertNewInboxItems(db(), { config: alertConfig })).toBe(0);
    await deliver();
    expect(alerts()).toHaveLength(1);
    const { mail, to } = alerts()[0]!;
    expect(to).toEqual([TEAM]);
    expect(mail.subject).toBe('New in the inbox: 2 partnership proposals, 1 volunteer application and 1 contact message');
    expect(mail.text).toContain(`Partnership proposal from Tunde Bello: Ake Books\n  ${SITE}/staff/inbox/partnership/${ids.partnership}`);
    expect(mail.text).toContain(`Volunteer application from Kemi Ade: Both festival days`);
    expect(mail.text).toContain(`${SITE}/staff/inbox/volunteer/${ids.volunteer}`);
    expect(mail.text).toContain(`Contact message from Bisi Okafor: Visiting the festival (venue, travel, accessibility)\n  ${SITE}/staff/inbox/contact/${ids.contact}`);
    // Minimal: no address, no phone, not the message itself.
    for (const personal of ['tunde@ake.example', 'bisi@example.com', '08012345678', 'step-free access', 'sponsor the young readers']) expect(mail.text).not.toContain(personal);
    expect(mail.html).toContain(`href="${SITE}/staff/inbox/contact/${ids.contact}"`);

    // A new item within the window waits for the next alert; after the window, it alone is listed.
    clock = new Date(clock.getTime() + 60_000);
    expect((await postJson(app, '/api/forms/contact/', contact('late@example.com', 'Late Comer'))).status).toBe(201);
    expect(await alertNewInboxItems(db(), { config: alertConfig })).toBe(0);
    clock = new Date(clock.getTime() + INBOX_ALERT_WINDOW_MS);
    expect(await Promise.all([alertNewInboxItems(db(), { config: alertConfig }), alertNewInboxItems(db(), { config: alertConfig })]).then((n) => n.sort())).toEqual([0, 1]);
    smtp.received.length = 0;
    await deliver();
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]!.mail.subject).toBe('New in the inbox: 1 contact message');
    expect(alerts()[0]!.mail.text).toContain('Contact message from Late Comer');
    expect(alerts()[0]!.mail.text).not.toContain('Bisi Okafor');
    // Nothing new: nothing sent, however much later.
    clock = new Date(clock.getTime() + INBOX_ALERT_WINDOW_MS * 3);
    expect(await alertNewInboxItems(db(), { config: alertConfig })).toBe(0);
  });

  it('an item deleted on request before the alert goes out drops out of it; an alert left with none is not sent', async () => {
    clock = new Date(clock.getTime() + INBOX_ALERT_WINDOW_MS * 2);
    const res = await postJson(app, '/api/forms/contact/', contact('gone@example.com', 'Gone Person'));
    const id = ((await res.json()) as { contactId: string }).contactId;
    expect(await alertNewInboxItems(db(), { config: alertConfig })).toBe(1);
    await db().deleteFrom('contact_messages').where('id', '=', id).execute();
    await deliver();
    expect(alerts()).toEqual([]);
    expect(await db().selectFrom('outbox').select('status').where('kind', '=', 'inboxAlert').where('status', '=', 'failed').execute()).toHaveLength(1);
  });

  it('a contact message is acknowledged by mail and has its 3-working-day deadline, overdue once it passes', async () => {
    const email = 'kemi.contact@example.com';
    const res = await postJson(app, '/api/forms/contact/', contact(email));
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { contactId: string }).contactId;
    await deliver();
    const ack = smtp.received.filter((r) => r.to.includes(email));
    expect(ack).toHaveLength(1);
    expect(ack[0]!.mail.subject).toBe('We received your message');
    expect(ack[0]!.mail.text).toContain('Dear Kemi,');
    expect(ack[0]!.mail.text).toContain('A member of the team will reply by email within 3 business days.');
    expect(ack[0]!.mail.text).toContain('contact form with this address');

    const row = await db().selectFrom('contact_messages').select(['created_at', 'due_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.due_at).toBe(contactDeadline(new Date(row.created_at)));
    const item = ((await (await get(`/api/admin/inbox/contact/${id}/`)).json()) as { data: InboxItem }).data;
    expect(item).toMatchObject({ dueAt: row.due_at, overdue: false, greeting: 'Dear Kemi,' });

    // Weeks later without an answer it is overdue, in the list's filter and the dashboard's count.
    const created = new Date(Date.parse(TEST_EDITION_ENV.FESTIVAL_NOW) - 30 * 86_400_000);
    await db().updateTable('contact_messages').set({ created_at: created.toISOString(), due_at: contactDeadline(created) }).where('id', '=', id).execute();
    const overdue = (await (await get('/api/admin/inbox/?overdue=1&kind=contact')).json()) as { data: InboxItem[] };
    expect(overdue.data.map((i) => i.id)).toEqual([id]);
    const dashboard = (await (await get('/api/admin/dashboard/')).json()) as { data: { inbox: { overdue: number } } };
    expect(dashboard.data.inbox.overdue).toBeGreaterThanOrEqual(1);

    // A reply that already greets ("Dear Kemi,") is sent as written: the greeting once.
    smtp.received.length = 0;
    const body = 'Dear Kemi,\n\nYes: the main hall has a ramp at the east door.';
    expect((await postJson(app, `/api/admin/inbox/contact/${id}/replies/`, { body, requestKey: `reply-${newId()}` }, auth)).status).toBe(201);
    // One without a greeting gets the mail's own.
    expect((await postJson(app, `/api/admin/inbox/contact/${id}/replies/`, { body: 'And there is a quiet room upstairs.', requestKey: `reply-${newId()}` }, auth)).status).toBe(201);
    await deliver();
    const replies = smtp.received.filter((r) => r.to.includes(email)).map((r) => r.mail.text ?? '');
    expect(replies).toHaveLength(2);
    const greeted = replies.find((t) => t.includes('ramp'))!;
    expect(greeted.match(/Dear Kemi,/g)).toHaveLength(1);
    expect(greeted.startsWith('Dear Kemi,\n\nYes: the main hall')).toBe(true);
    const plain = replies.find((t) => t.includes('quiet room'))!;
    expect(plain.startsWith('Dear Kemi,\n\nAnd there is a quiet room upstairs.')).toBe(true);
  });

  it('a volunteer application lists its roles in words (the roles’ titles on /volunteer), not codes', async () => {
    const res = await postJson(app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), email: 'roles@example.com', roles: ['welcome-team', 'reading-rooms'] });
    const id = ((await res.json()) as { volunteerId: string }).volunteerId;
    const item = ((await (await get(`/api/admin/inbox/volunteer/${id}/`)).json()) as { data: InboxItem }).data;
    const roles = item.facts.find(([label]) => label === 'Roles')?.[1];
    expect(roles).toBe('Welcome & Registration Team, Reading Rooms Story Reader');
    expect(roles).not.toContain('reading-rooms');
  });

  it('the drain’s housekeeping sends it: two instances on one database, one alert (start.ts)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-alerts-'));
    const dir = database.file ? path.dirname(database.file) : dataDir;
    const env = {
      DATA_DIR: dir,
      RATE_LIMIT_MAX: '0',
      ...TEST_EDITION_ENV,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      SMTP_URL: smtp.url,
      SITE_URL: SITE,
      INBOX_ALERT_TO: TEAM,
      MAIL_PER_RECIPIENT_PER_HOUR: '0',
    };
    const instances = [await startBackend(parseBackendConfig(env), { log: silentLogger }), await startBackend(parseBackendConfig(env), { log: silentLogger })];
    try {
      const res = await postJson(instances[0]!.app, '/api/forms/partnerships/', { ...validPayloads.partnership(), lastName: 'Housekeeping', email: 'hk@example.org' });
      expect(res.status).toBe(201);
      const passes = await Promise.all(instances.map((b) => b.drainMail(5_000)));
      // One instance sends (what the earlier tests left unlisted comes along), the other finds it done.
      expect(passes.map((p) => p.inboxAlerted).filter((n) => n > 0)).toHaveLength(1);
      expect(passes.map((p) => p.inboxAlerted)).toContain(0);
      // The alert queued by one pass goes out with the next.
      await Promise.all(instances.map((b) => b.drainMail(5_000)));
      await smtp.waitFor(2);
      expect(alerts()).toHaveLength(1);
      expect(alerts()[0]!.mail.text).toContain('Partnership proposal from Tunde Housekeeping: Ake Books');
      expect((await Promise.all(instances.map((b) => b.drainMail(5_000)))).map((p) => p.inboxAlerted)).toEqual([0, 0]);
      expect(alerts()).toHaveLength(1);
    } finally {
      for (const b of instances) await b.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(dbTargets)('migration 2026-12-07-3a on $name', (target) => {
  it('items stored before count as alerted, old contact messages get their deadline; down and up again', async () => {
    const database = await target.create();
    try {
      const db = database.handle.db;
      const migrator = new Migrator({ db, provider: staticMigrationProvider });
      await migrator.migrateTo('2026-12-05-1-edition-name-number');
      const at = '2025-09-05T20:30:00.000Z'; // a Friday evening in Lagos
      await db.insertInto('partnerships').values({ id: 'p-old', first_name: 'Old', last_name: 'Proposal', email: 'old@example.org', phone: '08012345678', organization: null, proposal: 'p'.repeat(60), submitted_at: at, created_at: at } as never).execute();
      await db.insertInto('contact_messages').values({ id: 'c-old', name: 'Old Message', email: 'c@example.org', topic: 'press', message: 'm'.repeat(30), submitted_at: at, created_at: at } as never).execute();
      await migrateToLatest(db);
      expect(await db.selectFrom('contact_messages').select(['due_at', 'alerted_at']).execute()).toEqual([{ due_at: '2025-09-10T22:59:59.999Z', alerted_at: at }]);
      expect(await db.selectFrom('partnerships').select('alerted_at').execute()).toEqual([{ alerted_at: at }]);
      expect(await db.selectFrom('inbox_alerts').selectAll().execute()).toEqual([{ id: 'team', sent_at: null }]);
      // Nothing old is alerted when alerts are switched on.
      expect(await alertNewInboxItems(db, { config: { inboxAlertTo: 'team@festival.example', now: () => new Date('2026-01-01T00:00:00Z') } })).toBe(0);
      const down = await migrator.migrateDown();
      expect(down.error).toBeUndefined();
      expect(down.results?.[0]).toMatchObject({ migrationName: '2026-12-07-3a-inbox-alerts', status: 'Success' });
      expect(await db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow()).not.toHaveProperty('due_at');
      await migrateToLatest(db);
      expect(await db.selectFrom('inbox_alerts').select('id').execute()).toEqual([{ id: 'team' }]);
    } finally {
      await database.drop();
    }
  });
});
