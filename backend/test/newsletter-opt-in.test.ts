import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRM_MESSAGES, NEWSLETTER_MESSAGES } from '@/contract/forms/messages';
import { buildApp, dbTargets, postJson, testConfig, TEST_EDITION_ENV, TEST_EDITION_KEY, type TestDatabase } from '@/test/support/databases';
import { startTestSmtp, type TestSmtp } from '@/test/support/smtp';
import { silentLogger } from '@/backend/kernel/log';
import type { BackendApp } from '../app';
import { parseBackendConfig } from '../kernel/config';
import { migrateToLatest } from '../db/migrate';
import { migrations, staticMigrationProvider } from '../db/migrations';
import { exportCsv } from '../export/csv';
import { newId } from '../kernel/ids';
import { createSigner } from '../kernel/signing';
import { mailOutbox, type MailOutbox } from '../mail-kinds';
import { newsletterConfirmMail } from '../newsletter/confirm-mail';
import { newsletterWelcomeMail } from '../newsletter/welcome-mail';
import {
  CONFIRMATION_MAILS_PER_SIGN_UP,
  CONFIRMATION_RESEND_AFTER_MS,
  confirmToken,
  forgetUnconfirmedSignUps,
  UNCONFIRMED_KEPT_DAYS,
} from '../newsletter/confirm';
import { isSubscribed, unsubscribeToken } from '../newsletter/unsubscribe';
import { drainOutbox } from '../outbox/drain';
import { enqueue } from '../outbox/queue';
import { startBackend } from '../start';

type Json = Record<string, unknown>;
const SECRET = 'an-opt-in-test-secret-of-length';
const SITE = 'https://itan.example';
const DAY = 24 * 60 * 60_000;

/**
 * Issue 31, double opt-in, on SQLite and PostgreSQL with a real SMTP server on loopback: a sign-up
 * is stored unconfirmed and mailed one confirmation link; only the link's POST confirms (recording
 * the consent time once); forged links change nothing; asking again is bounded; a new sign-up after
 * an unsubscribe needs a new confirmation; unconfirmed sign-ups are forgotten after 30 days; staff
 * see confirmed subscribers only; addresses subscribed before the change count as confirmed.
 */
