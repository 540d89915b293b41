import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_MESSAGES } from '@/contract/forms/messages';
import type { BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { countPersonalData, deletePersonalData, ERASED, findPersonalData, PERSONAL_DATA_TABLES } from '../personal-data';
import { exportCsv } from '../export/csv';
import { createSigner } from '../kernel/signing';
import { isSubscribed, listUnsubscribeHeaders, newsletterUnsubscribeLinks, unsubscribeToken } from '../newsletter/unsubscribe';
import { buildApp, dbTargets, postJson, TEST_EDITION_KEY, validPayloads, type TestDatabase } from '@/test/support/databases';
import { subscribeConfirmed } from '@/test/support/newsletter';
import { claimPlaces, editionCounter } from '../edition/counter';

type Json = Record<string, unknown>;
const SECRET = 'a-test-secret-of-enough-length';
const SITE = 'https://itan.example';

/**
 * Issue 16 on each database: the contact form's endpoint and export, the newsletter's signed
 * unsubscribe (page action and RFC 8058 one-click; forged tokens refused; the export honours it),
 * and data requests that find, export and delete every record of one email address.
 */
describe.each(dbTargets)('visitor data on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  const signer = createSigner(SECRET);

  beforeAll(async () => {
    database = await target.create();
    app = (await buildApp(database.handle, { env: { TICKET_SECRET: SECRET, SITE_URL: SITE } })).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  const contact = (email: string, extra: Json = {}) => ({
    name: 'Bisi Adebayo',
    email,
    topic: 'visiting',
    message: 'Is there step-free access to the Main Hall, and where can I park?',
    ...extra,
  });

  it('POST /api/forms/contact/ stores the message; bad input gets the forms’ messages; the honeypot stores nothing', async () => {
    const ok = await postJson(app, '/api/forms/contact/', contact('Bisi@Example.com'), { 'Idempotency-Key': 'contact-key-0001' });
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as Json;
    expect(body).toMatchObject({ success: true, message: 'Thank you for your message. We will reply by email.' });
    expect(typeof body.contactId).toBe('string');
    const rows = await database.handle.db.selectFrom('contact_messages').selectAll().where('email', '=', 'bisi@example.com').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Bisi Adebayo', topic: 'visiting' });

    const bad = await postJson(app, '/api/forms/contact/', { name: '', email: 'nope', topic: 'gossip', message: 'short' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as Json).errors).toEqual({
      name: 'This field is required',
      email: 'Please enter a valid email address',
      topic: 'Invalid value',
      message: 'Minimum 20 characters required',
    });
    const noTopic = await postJson(app, '/api/forms/contact/', contact('x@example.com', { topic: '' }));
    expect(((await noTopic.json()) as Json).errors).toEqual({ topic: 'Please choose a topic' });

    const bot = await postJson(app, '/api/forms/contact/', contact('bot@example.com', { website: 'http://spam' }));
    expect(bot.status).toBe(201);
    expect(await database.handle.db.selectFrom('contact_messages').selectAll().where('email', '=', 'bot@example.com').execute()).toEqual([]);

    const csv = parse(await exportCsv(database.handle.db, 'contact'), { columns: true }) as Json[];
    expect(csv.find((r) => r.email === 'bisi@example.com')).toMatchObject({ name: 'Bisi Adebayo', topic: 'visiting' });
  });

  it('the unsubscribe links carry a signed token; one-click POST (RFC 8058) unsubscribes; the export leaves the address out', async () => {
    // Subscribers confirm through their mailed link first (issue 31, double opt-in).
    await subscribeConfirmed(app, database.handle.db, signer, 'Reader@Example.com');
    await subscribeConfirmed(app, database.handle.db, signer, 'stays@example.com');
    const links = newsletterUnsubscribeLinks(signer, SITE, 'READER@example.com');
    expect(links.pageUrl).toBe(`${SITE}/newsletter/unsubscribe?email=reader%40example.com&t=${unsubscribeToken(signer, 'reader@example.com')}`);
    expect(links.oneClickUrl.startsWith(`${SITE}/api/newsletter/unsubscribe?email=reader%40example.com&t=`)).toBe(true);
    expect(links.headers).toEqual({ 'List-Unsubscribe': `<${links.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(listUnsubscribeHeaders('https://x.example/u')['List-Unsubscribe']).toBe('<https://x.example/u>');

    // A GET (a link scanner, a person opening it) changes nothing: it is sent to the confirm page.
    const url = new URL(links.oneClickUrl);
    const get = await app.request(`${url.pathname}${url.search}`);
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(links.pageUrl);
    expect(await isSubscribed(database.handle.db, 'reader@example.com')).toBe(true);

    const click = await app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect(await click.json()).toEqual({ success: true, message: UNSUBSCRIBE_MESSAGES.done });
    expect(await isSubscribed(database.handle.db, 'reader@example.com')).toBe(false);
    const row = await database.handle.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', 'reader@example.com').executeTakeFirstOrThrow();
    expect(row.unsubscribed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const emails = (parse(await exportCsv(database.handle.db, 'newsletter'), { columns: true }) as Json[]).map((r) => r.email);
    expect(emails).toContain('stays@example.com');
    expect(emails).not.toContain('reader@example.com');

    // Again (the page's button after the one-click): the same answer, the first time kept.
    const again = await postJson(app, '/api/newsletter/unsubscribe/', { email: 'reader@example.com', token: unsubscribeToken(signer, 'reader@example.com') });
    expect(again.status).toBe(200);
    const still = await database.handle.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', 'reader@example.com').executeTakeFirstOrThrow();
    expect(still.unsubscribed_at).toBe(row.unsubscribed_at);

    // Subscribing again is a new consent: confirmed again through a new link, not before.
    await postJson(app, '/api/forms/newsletter/', { email: 'reader@example.com' });
    expect(await isSubscribed(database.handle.db, 'reader@example.com')).toBe(false);
    await subscribeConfirmed(app, database.handle.db, signer, 'reader@example.com');
    expect(await isSubscribed(database.handle.db, 'reader@example.com')).toBe(true);
  });

  it('a forged, edited or borrowed token is refused and changes nothing', async () => {
    await subscribeConfirmed(app, database.handle.db, signer, 'victim@example.com');
    const forged = [
      { email: 'victim@example.com', token: 'A'.repeat(22) },
      { email: 'victim@example.com', token: unsubscribeToken(signer, 'someone-else@example.com') },
      { email: 'victim@example.com', token: createSigner('another-secret-entirely').sign('unsubscribe', 'victim@example.com') },
      { email: 'victim@example.com', token: signer.sign('ticket', 'victim@example.com') },
      { email: 'victim@example.com' },
    ];
    for (const body of forged) {
      const response = await postJson(app, '/api/newsletter/unsubscribe/', body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(((await response.json()) as Json).message).toBe(UNSUBSCRIBE_MESSAGES.refused);
    }
    const oneClick = await app.request(`/api/newsletter/unsubscribe/?email=victim%40example.com&t=${'B'.repeat(22)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(oneClick.status).toBe(403);
    expect((await postJson(app, '/api/newsletter/unsubscribe/', { email: 'not an email', token: 'x' })).status).toBe(400);
    expect(await isSubscribed(database.handle.db, 'victim@example.com')).toBe(true);
  });

  it('a data request finds every record of one address, exports it, and deletes it: nothing of it remains', async () => {
    const email = 'Subject.Person@Example.ng';
    const lower = email.toLowerCase();
    const key = (n: number) => ({ 'Idempotency-Key': `data-request-${n}-key` });
    const person = { firstName: 'Subject', lastName: 'Person', email, phone: '+234 803 000 1111' };
    expect((await postJson(app, '/api/forms/newsletter/', { email }, key(1))).status).toBe(201);
    expect((await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(3), ...person }, key(2))).status).toBe(201);
    expect((await postJson(app, '/api/forms/partnerships/', { ...validPayloads.partnership(), ...person }, key(3))).status).toBe(201);
    expect((await postJson(app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), ...person }, key(4))).status).toBe(201);
    const donation = validPayloads.donation();
    expect((await postJson(app, '/api/forms/donations/', { ...donation, donor: { ...donation.donor, ...person } }, key(5))).status).toBe(201);
    expect((await postJson(app, '/api/forms/contact/', contact(email), key(6))).status).toBe(201);
    const db = database.handle.db;
    const now = new Date().toISOString();
    await db
      .insertInto('outbox')
      .values({ id: 'outbox-subject-1', topic: 'mail', kind: 'welcome', recipient: email, payload: '{}', status: 'pending', next_attempt_at: now, lease_owner: null, lease_until: null, last_error: null, created_at: now, sent_at: null })
      .execute();
    // On the waiting list with an open offer that holds two wristbands of the edition.
    const edition = TEST_EDITION_KEY;
    await claimPlaces(db, edition, 2, null);
    await db
      .insertInto('waiting_list')
      .values({ id: 'waiting-subject-1', edition, name: 'Subject Person', email, number_of_tickets: 2, status: 'offered', position: 1, created_at: now, offered_at: now, offer_expires_at: now, registration_id: null })
      .execute();
    await upsertStaffUser(db, { email, name: 'Subject Person', password: 'a-long-staff-password' });
    expect((await postJson(app, '/api/auth/login/', { email, password: 'a-long-staff-password' })).status).toBe(200);
    // Someone else's records stay.
    expect((await postJson(app, '/api/forms/contact/', contact('bystander@example.ng'), key(7))).status).toBe(201);

    const found = await findPersonalData(db, email);
    expect(countPersonalData(found)).toEqual({
      newsletter_subscriptions: 1,
      registrations: 1,
      waiting_list: 1,
      partnerships: 1,
      donations: 1,
      volunteer_applications: 1,
      contact_messages: 1,
      // The hand-made entry, the newsletter's confirmation request and the confirmation each of the other five forms queued (contact's since issue 43).
      outbox: 7,
      staff_users: 1,
      auth_tokens: 1,
      // The stored answers that echo the address: newsletter, registration, partnership, volunteer.
      idempotency_keys: 4,
      // The sign-in, recorded with the person as its actor.
      audit_log: 1,
      // No notes or replies yet (backend/inbox/inbox.test.ts covers them).
      inbox_entries: 0,
      // Not queued for a campaign (backend/test/campaigns.test.ts deletes a recipient's rows).
      campaign_recipients: 0,
    });
    expect(found.registrations[0]).toMatchObject({ email: lower, first_name: 'Subject' });
    expect(JSON.stringify(found)).not.toContain('password_hash');

    const before = await db.selectFrom('counters').select('used').where('name', '=', editionCounter(TEST_EDITION_KEY)).executeTakeFirstOrThrow();
    const deleted = await deletePersonalData(db, database.handle.dialect, email.toUpperCase());
    expect(Object.values(deleted).reduce((a, b) => a + b, 0)).toBe(21);
    expect(countPersonalData(await findPersonalData(db, email))).toEqual(Object.fromEntries(PERSONAL_DATA_TABLES.map((t) => [t, 0])));
    const after = await db.selectFrom('counters').select('used').where('name', '=', editionCounter(TEST_EDITION_KEY)).executeTakeFirstOrThrow();
    // The registration's three wristbands and the offer's two.
    expect(Number(before.used) - Number(after.used)).toBe(5);
    // Nowhere in any table does the address appear any more, in any case.
    for (const table of ['newsletter_subscriptions', 'registrations', 'partnerships', 'donations', 'volunteer_applications', 'contact_messages', 'outbox', 'staff_users', 'idempotency_keys', 'audit_log'] as const) {
      const rows = await db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows).toLowerCase(), table).not.toContain(lower);
    }
    expect((await db.selectFrom('contact_messages').selectAll().where('email', '=', 'bystander@example.ng').execute()).length).toBe(1);
    // The audit log keeps the record that a sign-in happened, with the person erased from it.
    const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.login').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: ERASED, actor_name: ERASED, actor_id: null });
    expect(audit[0]!.summary).not.toContain('Subject Person');
  });
});

