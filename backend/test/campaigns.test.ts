import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCampaign } from '@/contract/api/campaigns';
import { buildApp, dbTargets, postJson, testConfig, validPayloads, type TestDatabase } from '@/test/support/databases';
import { startTestSmtp, type TestSmtp } from '@/test/support/smtp';
import { silentLogger } from '@/backend/kernel/log';
import type { BackendApp } from '../app';
import { addStaffAccount } from '../admin/service';
import { upsertStaffUser } from '../auth/queries';
import { advanceCampaigns } from '../campaigns/service';
import { SEAMS } from '../seams';
import { deletePersonalData } from '../personal-data';
import type { DbHandle } from '../db/connect';
import { newId } from '../kernel/ids';
import { loadSigner } from '../kernel/signing';
import { mailOutbox, type MailOutbox } from '../mail-kinds';
import { isSubscribed, unsubscribeNewsletter } from '../newsletter/unsubscribe';
import { drainOutbox } from '../outbox/drain';

/**
 * Newsletter campaigns (issue 31) end to end, through a real SMTP server on loopback: only
 * confirmed, subscribed addresses receive a campaign, each exactly once even with two drainers on
 * two connections and two presses of "Send"; each mail carries working RFC 8058 headers and a text
 * part; NEWSLETTER_RATE_PER_MINUTE holds the rest back across drainers, without delaying other
 * mail; an address unsubscribed mid-send gets nothing more; only admins may send.
 */