describe.each(dbTargets)('newsletter double opt-in on $name', (target) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let app: BackendApp;
  let outbox: MailOutbox;
  const signer = createSigner(SECRET);
  const env = () => ({ SMTP_URL: smtp.url, SITE_URL: SITE, TICKET_SECRET: SECRET, MAIL_RETRY_BASE_MS: '1' });

  beforeAll(async () => {
    database = await target.create();
    smtp = await startTestSmtp();
    ({ app } = await buildApp(database.handle, { env: env() }));
    outbox = mailOutbox({ db: database.handle.db, dialect: database.handle.dialect, signer, config: testConfig(env()), log: silentLogger });
  });
  afterAll(async () => {
    outbox?.transport.close();
    await smtp?.close();
    await database?.drop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  const db = () => database.handle.db;
  const row = (email: string) => db().selectFrom('newsletter_subscriptions').selectAll().where('email', '=', email).executeTakeFirst();
  const signUp = async (email: string) => {
    const res = await postJson(app, '/api/forms/newsletter/', { email });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Json).message).toBe(NEWSLETTER_MESSAGES.success);
  };
  const confirmPost = (body: Json) => postJson(app, '/api/newsletter/confirm/', body);
  const confirmations = async (email: string) =>
    db().selectFrom('outbox').selectAll().where('recipient', '=', email).where('kind', '=', 'newsletterConfirm').orderBy('created_at').execute();
  const drain = () => drainOutbox(outbox.target);
  const linkIn = (text: string) => {
    const found = /https:\/\/itan\.example\/newsletter\/confirm\?\S+/.exec(text)?.[0];
    expect(found, text).toBeDefined();
    return new URL(found!);
  };

  it('a sign-up is stored unconfirmed and gets one confirmation mail whose link confirms, once; then the welcome', async () => {
    const email = 'new.reader@example.com';
    await signUp('New.Reader@Example.com');
    const stored = await row(email);
    expect(stored).toMatchObject({ email, confirmed_at: null, unsubscribed_at: null });
    expect(await isSubscribed(db(), email)).toBe(false);

    expect(await drain()).toMatchObject({ delivered: 1, failed: 0 });
    await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    const { mail, to, raw } = smtp.received[0]!;
    expect(to).toEqual([email]);
    expect(mail.subject).toBe('Please confirm your subscription to the Ìtàn Book & Arts Festival newsletter');
    const text = mail.text ?? '';
    // A plain-text part that says what was asked for and that ignoring it is safe.
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(text).toContain('about once a month');
    expect(text).toContain('ignore this email: nothing happens');
    expect(text).toContain(`within ${UNCONFIRMED_KEPT_DAYS} days`);
    // Not a newsletter: no unsubscribe headers.
    const headerPart = (source: string) => source.slice(0, source.search(/\r?\n\r?\n/));
    expect(headerPart(raw)).not.toMatch(/^List-Unsubscribe/im);
    const link = linkIn(text);
    expect(link.pathname).toBe('/newsletter/confirm');
    expect(link.searchParams.get('email')).toBe(email);
    expect(mail.html).toContain(link.searchParams.get('t'));

    // The API has no GET here: a scanner that follows a link confirms nothing.
    const get = await app.request(`/api/newsletter/confirm${link.search}`);
    expect(get.status).not.toBe(200);
    expect((await row(email))?.confirmed_at).toBeNull();

    const before = Date.now();
    const ok = await confirmPost({ email: link.searchParams.get('email'), t: link.searchParams.get('t') });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Json;
    expect(body).toMatchObject({ success: true, message: NEWSLETTER_CONFIRM_MESSAGES.done });
    const confirmed = await row(email);
    expect(confirmed?.confirmed_at).toBe(body.confirmedAt);
    expect(Date.parse(confirmed!.confirmed_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await isSubscribed(db(), email)).toBe(true);

    // Again (a second click, another device): the same answer, the first consent time kept, no second welcome.
    const again = await confirmPost({ email, token: link.searchParams.get('t') });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Json).confirmedAt).toBe(confirmed!.confirmed_at);
    expect((await row(email))?.confirmed_at).toBe(confirmed!.confirmed_at);

    expect(await drain()).toMatchObject({ delivered: 1 });
    await smtp.waitFor(2);
    expect(smtp.received.map((m) => m.mail.subject)).toEqual([mail.subject, 'Welcome to the Ìtàn Book & Arts Festival newsletter']);
    expect(headerPart(smtp.received[1]!.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);

    // Asking again while confirmed sends nothing.
    await signUp(email);
    expect(await confirmations(email)).toHaveLength(1);
    expect(await drain()).toMatchObject({ delivered: 0 });
  });

  it('an unconfirmed address is not subscribed: a newsletter mail queued for it is not sent', async () => {
    const email = 'waiting@example.com';
    await signUp(email);
    expect(await drain()).toMatchObject({ delivered: 1 });
    await smtp.waitFor(1);
    smtp.received.length = 0;
    await enqueue(db(), newsletterWelcomeMail.entry(email, {}));
    expect(await drain()).toMatchObject({ delivered: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    expect(await isSubscribed(db(), email)).toBe(false);
    const csv = parse(await exportCsv(db(), 'newsletter'), { columns: true }) as Json[];
    expect(csv.map((r) => r.email)).not.toContain(email);
  });

  it('a forged or edited confirm token is refused (403) and changes nothing', async () => {
    const email = 'victim@example.com';
    await signUp(email);
    const signedUpAt = (await row(email))!.created_at;
    const good = confirmToken(signer, email, signedUpAt);
    const edited = `${good.slice(0, 10)}${good[10] === 'A' ? 'B' : 'A'}${good.slice(11)}`;
    await signUp('other@example.com');
    const forged: Json[] = [
      { email, token: 'A'.repeat(22) },
      { email, token: edited },
      // Another address's valid token with this address (an edited email in the link).
      { email, token: confirmToken(signer, 'other@example.com', (await row('other@example.com'))!.created_at) },
      { email: 'other@example.com', token: good },
      // The unsubscribe token of the same address, a ticket token, another purpose: never a confirmation.
      { email, token: unsubscribeToken(signer, email) },
      { email, token: signer.sign('ticket', email) },
      { email, token: signer.sign('unsubscribe', `${email}\n${signedUpAt}`) },
      // Signed for another sign-up time, or by another secret.
      { email, token: confirmToken(signer, email, new Date(Date.parse(signedUpAt) - 1000).toISOString()) },
      { email, token: confirmToken(createSigner('another-secret-entirely-here'), email, signedUpAt) },
      { email },
      { email: 'nobody@example.com', token: confirmToken(signer, 'nobody@example.com', signedUpAt) },
    ];
    const snapshot = await db().selectFrom('newsletter_subscriptions').selectAll().orderBy('id').execute();
    for (const body of forged) {
      const res = await confirmPost(body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: NEWSLETTER_CONFIRM_MESSAGES.refused, errors: {} });
    }
    expect((await confirmPost({ email: 'not an email', token: good })).status).toBe(400);
    expect((await postJson(app, '/api/newsletter/confirm/', '{not json')).status).toBe(400);
    expect(await db().selectFrom('newsletter_subscriptions').selectAll().orderBy('id').execute()).toEqual(snapshot);
    expect(await isSubscribed(db(), email)).toBe(false);
    // The good one still works afterwards, through a form post as the page's button sends it.
    const form = await app.request('/api/newsletter/confirm/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, t: good }).toString(),
    });
    expect(form.status).toBe(200);
    expect(await isSubscribed(db(), email)).toBe(true);
  });

  it('asking again while unconfirmed re-sends the confirmation, bounded: none while one waits, 10 minutes apart, 3 per sign-up', async () => {
    const email = 'script.target@example.com';
    // A script posting the address 20 times at once and in a row: one mail.
    await Promise.all(Array.from({ length: 10 }, () => signUp(email)));
    for (let i = 0; i < 10; i++) await signUp(email);
    expect(await confirmations(email)).toHaveLength(1);
    // As if the sign-up were a day old (its mails since are counted from it).
    await db().updateTable('newsletter_subscriptions').set({ created_at: new Date(Date.now() - DAY).toISOString() }).where('email', '=', email).execute();
    expect((await drain()).delivered).toBeGreaterThanOrEqual(1);
    // Sent, but less than 10 minutes ago: still nothing.
    await signUp(email);
    expect(await confirmations(email)).toHaveLength(1);
    const rewind = async () => {
      const earlier = new Date(Date.now() - CONFIRMATION_RESEND_AFTER_MS - 1000).toISOString();
      await db().updateTable('outbox').set({ created_at: earlier }).where('recipient', '=', email).where('kind', '=', 'newsletterConfirm').execute();
    };
    for (let sent = 1; sent < CONFIRMATION_MAILS_PER_SIGN_UP; sent++) {
      await rewind();
      // Not while the last one waits in the outbox.
      await signUp(email);
      await signUp(email);
      expect(await confirmations(email)).toHaveLength(sent + 1);
      await drain();
    }
    await rewind();
    for (let i = 0; i < 5; i++) await signUp(email);
    expect(await confirmations(email)).toHaveLength(CONFIRMATION_MAILS_PER_SIGN_UP);
    const waiting = await db().selectFrom('outbox').select('id').where('recipient', '=', email).where('status', '=', 'pending').execute();
    expect(waiting).toEqual([]);
    // Each mail carries a working link for this one sign-up.
    const links = smtp.received.filter((m) => m.to.includes(email)).map((m) => linkIn(m.mail.text ?? ''));
    expect(links).toHaveLength(CONFIRMATION_MAILS_PER_SIGN_UP);
    expect(new Set(links.map((l) => l.toString())).size).toBe(1);
    expect((await confirmPost({ email, t: links[0]!.searchParams.get('t') })).status).toBe(200);
  });

  it('after an unsubscribe, subscribing again needs a new confirmation: the old link and consent time are not reused', async () => {
    const email = 'comes.back@example.com';
    await signUp(email);
    const first = await row(email);
    const oldToken = confirmToken(signer, email, first!.created_at);
    expect((await confirmPost({ email, token: oldToken })).status).toBe(200);
    const firstConsent = (await row(email))!.confirmed_at!;
    expect((await postJson(app, '/api/newsletter/unsubscribe/', { email, token: unsubscribeToken(signer, email) })).status).toBe(200);
    expect(await isSubscribed(db(), email)).toBe(false);
    // The old confirmation link does not subscribe an address that left.
    const stale = await confirmPost({ email, token: oldToken });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as Json).message).toBe(NEWSLETTER_CONFIRM_MESSAGES.unsubscribed);
    expect(await isSubscribed(db(), email)).toBe(false);

    await new Promise((r) => setTimeout(r, 5));
    const mailsBefore = (await confirmations(email)).length;
    await signUp(email);
    const renewed = await row(email);
    expect(renewed?.confirmed_at).toBeNull();
    expect(renewed!.created_at > first!.created_at).toBe(true);
    expect(await isSubscribed(db(), email)).toBe(false);
    expect(await confirmations(email)).toHaveLength(mailsBefore + 1);
    // The old link is not this sign-up's.
    expect((await confirmPost({ email, token: oldToken })).status).toBe(403);
    expect(await isSubscribed(db(), email)).toBe(false);

    await drain();
    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
    const link = linkIn(mail?.mail.text ?? '');
    expect(link.searchParams.get('t')).not.toBe(oldToken);
    const res = await confirmPost({ email, t: link.searchParams.get('t') });
    expect(res.status).toBe(200);
    const now = await row(email);
    expect(now?.unsubscribed_at).toBeNull();
    expect(now!.confirmed_at! > firstConsent).toBe(true);
    expect(await isSubscribed(db(), email)).toBe(true);
  });

  it('housekeeping forgets sign-ups unconfirmed for more than 30 days (row and confirmation mails); younger and confirmed ones stay', async () => {
    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY).toISOString();
    const add = (email: string, created: string, confirmed: string | null, unsubscribed: string | null = null) =>
      db().insertInto('newsletter_subscriptions').values({ id: newId(), email, created_at: created, confirmed_at: confirmed, unsubscribed_at: unsubscribed }).execute();
    await add('stale@example.com', at(UNCONFIRMED_KEPT_DAYS + 1), null);
    await add('fresh@example.com', at(UNCONFIRMED_KEPT_DAYS - 1), null);
    await add('loyal@example.com', at(400), at(399));
    await add('left@example.com', at(400), at(399), at(10));
    await enqueue(db(), newsletterConfirmMail.entry('stale@example.com', {}), new Date(at(UNCONFIRMED_KEPT_DAYS + 1)));
    await enqueue(db(), newsletterConfirmMail.entry('fresh@example.com', {}), new Date(at(UNCONFIRMED_KEPT_DAYS - 1)));
    expect(await forgetUnconfirmedSignUps(db(), new Date(now))).toBeGreaterThanOrEqual(1);
    expect(await row('stale@example.com')).toBeUndefined();
    expect(await confirmations('stale@example.com')).toEqual([]);
    for (const email of ['fresh@example.com', 'loyal@example.com', 'left@example.com']) expect(await row(email), email).toBeDefined();
    expect(await confirmations('fresh@example.com')).toHaveLength(1);
    // Nothing more to forget now.
    expect(await forgetUnconfirmedSignUps(db(), new Date(now))).toBe(0);
  });

  it('the drain’s housekeeping runs it (a backend of its own on the same database)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-opt-in-'));
    const backendEnv = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {};
    // On SQLite the backend opens the same file: DATA_DIR is its folder.
    const dir = database.file ? path.dirname(database.file) : dataDir;
    const backend = await startBackend(parseBackendConfig({ DATA_DIR: dir, RATE_LIMIT_MAX: '0', TICKET_SECRET: SECRET, ...TEST_EDITION_ENV, ...backendEnv }), { log: silentLogger });
    try {
      await db()
        .insertInto('newsletter_subscriptions')
        .values([
          { id: newId(), email: 'old.unconfirmed@example.com', created_at: new Date(Date.now() - (UNCONFIRMED_KEPT_DAYS + 2) * DAY).toISOString(), confirmed_at: null },
          { id: newId(), email: 'new.unconfirmed@example.com', created_at: new Date(Date.now() - DAY).toISOString(), confirmed_at: null },
        ])
        .execute();
      expect((await backend.drainMail(2_000)).newsletterForgotten).toBe(1);
      expect(await row('old.unconfirmed@example.com')).toBeUndefined();
      expect(await row('new.unconfirmed@example.com')).toBeDefined();
      // At most once an hour per instance: the next pass does not run it again.
      await db().insertInto('newsletter_subscriptions').values({ id: newId(), email: 'later@example.com', created_at: new Date(Date.now() - 40 * DAY).toISOString(), confirmed_at: null }).execute();
      expect((await backend.drainMail(2_000)).newsletterForgotten).toBe(0);
      expect(await row('later@example.com')).toBeDefined();
    } finally {
      await backend.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('staff see confirmed subscribers: the CSV has only confirmed, not unsubscribed addresses with their confirmation time; the dashboard counts them', async () => {
    const csv = parse(await exportCsv(db(), 'newsletter'), { columns: true }) as Json[];
    expect(Object.keys(csv[0]!)).toEqual(['id', 'email', 'created_at', 'confirmed_at']);
    const rows = await db().selectFrom('newsletter_subscriptions').selectAll().execute();
    const expected = rows.filter((r) => r.confirmed_at !== null && r.unsubscribed_at === null);
    expect(csv.map((r) => r.email).sort()).toEqual(expected.map((r) => r.email).sort());
    for (const line of csv) expect(line.confirmed_at).toBe(expected.find((r) => r.email === line.email)!.confirmed_at);
    expect(csv.map((r) => r.email)).not.toContain('left@example.com');
    expect(csv.map((r) => r.email)).not.toContain('fresh@example.com');

    const { dashboardFigures } = await import('../admin/queries');
    const { SEAMS } = await import('../seams');
    const figures = await dashboardFigures(db(), SEAMS.dashboard, { key: TEST_EDITION_KEY, startDate: TEST_EDITION_ENV.FESTIVAL_START_DATE, capacity: null });
    expect(figures.newsletter).toBe(expected.length);
    expect(figures.newsletterUnconfirmed).toBe(rows.filter((r) => r.confirmed_at === null).length);
    expect(figures.newsletterUnconfirmed).toBeGreaterThan(0);
  });
});

