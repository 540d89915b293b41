import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsFallback, heroFallback, highlightsFallback, podcastsFallback, programsFallback } from '@/contract/fallbacks';
import { VOLUNTEER_ROLE_IDS } from '@/contract/festival';
import { MESSAGES } from '@/contract/forms/messages';
import { upsertStaffUser } from '../auth/queries';
import { migrateAllDown, migrateToLatest } from '../db/migrate';
import { seedContent } from '../db/seed';
import { TICKET_REFERENCE_PATTERN } from '../kernel/ids';
import { createRateLimiter } from '../kernel/rate-limit';
import { createApp } from '../app';
import { createSandboxGateway } from '../payments';
import {
  buildApp,
  countRows,
  FORM_TABLES,
  dbTargets,
  postJson,
  testConfig,
  validPayloads,
  type TestApp,
  type TestDatabase,
} from '@/test/support/databases';
import { silentLogger } from '@/backend/kernel/log';

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;

describe.each(dbTargets)('backend routes on $name', (target) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await target.create();
    t = await buildApp(database.handle, { env: { ALLOW_STAFF_SIGNUP: 'false', SITE_URL: 'https://festival.test/' } });
  });
  afterAll(async () => {
    await database?.drop();
  });

  describe('content', () => {
    it('serves the seeded hero, events, programmes and podcasts in the contract shapes', async () => {
      expect(await json(await t.app.request('/api/content/hero/'))).toEqual(heroFallback);
      expect(await json(await t.app.request('/api/content/events/'))).toEqual(eventsFallback);
      const programs = (await (await t.app.request('/api/content/programs/')).json()) as unknown[];
      // From the seeded sessions of the current edition (issue 40 part 3): each row's id is its slug.
      expect(programs).toEqual(programsFallback.map((p) => ({ ...p, id: p.slug })));
      const podcasts = (await (await t.app.request('/api/content/podcasts/')).json()) as unknown[];
      expect(podcasts).toEqual(podcastsFallback);
    });

    it('seeding again changes nothing (idempotent)', async () => {
      await seedContent(database.handle.db);
      const page = await json(await t.app.request('/api/content/highlights/?limit=100'));
      expect(page.count).toBe(highlightsFallback.length);
    });

    it('lists highlights newest first with pagination links', async () => {
      // The links are built on SITE_URL: whatever Host (or X-Forwarded-Host) a client sends is not echoed.
      const hostile = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'gopher' };
      const res = await t.app.request('http://evil.example/api/content/highlights/?limit=2', { headers: hostile });
      expect(res.status).toBe(200);
      const page = await json(res);
      const results = page.results as { date: string; slug: string }[];
      expect(results).toHaveLength(2);
      expect(page.count).toBe(highlightsFallback.length);
      expect(results[0]!.date >= results[1]!.date).toBe(true);
      expect(page.previous).toBeNull();
      expect(t.config.siteUrl).toBe('https://festival.test');
      expect(page.next).toBe('https://festival.test/api/content/highlights/?limit=2&page=2');
      const second = await json(await t.app.request('http://evil.example/api/content/highlights/?limit=2&page=2', { headers: hostile }));
      expect((second.results as unknown[]).length).toBe(highlightsFallback.length - 2);
      expect(second.next).toBeNull();
      expect(second.previous).toBe('https://festival.test/api/content/highlights/?limit=2&page=1');
      expect(JSON.stringify([page, second])).not.toContain('evil.example');
    });

    it('filters by category name or slug, case-insensitively', async () => {
      for (const category of ['Event Report', 'event-report', 'EVENT REPORT']) {
        const page = await json(await t.app.request(`/api/content/highlights/?category=${encodeURIComponent(category)}`));
        expect(page.count).toBe(highlightsFallback.filter((h) => h.category === 'Event Report').length);
      }
      const none = await json(await t.app.request('/api/content/highlights/?category=partnership'));
      expect(none).toMatchObject({ results: [], count: 0, next: null, previous: null });
      const all = await json(await t.app.request('/api/content/highlights/?category=all'));
      expect(all.count).toBe(highlightsFallback.length);
    });

    it('rejects a malformed limit with 400, not 500', async () => {
      const res = await t.app.request('/api/content/highlights/?limit=abc');
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ success: false, errors: { limit: expect.any(String) } });
      expect((await t.app.request('/api/content/highlights/featured/?limit=0')).status).toBe(400);
    });

    it('serves featured highlights (default 3, limit honoured)', async () => {
      const featured = (await (await t.app.request('/api/content/highlights/featured/')).json()) as { slug: string }[];
      expect(featured).toHaveLength(3);
      const one = (await (await t.app.request('/api/content/highlights/featured/?limit=1')).json()) as { slug: string }[];
      expect(one.map((h) => h.slug)).toEqual([featured[0]!.slug]);
    });

    it('serves one highlight by slug, and a 404 JSON for a missing one', async () => {
      const first = highlightsFallback[0]!;
      expect(await json(await t.app.request(`/api/content/highlights/${first.slug}/`))).toEqual(first);
      const res = await t.app.request('/api/content/highlights/no-such-report/');
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({ success: false, message: 'Highlight not found', errors: {} });
      // PostgreSQL refuses NUL in a query: a slug holding one is simply not found.
      const nul = await t.app.request('/api/content/highlights/%00/');
      expect(nul.status).toBe(404);
      expect(await json(nul)).toEqual({ success: false, message: 'Highlight not found', errors: {} });
    });
  });

  describe('forms', () => {
    it('newsletter: subscribes once per normalised email', async () => {
      const before = await countRows(database.handle, 'newsletter_subscriptions');
      const first = await postJson(t.app, '/api/forms/newsletter/', { email: 'Fan@Example.com ' });
      expect(first.status).toBe(201);
      const body = await json(first);
      expect(body).toMatchObject({ success: true, message: 'Successfully subscribed! Thank you.', data: { email: 'fan@example.com' } });
      const again = await postJson(t.app, '/api/forms/newsletter/', { email: 'fan@example.com' });
      expect(again.status).toBe(201);
      expect(await json(again)).toEqual(body);
      expect(await countRows(database.handle, 'newsletter_subscriptions')).toBe(before + 1);
    });

    it('newsletter: the answer does not tell whether an address was already subscribed', async () => {
      await postJson(t.app, '/api/forms/newsletter/', { email: 'known@example.com' });
      await new Promise((r) => setTimeout(r, 5)); // a later created_at, were it shown
      const known = await postJson(t.app, '/api/forms/newsletter/', { email: 'known@example.com' });
      const fresh = await postJson(t.app, '/api/forms/newsletter/', { email: 'fresh@example.com' });
      expect(known.status).toBe(fresh.status);
      const [k, f] = [await json(known), await json(fresh)];
      const shape = (b: Json) => ({ ...b, subscriptionId: typeof b.subscriptionId, data: { ...(b.data as Json), id: typeof (b.data as Json).id, email: '' } });
      expect(shape(k)).toEqual(shape(f));
    });

    it('newsletter: invalid email is 422 with the shared message', async () => {
      const res = await postJson(t.app, '/api/forms/newsletter/', { email: 'nope' });
      expect(res.status).toBe(422);
      expect(await json(res)).toMatchObject({ success: false, errors: { email: MESSAGES.email } });
    });

    it('registrations: stores the registration and returns a ticket reference', async () => {
      const res = await postJson(t.app, '/api/forms/registrations/', validPayloads.registration(3));
      expect(res.status).toBe(201);
      const body = await json(res);
      expect(body.success).toBe(true);
      expect(body.ticketReference).toMatch(TICKET_REFERENCE_PATTERN);
      expect((body.data as Json).ticketReference).toBe(body.ticketReference);
      const row = await database.handle.db
        .selectFrom('registrations')
        .selectAll()
        .where('id', '=', body.registrationId as string)
        .executeTakeFirstOrThrow();
      expect(Number(row.number_of_tickets)).toBe(3);
      expect(row.ticket_reference).toBe(body.ticketReference);
    });

    it('registrations: out-of-range tickets and missing fields are 422 per field', async () => {
      const res = await postJson(t.app, '/api/forms/registrations/', { ...validPayloads.registration(11), firstName: ' ', phone: 'abc' });
      expect(res.status).toBe(422);
      expect((await json(res)).errors).toEqual({
        firstName: MESSAGES.required,
        phone: MESSAGES.phone,
        numberOfTickets: MESSAGES.ticketsRange,
      });
    });

    it('partnerships: organisation optional; short proposals rejected', async () => {
      const { organization: _o, ...rest } = validPayloads.partnership();
      void _o;
      const ok = await postJson(t.app, '/api/forms/partnerships/', rest);
      expect(ok.status).toBe(201);
      expect(await json(ok)).toMatchObject({ success: true, partnershipId: expect.any(String), data: { organization: null } });
      const short = await postJson(t.app, '/api/forms/partnerships/', { ...rest, proposal: 'Too short' });
      expect(short.status).toBe(422);
      expect((await json(short)).errors).toEqual({ proposal: MESSAGES.proposalMinimum });
    });

    it('control characters in text are 422 Invalid value on every form, never a failed insert', async () => {
      const cases = [
        ['partnerships', validPayloads.partnership(), 'firstName'],
        ['registrations', validPayloads.registration(), 'lastName'],
        ['volunteer', validPayloads.volunteer(), 'email'],
        ['newsletter', validPayloads.newsletter(), 'email'],
      ] as const;
      for (const [path, valid, field] of cases) {
        const before = await countRows(database.handle, FORM_TABLES[path]);
        const res = await postJson(t.app, `/api/forms/${path}/`, { ...valid, [field]: 'Ada\u0000' });
        expect(res.status, path).toBe(422);
        expect((await json(res)).errors, path).toEqual({ [field]: MESSAGES.invalid });
        expect(await countRows(database.handle, FORM_TABLES[path]), path).toBe(before);
      }
      // Newlines in a long answer are what people type: still accepted.
      const multiline = await postJson(t.app, '/api/forms/partnerships/', {
        ...validPayloads.partnership(),
        proposal: 'We would like to sponsor the young readers tent.\r\nAnd donate two hundred books\tto the library.',
      });
      expect(multiline.status).toBe(201);
    });

    it('names: bidi overrides, invisible-only names and lone surrogates are 422 with the field message; names are stored in NFC', async () => {
      const before = await countRows(database.handle, 'registrations');
      const cases = [
        [{ firstName: '\u202EAda' }, { firstName: MESSAGES.invalid }],
        [{ lastName: '\u200B\u200D' }, { lastName: MESSAGES.required }],
        [{ firstName: 'Ad\uD800a' }, { firstName: MESSAGES.invalid }],
      ] as const;
      for (const [change, errors] of cases) {
        const res = await postJson(t.app, '/api/forms/registrations/', { ...validPayloads.registration(1), ...change });
        expect(res.status, JSON.stringify(change)).toBe(422);
        expect((await json(res)).errors, JSON.stringify(change)).toEqual(errors);
      }
      // A lone surrogate escaped in the JSON text itself.
      const raw = JSON.stringify({ ...validPayloads.partnership(), firstName: 'X' }).replace('"X"', '"\\udc00"');
      const escaped = await postJson(t.app, '/api/forms/partnerships/', raw);
      expect(escaped.status).toBe(422);
      expect((await json(escaped)).errors).toEqual({ firstName: MESSAGES.invalid });
      expect(await countRows(database.handle, 'registrations')).toBe(before);
      const ok = await postJson(t.app, '/api/forms/registrations/', { ...validPayloads.registration(1), email: 'adebayo@example.com', firstName: 'Ade\u0301bayo\u0323' });
      expect(ok.status).toBe(201);
      const row = await database.handle.db.selectFrom('registrations').select('first_name').where('id', '=', (await json(ok)).registrationId as string).executeTakeFirstOrThrow();
      expect(row.first_name).toBe('Ad\u00E9bay\u1ECD');
    });

    it('volunteer: stores roles; unknown roles and no roles are rejected', async () => {
      const ok = await postJson(t.app, '/api/forms/volunteer/', validPayloads.volunteer());
      expect(ok.status).toBe(201);
      expect(await json(ok)).toMatchObject({ success: true, volunteerId: expect.any(String), data: { roles: [VOLUNTEER_ROLE_IDS[0], VOLUNTEER_ROLE_IDS[2]] } });
      const bad = await postJson(t.app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), roles: ['astronaut'] });
      expect(bad.status).toBe(422);
      expect((await json(bad)).errors).toEqual({ roles: MESSAGES.invalid });
      const none = await postJson(t.app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), roles: [] });
      expect((await json(none)).errors).toEqual({ roles: MESSAGES.roleRequired });
    });

    it('donations: charges the sandbox card and stores kobo, last four and brand only', async () => {
      const res = await postJson(t.app, '/api/forms/donations/', validPayloads.donation({}, '₦5,000.50'));
      expect(res.status).toBe(201);
      const body = await json(res);
      expect(body).toMatchObject({ success: true, data: { amountKobo: 500050, card: { last4: '4081', brand: 'visa' } } });
      const row = await database.handle.db
        .selectFrom('donations')
        .selectAll()
        .where('id', '=', body.donationId as string)
        .executeTakeFirstOrThrow();
      expect(Number(row.amount_kobo)).toBe(500050);
      expect(row).toMatchObject({ currency: 'NGN', card_last4: '4081', card_brand: 'visa', gateway: 'sandbox', status: 'succeeded' });
    });

    it('donations: the declined test card is 402 with the bank message; nothing stored', async () => {
      const before = await countRows(database.handle, 'donations');
      const res = await postJson(t.app, '/api/forms/donations/', validPayloads.donation({ number: '4084 0800 0000 5408' }));
      expect(res.status).toBe(402);
      expect(await json(res)).toMatchObject({ success: false, message: 'Your card was declined by the bank. Please use another card.' });
      const other = await postJson(t.app, '/api/forms/donations/', validPayloads.donation({ number: '4242 4242 4242 4242' }));
      expect(other.status).toBe(402);
      expect(await countRows(database.handle, 'donations')).toBe(before);
    });

    it('donations: field errors use payload paths and the shared messages', async () => {
      const res = await postJson(t.app, '/api/forms/donations/', {
        ...validPayloads.donation({ number: '4084 0840 8408 4082', expiry: '01/20', cvc: '12' }, 50),
        currency: 'USD',
      });
      expect(res.status).toBe(422);
      expect((await json(res)).errors).toEqual({
        amount: MESSAGES.donationMinimum,
        currency: MESSAGES.currencyInvalid,
        'card.number': MESSAGES.cardNumberInvalid,
        'card.expiry': MESSAGES.cardExpired,
        'card.cvc': MESSAGES.cvcInvalid,
      });
      const missing = await postJson(t.app, '/api/forms/donations/', { amount: 500 });
      expect(missing.status).toBe(422);
      expect((await json(missing)).errors).toMatchObject({ 'donor': MESSAGES.required, card: MESSAGES.required });
    });

    it('honeypot: a filled "website" field looks like success but stores nothing', async () => {
      const before = await countRows(database.handle, 'registrations');
      const res = await postJson(t.app, '/api/forms/registrations/', { ...validPayloads.registration(), website: 'http://spam.example' });
      expect(res.status).toBe(201);
      const body = await json(res);
      expect(body).toMatchObject({ success: true, registrationId: expect.any(String), ticketReference: expect.stringMatching(TICKET_REFERENCE_PATTERN) });
      expect(await countRows(database.handle, 'registrations')).toBe(before);
      const sub = await postJson(t.app, '/api/forms/newsletter/', { email: 'bot@example.com', website: 'x' });
      expect(sub.status).toBe(201);
      expect(await database.handle.db.selectFrom('newsletter_subscriptions').select('id').where('email', '=', 'bot@example.com').execute()).toEqual([]);
    });

    it('idempotency: the same key returns the first result and stores one record', async () => {
      const before = await countRows(database.handle, 'registrations');
      const key = 'b0c4a2f0-1d2e-4f3a-9b8c-7d6e5f4a3b2c';
      const payload = { ...validPayloads.registration(1), email: 'idem-registration@example.com' };
      const first = await postJson(t.app, '/api/forms/registrations/', payload, { 'Idempotency-Key': key });
      const second = await postJson(t.app, '/api/forms/registrations/', payload, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await json(second)).toEqual(await json(first));
      expect(await countRows(database.handle, 'registrations')).toBe(before + 1);
      // The same key on another endpoint is a different request.
      expect((await postJson(t.app, '/api/forms/newsletter/', { email: 'idem@example.com' }, { 'Idempotency-Key': key })).status).toBe(201);
      // Reusing a key for a different payload is refused.
      const other = await postJson(t.app, '/api/forms/registrations/', validPayloads.registration(2), { 'Idempotency-Key': key });
      expect(other.status).toBe(422);
      expect(await countRows(database.handle, 'registrations')).toBe(before + 1);
      // Donations: one charge, one row, even when retried.
      const dBefore = await countRows(database.handle, 'donations');
      const dKey = 'donation-retry-0001';
      const d1 = await json(await postJson(t.app, '/api/forms/donations/', validPayloads.donation(), { 'Idempotency-Key': dKey }));
      const d2 = await json(await postJson(t.app, '/api/forms/donations/', validPayloads.donation(), { 'Idempotency-Key': dKey }));
      expect(d2.donationId).toBe(d1.donationId);
      expect(await countRows(database.handle, 'donations')).toBe(dBefore + 1);
      expect((await postJson(t.app, '/api/forms/newsletter/', { email: 'a@b.co' }, { 'Idempotency-Key': 'bad key!' })).status).toBe(400);
    });

    it('bad input: malformed JSON 400, non-object 400, huge body 413; nothing stored', async () => {
      const before = await countRows(database.handle, 'partnerships');
      const malformed = await postJson(t.app, '/api/forms/partnerships/', '{"firstName": ');
      expect(malformed.status).toBe(400);
      expect(await json(malformed)).toEqual({ success: false, message: 'The request body is not valid JSON.', errors: {} });
      expect((await postJson(t.app, '/api/forms/partnerships/', '[1,2]')).status).toBe(400);
      expect((await postJson(t.app, '/api/forms/partnerships/', 'null')).status).toBe(400);
      const huge = await postJson(t.app, '/api/forms/partnerships/', { ...validPayloads.partnership(), proposal: 'x'.repeat(40_000) });
      expect(huge.status).toBe(413);
      expect(await json(huge)).toMatchObject({ success: false, message: 'The request body is too large.' });
      // What the 413 says about the connection (lib/body-size.ts): a declared body of up to 1 MiB
      // is read and discarded and the connection kept; a bigger or undeclared one closes it.
      expect(huge.headers.get('connection'), 'no declared length').toBe('close');
      const declared = (bytes: number) =>
        t.app.request('/api/forms/partnerships/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': String(bytes) },
          body: 'x'.repeat(40_000),
        });
      expect((await declared(40_000)).headers.get('connection')).toBeNull();
      const far = await declared(5_000_000);
      expect(far.status).toBe(413);
      expect(far.headers.get('connection')).toBe('close');
      const wrongTypes = await postJson(t.app, '/api/forms/partnerships/', { firstName: { $ne: 1 }, lastName: [1], email: true, phone: 12, proposal: null });
      expect(wrongTypes.status).toBe(422);
      expect(await countRows(database.handle, 'partnerships')).toBe(before);
    });

    const limitedApp = (env: Record<string, string> = {}) =>
      createApp({
        db: database.handle.db,
        dialect: database.handle.dialect,
        config: testConfig(env),
        gateway: createSandboxGateway(),
        rateLimiter: createRateLimiter({ max: 2, windowMs: 60_000 }),
        log: silentLogger,
      });
    const subscribe = (app: ReturnType<typeof createApp>, forwardedFor?: string) =>
      postJson(app, '/api/forms/newsletter/', { email: `rl-${Math.random().toString(36).slice(2)}@example.com` }, forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {});

    it('rate limit: behind a trusted proxy, per client address, 429 with a clear message once the window is full', async () => {
      const limited = limitedApp({ TRUSTED_PROXIES: '1' });
      // The proxy appends the address it saw; what the client put in front of it does not count.
      const send = (ip: string, spoof = '6.6.6.6') => subscribe(limited, `${spoof}, ${ip}`);
      expect((await send('203.0.113.5')).status).toBe(201);
      expect((await send('203.0.113.5', '7.7.7.7')).status).toBe(201);
      const third = await send('203.0.113.5', '8.8.8.8');
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await json(third)).toMatchObject({ success: false, message: expect.stringContaining('Too many submissions') });
      expect((await send('198.51.100.7')).status).toBe(201);
      // Content reads are not limited.
      expect((await limited.request('/api/content/hero/', { headers: { 'X-Forwarded-For': '203.0.113.5' } })).status).toBe(200);
    });

    it('rate limit: with no trusted proxy, X-Forwarded-For is the client\'s word and is ignored; unknown visitors share one limited bucket', async () => {
      const limited = limitedApp();
      expect((await subscribe(limited, '203.0.113.1')).status).toBe(201);
      expect((await subscribe(limited, '203.0.113.2')).status).toBe(201);
      expect((await subscribe(limited, '203.0.113.3')).status).toBe(429);
      expect((await subscribe(limited, 'unknown')).status).toBe(429);
      expect((await subscribe(limited)).status).toBe(429);
    });

    it('rate limit: no address at all is limited too, never waved through', async () => {
      const limited = limitedApp({ TRUSTED_PROXIES: '1' });
      expect((await subscribe(limited)).status).toBe(201);
      expect((await subscribe(limited, 'unknown')).status).toBe(201);
      expect((await subscribe(limited)).status).toBe(429);
      // Staff sign-in is not counted in the forms' buckets (issue 32): it has its own limit.
      const login = await postJson(limited, '/api/auth/login/', { email: 'a@b.co', password: 'x' });
      expect(login.status).toBe(401);
    });
  });

  describe('auth and export', () => {
    let token = '';
    const password = 'a-long-staff-password';

    beforeAll(async () => {
      await upsertStaffUser(database.handle.db, { email: 'staff@itan.example', name: 'Staff Member', password });
    });

    it('login: wrong password 401, bad shape 422, right password returns a token and the user', async () => {
      const wrong = await postJson(t.app, '/api/auth/login/', { email: 'staff@itan.example', password: 'nope-nope-nope' });
      expect(wrong.status).toBe(401);
      expect(await json(wrong)).toMatchObject({ success: false, message: 'Invalid email or password.' });
      const unknown = await postJson(t.app, '/api/auth/login/', { email: 'ghost@itan.example', password });
      expect(unknown.status).toBe(401);
      expect((await postJson(t.app, '/api/auth/login/', { email: 'x' })).status).toBe(422);
      const ok = await postJson(t.app, '/api/auth/login/', { email: 'STAFF@itan.example', password });
      expect(ok.status).toBe(200);
      const body = await json(ok);
      expect(body).toMatchObject({ success: true, user: { email: 'staff@itan.example', name: 'Staff Member' } });
      token = body.token as string;
      expect(token.length).toBeGreaterThanOrEqual(40);
      // Only a hash of the token is stored.
      const stored = await database.handle.db.selectFrom('auth_tokens').select('token_hash').execute();
      expect(stored.some((r) => r.token_hash === token)).toBe(false);
    });

    it('me: the user with a token, 401 without', async () => {
      expect((await t.app.request('/api/auth/me/')).status).toBe(401);
      const me = await t.app.request('/api/auth/me/', { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(await json(me)).toMatchObject({ success: true, user: { email: 'staff@itan.example' } });
    });

    it('admin export: 401 without a token; CSV with a token, the same as the CLI would write', async () => {
      expect((await t.app.request('/api/admin/export/registrations.csv')).status).toBe(401);
      await postJson(t.app, '/api/forms/partnerships/', { ...validPayloads.partnership(), organization: '=HYPERLINK("http://evil")', proposal: `Line one, "quoted"\n${'p'.repeat(60)}` });
      const res = await t.app.request('/api/admin/export/partnerships.csv', { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const csv = await res.text();
      const rows = parse(csv) as string[][];
      expect(rows[0]).toEqual(['id', 'first_name', 'last_name', 'email', 'phone', 'organization', 'proposal', 'submitted_at', 'created_at', 'status']);
      const hostile = rows.find((r) => r[5] === `'=HYPERLINK("http://evil")`);
      expect(hostile, 'the formula is exported as text').toBeDefined();
      expect(hostile![4]).toBe('0801 234 5678');
      expect(hostile![6]).toBe(`Line one, "quoted"\n${'p'.repeat(60)}`);
      const { exportCsv } = await import('../export/csv');
      expect(csv).toBe(await exportCsv(database.handle.db, 'partnerships'));
      for (const kind of ['registrations', 'donations', 'newsletter', 'volunteers']) {
        const r = await t.app.request(`/api/admin/export/${kind}.csv`, { headers: { Authorization: `Bearer ${token}` } });
        expect(r.status).toBe(200);
        const table = parse(await r.text()) as string[][];
        const phoneColumn = table[0]!.indexOf('phone');
        // Phone numbers stay readable: no apostrophe in front of +234.
        if (kind === 'registrations') expect(table.slice(1).map((row) => row[phoneColumn])).toContain('+234 801 234 5678');
        if (kind === 'donations') expect(table.slice(1).map((row) => row[phoneColumn])).toContain('+234 801 112 2233');
      }
      expect((await t.app.request('/api/admin/export/passwords.csv', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
    });

    it('logout revokes the token', async () => {
      const out = await t.app.request('/api/auth/logout/', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      expect(out.status).toBe(200);
      expect((await t.app.request('/api/auth/me/', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
      expect((await t.app.request('/api/auth/logout/', { method: 'POST' })).status).toBe(401);
    });

    it('register: 403 unless self-signup is on; then creates an account', async () => {
      const res = await postJson(t.app, '/api/auth/register/', { email: 'new@itan.example', name: 'New', password: 'another-long-password' });
      expect(res.status).toBe(403);
      expect(await json(res)).toMatchObject({ success: false, message: 'Staff self-signup is disabled.' });
      const open = createApp({ db: database.handle.db, dialect: database.handle.dialect, config: testConfig({ ALLOW_STAFF_SIGNUP: 'true' }), gateway: createSandboxGateway() });
      const created = await postJson(open, '/api/auth/register/', { email: 'new@itan.example', name: 'New', password: 'another-long-password' });
      expect(created.status).toBe(201);
      expect(await json(created)).toMatchObject({ success: true, token: expect.any(String), user: { email: 'new@itan.example' } });
      expect((await postJson(open, '/api/auth/register/', { email: 'new@itan.example', name: 'New', password: 'another-long-password' })).status).toBe(400);
      expect((await postJson(open, '/api/auth/register/', { email: 'short@itan.example', name: 'S', password: 'short' })).status).toBe(422);
    });
  });

  describe('unknown paths and methods', () => {
    it('404 JSON for an unknown path, 405 JSON with Allow for a wrong method', async () => {
      const missing = await t.app.request('/api/nothing/here/');
      expect(missing.status).toBe(404);
      expect(await json(missing)).toMatchObject({ success: false });
      const wrong = await t.app.request('/api/content/hero/', { method: 'DELETE' });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toContain('GET');
      const getForm = await t.app.request('/api/forms/registrations/');
      expect(getForm.status).toBe(405);
      expect(await json(getForm)).toMatchObject({ success: false, message: 'This endpoint does not accept that method.' });
    });
  });

  it('migrations run down and up again', async () => {
    const other = database.connectAgain();
    await migrateAllDown(other.db);
    await migrateToLatest(other.db);
    await seedContent(other.db);
    const page = await json(await t.app.request('/api/content/highlights/'));
    expect(page.count).toBe(highlightsFallback.length);
  });
});