const SITE = 'https://festival.example';
const ADMIN = { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' };
const STAFF = { email: 'kunle@itan.example', name: 'Kunle Gate', password: 'kunle-password-long' };

interface Fixture {
  database: TestDatabase;
  second: DbHandle;
  smtp: TestSmtp;
  app: BackendApp;
  adminToken: string;
  staffToken: string;
  outboxes: MailOutbox[];
}

async function setUp(target: (typeof dbTargets)[number], env: Record<string, string>): Promise<Fixture> {
  const database = await target.create();
  const second = database.connectAgain();
  const smtp = await startTestSmtp();
  const { app } = await buildApp(database.handle, { env: { SMTP_URL: smtp.url, SITE_URL: SITE, ...env } });
  const { user } = await upsertStaffUser(database.handle.db, ADMIN);
  await addStaffAccount(database.handle.db, user, { ...STAFF, role: 'staff' });
  const tokenOf = async (who: { email: string; password: string }) =>
    ((await (await postJson(app, '/api/auth/login/', { email: who.email, password: who.password })).json()) as { token: string }).token;
  return { database, second, smtp, app, adminToken: await tokenOf(ADMIN), staffToken: await tokenOf(STAFF), outboxes: [] };
}

async function tearDown(f: Fixture | undefined) {
  for (const o of f?.outboxes ?? []) o.transport.close();
  await f?.smtp.close();
  await f?.database.drop();
}

async function outboxFor(f: Fixture, handle: DbHandle, env: Record<string, string>): Promise<MailOutbox> {
  const config = testConfig({ SMTP_URL: f.smtp.url, SITE_URL: SITE, ...env });
  const signer = await loadSigner(handle.db, config.ticketSecret);
  const outbox = mailOutbox({ db: handle.db, dialect: handle.dialect, signer, config, log: silentLogger });
  f.outboxes.push(outbox);
  return outbox;
}

/** Subscribers straight into the table: confirmed, unconfirmed (double opt-in pending) and unsubscribed. */
async function seed(handle: DbHandle, prefix: string, counts: { confirmed: number; unconfirmed: number; unsubscribed: number }) {
  const at = new Date(Date.now() - 60_000).toISOString();
  const rows = [
    ...Array.from({ length: counts.confirmed }, (_, i) => ({ id: newId(), email: `${prefix}.ok${i}@example.com`, created_at: at, confirmed_at: at, unsubscribed_at: null })),
    ...Array.from({ length: counts.unconfirmed }, (_, i) => ({ id: newId(), email: `${prefix}.unconfirmed${i}@example.com`, created_at: at, confirmed_at: null, unsubscribed_at: null })),
    ...Array.from({ length: counts.unsubscribed }, (_, i) => ({ id: newId(), email: `${prefix}.gone${i}@example.com`, created_at: at, confirmed_at: at, unsubscribed_at: at })),
  ];
  for (let i = 0; i < rows.length; i += 100) await handle.db.insertInto('newsletter_subscriptions').values(rows.slice(i, i + 100)).execute();
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const BASE = '/api/admin/newsletter/campaigns/';

async function createCampaign(f: Fixture, subject: string, body: string): Promise<string> {
  const res = await postJson(f.app, BASE, { subject, body }, auth(f.adminToken));
  expect(res.status).toBe(201);
  return ((await res.json()) as { campaignId: string }).campaignId;
}

async function readCampaign(f: Fixture, id: string): Promise<AdminCampaign & { html: string }> {
  const res = await f.app.request(`${BASE}${id}/`, { headers: auth(f.adminToken) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: AdminCampaign & { html: string } }).data;
}

const settle = () => new Promise((r) => setTimeout(r, 300));

/** A header as sent (mailparser turns List-* headers into objects): unfolded, after its name. */
function rawHeader(mail: TestSmtp['received'][number]['mail'], key: string): string {
  const line = mail.headerLines.find((h) => h.key === key)?.line ?? '';
  return line.replace(/\r?\n[ \t]+/g, '').slice(line.indexOf(':') + 1).trim();
}

describe.each(dbTargets)('newsletter campaign to 500 subscribers on $name', (target) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await setUp(target, { NEWSLETTER_RATE_PER_MINUTE: '100000' });
    await seed(f.database.handle, 'big', { confirmed: 500, unconfirmed: 15, unsubscribed: 15 });
  });
  afterAll(() => tearDown(f));

  it('two presses of Send queue once; two drainers deliver exactly 500 mails, one per confirmed address, with working unsubscribe headers and a text part', async () => {
    const id = await createCampaign(f, 'News from Ìtàn: the programme', '## The programme\n\nIt is **out**. Read [the highlights](/highlights).\n\n<script>alert(1)</script>');

    // Pressed twice at once (or two instances): one send, one clear refusal.
    const presses = await Promise.all([0, 1].map(() => postJson(f.app, `${BASE}${id}/send/`, {}, auth(f.adminToken))));
    expect(presses.map((r) => r.status).sort()).toEqual([200, 409]);
    const refusal = (await presses.find((r) => r.status === 409)!.json()) as { message: string };
    expect(refusal.message).toMatch(/already been sent/);
    // One batch queued by the request (not 500 rows at once), each address once.
    const queuedNow = await f.database.handle.db.selectFrom('campaign_recipients').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(queuedNow.n)).toBe(250);
    expect((await readCampaign(f, id)).progress).toMatchObject({ recipients: 500, queued: 250, waiting: 250 });
    const audit = await f.database.handle.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['campaign.create', 'campaign.send']);

    // Two drain loops on two connections, each also running the housekeeping that queues the next batch.
    const [a, b] = [await outboxFor(f, f.database.handle, { NEWSLETTER_RATE_PER_MINUTE: '100000' }), await outboxFor(f, f.second, { NEWSLETTER_RATE_PER_MINUTE: '100000' })];
    // Bigger batches, more in flight: the same code paths, a faster test.
    for (const o of [a, b]) o.target.policy = { ...o.target.policy, batchSize: 50, concurrency: 10 };
    const loop = async (outbox: MailOutbox, handle: DbHandle) => {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const pass = await drainOutbox(outbox.target);
        await advanceCampaigns(handle.db, Object.values(SEAMS.audiences));
        const row = await handle.db.selectFrom('newsletter_campaigns').select('status').where('id', '=', id).executeTakeFirstOrThrow();
        if (row.status === 'sent') return;
        // The other drainer holds what is left: look again shortly.
        if (pass.delivered === 0) await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the campaign never finished');
    };
    await Promise.all([loop(a, f.database.handle), loop(b, f.second)]);
    await f.smtp.waitFor(500);
    await settle();

    const campaignMails = f.smtp.received.filter((m) => m.mail.subject === 'News from Ìtàn: the programme');
    expect(campaignMails).toHaveLength(500);
    const to = campaignMails.flatMap((m) => m.to);
    expect(new Set(to).size).toBe(500);
    expect(to.every((t) => /^big\.ok\d+@example\.com$/.test(t))).toBe(true);
    for (const { mail } of campaignMails) {
      const listUnsubscribe = rawHeader(mail, 'list-unsubscribe');
      expect(listUnsubscribe).toMatch(/^<https:\/\/festival\.example\/api\/newsletter\/unsubscribe\?email=.+&t=.+>$/);
      expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain('The programme');
      expect(mail.text).toContain('the highlights (https://festival.example/highlights)');
      expect(mail.text).toContain('/newsletter/unsubscribe?email=');
      expect(mail.html).toContain('<h2>The programme</h2>');
      expect(mail.html).toContain('href="https://festival.example/highlights"');
      expect(mail.html).not.toContain('<script');
    }

    const done = await readCampaign(f, id);
    expect(done.status).toBe('sent');
    expect(done.sentAt).not.toBeNull();
    expect(done.progress).toEqual({ recipients: 500, queued: 500, sent: 500, failed: 0, skipped: 0, waiting: 0 });
    // Still readable in the list, newest first.
    const list = (await (await f.app.request(BASE, { headers: auth(f.adminToken) })).json()) as { results: AdminCampaign[]; audience: number };
    expect(list.results[0]).toMatchObject({ id, status: 'sent', createdBy: ADMIN.name, sentBy: ADMIN.name });

    // A third press later: still refused, nothing queued.
    expect((await postJson(f.app, `${BASE}${id}/send/`, {}, auth(f.adminToken))).status).toBe(409);
    expect((await readCampaign(f, id)).progress.queued).toBe(500);

    // One mail's one-click POST (what a mail provider sends) unsubscribes its address.
    const { mail, to: [address] } = campaignMails[7]!;
    const oneClick = new URL(rawHeader(mail, 'list-unsubscribe').slice(1, -1));
    expect(await isSubscribed(f.database.handle.db, address!)).toBe(true);
    const res = await f.app.request(`${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await isSubscribed(f.database.handle.db, address!)).toBe(false);
    expect(list.audience).toBe(500);
    const after = (await (await f.app.request(BASE, { headers: auth(f.adminToken) })).json()) as { audience: number };
    expect(after.audience).toBe(499);
  }, 120_000);
});

describe.each(dbTargets)('campaign throttle, unsubscribe mid-send, tests and admin rights on $name', (target) => {
  let f: Fixture;
  const RATE = 10;
  beforeAll(async () => {
    f = await setUp(target, { NEWSLETTER_RATE_PER_MINUTE: String(RATE) });
    await seed(f.database.handle, 'small', { confirmed: 30, unconfirmed: 3, unsubscribed: 3 });
  });
  afterAll(() => tearDown(f));

  it('only admins: 401 signed out, 403 for staff without the admin role; nothing sent or stored', async () => {
    const id = await createCampaign(f, 'Rights', 'Body');
    for (const [token, status] of [[undefined, 401], [f.staffToken, 403]] as const) {
      const headers = token ? auth(token) : {};
      expect((await f.app.request(BASE, { headers })).status).toBe(status);
      expect((await postJson(f.app, BASE, { subject: 'x', body: 'y' }, headers)).status).toBe(status);
      expect((await postJson(f.app, `${BASE}${id}/send/`, {}, headers)).status).toBe(status);
      expect((await postJson(f.app, `${BASE}${id}/test/`, {}, headers)).status).toBe(status);
      expect((await postJson(f.app, `${BASE}${id}/`, { subject: 'x', body: 'y' }, headers)).status).toBe(status);
    }
    expect((await readCampaign(f, id)).status).toBe('draft');
    expect(await f.database.handle.db.selectFrom('campaign_recipients').selectAll().execute()).toHaveLength(0);
    expect(await f.database.handle.db.selectFrom('newsletter_campaigns').selectAll().execute()).toHaveLength(1);
  });

  it('refuses bad input with the contract’s messages: a subject on two lines or too long, an empty body; unknown ids are 404', async () => {
    const bad = async (body: unknown) => {
      const res = await postJson(f.app, BASE, body, auth(f.adminToken));
      expect(res.status).toBe(422);
      return ((await res.json()) as { errors: Record<string, string> }).errors;
    };
    expect((await bad({ subject: 'Hi\r\nBcc: x@evil.example', body: 'x' })).subject).toBeTruthy();
    expect((await bad({ subject: 'x'.repeat(151), body: 'x' })).subject).toBeTruthy();
    expect((await bad({ subject: 'Fine', body: '   ' })).body).toBe('Write the newsletter');
    expect((await bad({ subject: 'Fine', body: 'x'.repeat(50_001) })).body).toMatch(/under 50,000/);
    expect((await f.app.request(`${BASE}00000000-0000-4000-8000-000000000000/`, { headers: auth(f.adminToken) })).status).toBe(404);
    expect((await postJson(f.app, `${BASE}not-an-id/send/`, {}, auth(f.adminToken))).status).toBe(404);
  });

  it('a test goes to the admin only, marked in its subject; the draft can still be edited', async () => {
    const id = await createCampaign(f, 'Draft news', 'Hello *readers*.');
    const res = await postJson(f.app, `${BASE}${id}/test/`, {}, auth(f.adminToken));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain(ADMIN.email);
    const outbox = await outboxFor(f, f.database.handle, { NEWSLETTER_RATE_PER_MINUTE: String(RATE) });
    const before = f.smtp.received.length;
    expect((await drainOutbox(outbox.target)).delivered).toBe(1);
    await f.smtp.waitFor(before + 1);
    const test = f.smtp.received.at(-1)!;
    expect(test.to).toEqual([ADMIN.email]);
    expect(test.mail.subject).toBe('[Test] Draft news');
    expect(test.mail.text).toContain('Hello readers.');
    expect(rawHeader(test.mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const updated = await postJson(f.app, `${BASE}${id}/`, { subject: 'Draft news, changed', body: 'Again.' }, auth(f.adminToken));
    expect(updated.status).toBe(200);
    expect((await readCampaign(f, id)).progress.queued).toBe(0);
    const actions = await f.database.handle.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['campaign.create', 'campaign.test', 'campaign.update']);
  });

  it(`sends ${RATE} a minute across two drainers, never delays other mail, and skips an address unsubscribed mid-send`, async () => {
    const id = await createCampaign(f, 'Throttled news', 'Slowly.');
    expect((await postJson(f.app, `${BASE}${id}/send/`, {}, auth(f.adminToken))).status).toBe(200);
    // A form's mail queued after the campaign's 30.
    expect((await postJson(f.app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), email: 'volunteer@example.com' })).status).toBe(201);
    const [a, b] = [await outboxFor(f, f.database.handle, { NEWSLETTER_RATE_PER_MINUTE: String(RATE) }), await outboxFor(f, f.second, { NEWSLETTER_RATE_PER_MINUTE: String(RATE) })];
    // Two minutes on: the test mail sent above (a campaign mail too) is out of the window.
    let clock = new Date(Date.now() + 120_000);
    for (const o of [a, b]) o.target.clock = () => clock;
    const campaignArrived = () => f.smtp.received.filter((m) => m.mail.subject === 'Throttled news');
    const before = f.smtp.received.length;

    // The first minute: the volunteer's mail and 10 campaign mails; the rest are held, not failed.
    const first = await drainOutbox(a.target);
    expect(first.delivered).toBe(RATE + 1);
    expect(first.failed).toBe(0);
    await f.smtp.waitFor(before + RATE + 1);
    await settle();
    expect(f.smtp.received.some((m) => m.to.includes('volunteer@example.com'))).toBe(true);
    expect(campaignArrived()).toHaveLength(RATE);
    // The same minute, both drainers at once: nothing more.
    const same = await Promise.all([drainOutbox(a.target), drainOutbox(b.target)]);
    expect(same.reduce((n, r) => n + r.delivered, 0)).toBe(0);
    expect((await readCampaign(f, id)).progress).toMatchObject({ sent: RATE, waiting: 20, failed: 0 });

    // Someone whose mail still waits unsubscribes.
    const waiting = await f.database.handle.db
      .selectFrom('campaign_recipients as r')
      .innerJoin('outbox as o', 'o.id', 'r.outbox_id')
      .select('r.email')
      .where('r.campaign_id', '=', id)
      .where('o.status', '=', 'pending')
      .orderBy('r.email')
      .execute();
    const leaver = waiting[0]!.email;
    expect(await unsubscribeNewsletter(f.database.handle.db, leaver, new Date().toISOString())).toBe(true);

    // Each later minute, both drainers together send at most 10.
    for (let minute = 1; minute <= 3; minute++) {
      clock = new Date(clock.getTime() + 61_000);
      const results = await Promise.all([drainOutbox(a.target), drainOutbox(b.target)]);
      expect(results.reduce((n, r) => n + r.delivered, 0)).toBeLessThanOrEqual(RATE);
      await advanceCampaigns(f.database.handle.db, Object.values(SEAMS.audiences), clock);
    }
    await settle();
    const arrived = campaignArrived();
    expect(arrived).toHaveLength(29);
    expect(arrived.some((m) => m.to.includes(leaver))).toBe(false);
    expect(new Set(arrived.flatMap((m) => m.to)).size).toBe(29);
    const done = await readCampaign(f, id);
    expect(done.progress).toEqual({ recipients: 30, queued: 30, sent: 29, failed: 0, skipped: 1, waiting: 0 });
    expect(done.status).toBe('sent');

    // A data request deletes the person's campaign rows too.
    const someone = arrived[0]!.to[0]!;
    const counts = await deletePersonalData(f.database.handle.db, f.database.handle.dialect, someone);
    expect(counts.campaign_recipients).toBe(1);
    expect(await f.database.handle.db.selectFrom('campaign_recipients').selectAll().where('email', '=', someone).execute()).toHaveLength(0);
  });

  it('NEWSLETTER_RATE_PER_MINUTE: 60 by default; 0, negative and fractions are refused', () => {
    expect(testConfig().newsletterRatePerMinute).toBe(60);
    expect(testConfig({ NEWSLETTER_RATE_PER_MINUTE: '120' }).newsletterRatePerMinute).toBe(120);
    for (const value of ['0', '-5', '1.5', 'lots']) expect(() => testConfig({ NEWSLETTER_RATE_PER_MINUTE: value })).toThrow(/NEWSLETTER_RATE_PER_MINUTE/);
  });
});