describe.each(dbTargets)('page copy served by the built-in backend on $name', (target) => {
  it('GET /api/content/visit|privacy|contact|donation-policy/ answer the contract/fallbacks copy', async () => {
    const database = await target.create();
    try {
      const { app } = await buildApp(database.handle);
      const fallbacks = await import('@/contract/fallbacks');
      const expected = {
        visit: fallbacks.visitFallback,
        privacy: fallbacks.privacyFallback,
        contact: fallbacks.contactInfoFallback,
        'donation-policy': fallbacks.donationPolicyFallback,
      };
      for (const [key, value] of Object.entries(expected)) {
        const response = await app.request(`/api/content/${key}/`);
        expect(response.status, key).toBe(200);
        expect(await response.json()).toEqual(JSON.parse(JSON.stringify(value)));
      }
    } finally {
      await database.drop();
    }
  });
});

describe('npm run data-request (the CLI, on a SQLite DATA_DIR)', () => {
  it('find, export and delete --confirm: every record goes, nothing remains', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { connectDb } = await import('../db/connect');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-data-request-'));
    try {
      const handle = connectDb({ sqlitePath: path.join(dir, 'festival.sqlite') });
      const { app } = await buildApp(handle);
      await postJson(app, '/api/forms/newsletter/', { email: 'cli.person@example.ng' });
      await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(1), email: 'CLI.Person@example.ng' });
      await handle.close();
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'backend/cli/data-request.ts', ...args], {
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        });
      const found = JSON.parse((await run('find', 'cli.person@example.ng')).stdout) as { records: Record<string, number> };
      expect(found.records).toMatchObject({ newsletter_subscriptions: 1, registrations: 1 });
      const exported = JSON.parse((await run('export', 'cli.person@example.ng')).stdout) as { records: { registrations: Array<Record<string, unknown>> } };
      expect(exported.records.registrations[0]).toMatchObject({ email: 'cli.person@example.ng', first_name: 'Ada' });
      await expect(run('delete', 'cli.person@example.ng')).rejects.toMatchObject({ code: 2 });
      const deleted = JSON.parse((await run('delete', 'cli.person@example.ng', '--confirm')).stdout) as {
        deleted: Record<string, number>;
        remaining: Record<string, number>;
      };
      expect(deleted.deleted).toMatchObject({ newsletter_subscriptions: 1, registrations: 1 });
      expect(Object.values(deleted.remaining).every((n) => n === 0)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