describe.each(dbTargets)('the opt-in migration on $name', (target) => {
  it('addresses subscribed before it count as confirmed (at the time they subscribed); an unsubscribe stays', async () => {
    const database = await target.create();
    try {
      const names = Object.keys(migrations).sort();
      const mine = names.indexOf('2026-11-30-2-newsletter-opt-in');
      expect(mine).toBeGreaterThan(0);
      const migrator = new Migrator({ db: database.handle.db, provider: staticMigrationProvider });
      expect((await migrator.migrateTo(names[mine - 1]!)).error).toBeUndefined();
      // Written as the code before this change wrote them: no confirmed_at column yet.
      const db = database.handle.db as unknown as Kysely<{ newsletter_subscriptions: { id: string; email: string; created_at: string; unsubscribed_at: string | null } }>;
      await db
        .insertInto('newsletter_subscriptions')
        .values([
          { id: 'before-1', email: 'early@example.com', created_at: '2025-03-01T09:00:00.000Z', unsubscribed_at: null },
          { id: 'before-2', email: 'gone@example.com', created_at: '2025-02-01T09:00:00.000Z', unsubscribed_at: '2025-04-01T09:00:00.000Z' },
        ])
        .execute();
      await migrateToLatest(database.handle.db);
      const rows = await database.handle.db.selectFrom('newsletter_subscriptions').select(['email', 'created_at', 'confirmed_at', 'unsubscribed_at']).orderBy('email').execute();
      expect(rows).toEqual([
        { email: 'early@example.com', created_at: '2025-03-01T09:00:00.000Z', confirmed_at: '2025-03-01T09:00:00.000Z', unsubscribed_at: null },
        { email: 'gone@example.com', created_at: '2025-02-01T09:00:00.000Z', confirmed_at: '2025-02-01T09:00:00.000Z', unsubscribed_at: '2025-04-01T09:00:00.000Z' },
      ]);
      expect(await isSubscribed(database.handle.db, 'early@example.com')).toBe(true);
      expect(await isSubscribed(database.handle.db, 'gone@example.com')).toBe(false);
      // Not forgotten by housekeeping: they are confirmed.
      expect(await forgetUnconfirmedSignUps(database.handle.db, new Date())).toBe(0);
    } finally {
      await database.drop();
    }
  });
});
