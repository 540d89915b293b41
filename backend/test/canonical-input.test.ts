import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, REGISTRATION_MESSAGES } from '@/contract/forms/messages';
import type { BackendApp } from '../app';
import { issueToken, upsertStaffUser } from '../auth/queries';
import { migrateToLatest } from '../db/migrate';
import { staticMigrationProvider } from '../db/migrations';
import { buildApp, countRows, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';
import { processLogger } from '../kernel/log';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as Json;

/**
 * Issue 32 on the real backend and database: one-line fields refuse line breaks before anything is
 * stored (A), addresses are stored, compared and de-duplicated in their canonical form, old rows
 * included (B), and a report's remote images never reach the stored HTML (E).
 */
describe.each(dbTargets)('canonical input on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;

  beforeAll(async () => {
    database = await target.create();
    app = (await buildApp(database.handle)).app;
  });
  afterAll(async () => {
    await database?.drop();
  });

  const subscribersOf = (email: string) =>
    database.handle.db.selectFrom('newsletter_subscriptions').select(['id', 'email']).where('email', '=', email).execute();

  it('a CR in first_name is refused with the field error, and nothing is stored', async () => {
    const before = await countRows(database.handle, 'registrations');
    const outbox = await database.handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const email = `eve-${randomUUID()}@example.org`;
    const res = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(1), email, firstName: 'Eve\rBcc: x@example.org' });
    expect([400, 422]).toContain(res.status);
    expect((await json(res)).errors).toEqual({ firstName: MESSAGES.invalid });
    expect(await countRows(database.handle, 'registrations')).toBe(before);
    expect(await database.handle.db.selectFrom('registrations').select('id').where('email', '=', email).execute()).toEqual([]);
    const after = await database.handle.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(outbox.n));
    // A message keeps its line breaks.
    const contact = await postJson(app, '/api/forms/contact/', {
      name: 'Eve',
      email,
      topic: 'programme',
      message: 'Hello,\r\nwhen does the programme come out?\n\nThanks',
    });
    expect(contact.status).toBe(201);
  });

  it('newsletter: the same address in another case, full-width or with spaces around it is one subscriber', async () => {
    const before = await countRows(database.handle, 'newsletter_subscriptions');
    for (const email of ['Reader.One@Example.ORG', 'ｒｅａｄｅｒ．ｏｎｅ＠ｅｘａｍｐｌｅ．ｏｒｇ', ' READER.ONE@example.org ']) {
      const res = await postJson(app, '/api/forms/newsletter/', { email });
      expect(res.status, email).toBe(201);
    }
    expect(await countRows(database.handle, 'newsletter_subscriptions')).toBe(before + 1);
    expect(await subscribersOf('reader.one@example.org')).toHaveLength(1);
    // The domain in ASCII.
    expect((await postJson(app, '/api/forms/newsletter/', { email: 'User@Bücher.Example' })).status).toBe(201);
    expect(await subscribersOf('user@xn--bcher-kva.example')).toHaveLength(1);
  });

  it('a trailing dot is the same address (issue 42): x@example.com. after x@example.com makes no second registration', async () => {
    const address = `dot-${randomUUID()}@example.com`;
    const first = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(1), email: address });
    expect(first.status).toBe(201);
    const again = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(1), email: `${address}.` });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ success: false, reason: 'already-registered', message: REGISTRATION_MESSAGES.alreadyRegisteredResent });
    const rows = await database.handle.db.selectFrom('registrations').select('email').where('email', 'like', `${address}%`).execute();
    expect(rows).toEqual([{ email: address }]);
    // The ticket goes again to the address as it is stored: no mail to the dotted spelling.
    const mails = await database.handle.db.selectFrom('outbox').select('recipient').where('recipient', 'like', `${address}%`).execute();
    expect(mails.map((m) => m.recipient)).not.toContain(`${address}.`);
  });

  it('an address with a zero-width space is refused with the email message, never stored as a look-alike', async () => {
    const before = await countRows(database.handle, 'newsletter_subscriptions');
    for (const email of ['victim@example.org\u200B', 'vic\u2060tim@example.org', 'victim@exam\u00ADple.org']) {
      const res = await postJson(app, '/api/forms/newsletter/', { email });
      expect(res.status).toBe(422);
      expect((await json(res)).errors).toEqual({ email: MESSAGES.email });
    }
    expect(await countRows(database.handle, 'newsletter_subscriptions')).toBe(before);
  });

  it('reports: a title with U+202E is refused; a remote image in the Markdown is stored as a link, not an image', async () => {
    const { user } = await upsertStaffUser(database.handle.db, { email: 'Editor@ITAN.example', name: 'Editor', password: 'editor-long-password' });
    expect(user.email).toBe('editor@itan.example');
    const auth = { Authorization: `Bearer ${await issueToken(database.handle.db, user.id)}` };
    const report = { title: 'Readers’ Day', category: 'Event Report', date: '2026-10-25', body: 'Before ![pixel](https://tracker.example/p.png) after' };
    const bidi = await postJson(app, '/api/admin/reports/', { ...report, title: 'Readers\u202E yaD' }, auth);
    expect(bidi.status).toBe(422);
    expect((await json(bidi)).errors).toEqual({ title: MESSAGES.invalid });
    const res = await postJson(app, '/api/admin/reports/', report, auth);
    expect(res.status).toBe(201);
    const stored = await database.handle.db.selectFrom('highlights').select('content').where('id', '=', (await json(res)).reportId as string).executeTakeFirstOrThrow();
    expect(stored.content).not.toMatch(/<img/);
    expect(stored.content).toContain('<a href="https://tracker.example/p.png" rel="noopener noreferrer">pixel</a>');
  });
});

/** The migration on a database that holds addresses stored before they were canonical. */
describe.each(dbTargets)('migration 2026-11-26-1-canonical-emails on $name', (target) => {
  let database: TestDatabase;
  const warned: string[] = [];

  beforeAll(async () => {
    database = await target.create();
    // The migration's lines go to the process's logger (backend/kernel/log.ts): keep their messages.
    vi.spyOn(processLogger(), 'warn').mockImplementation((...args: unknown[]) => void warned.push(String(args.at(-1))));
    const migrator = new Migrator({ db: database.handle.db, provider: staticMigrationProvider });
    const before = await migrator.migrateTo('2026-11-25-4-registrations-counter');
    expect(before.error).toBeUndefined();

    const db = database.handle.db;
    const subscription = (id: string, email: string, created: string, unsubscribed: string | null = null) => ({
      id,
      email,
      created_at: `2025-${created}T10:00:00.000Z`,
      unsubscribed_at: unsubscribed ? `2025-${unsubscribed}T10:00:00.000Z` : null,
    });
    await db
      .insertInto('newsletter_subscriptions')
      .values([
        // One address three ways: the oldest stays; an unsubscribe after every subscribe wins.
        subscription('n-oldest', 'Reader@Example.org', '01-01'),
        subscription('n-second', 'reader@example.org', '02-01'),
        subscription('n-third', 'ＲＥＡＤＥＲ@example.org', '03-01', '03-05'),
        // Unsubscribed, then subscribed again under another spelling: the later consent stands.
        subscription('l-oldest', 'Late@Example.org', '01-01', '01-02'),
        subscription('l-later', 'late@example.org', '02-01'),
        subscription('idn', 'user@Bücher.example', '01-01'),
        subscription('plain', 'plain@example.org', '01-01'),
        subscription('zwsp', 'victim@example.org\u200B', '01-01'),
      ])
      .execute();
    const registration = (id: string, email: string) => ({
      id,
      ticket_reference: `ITN-${id.toUpperCase().padEnd(6, 'X').slice(0, 6)}`,
      first_name: 'Ada',
      last_name: 'Obi',
      email,
      phone: '08031234567',
      number_of_tickets: 1,
      submitted_at: '2025-01-01T10:00:00.000Z',
      created_at: '2025-01-01T10:00:00.000Z',
    });
    await db.insertInto('registrations').values([registration('r1', ' ADA@Bücher.Example '), registration('r2', 'victim@example.org\u200B'), registration('r3', 'ada@example.org')]).execute();
    const staff = (id: string, email: string, created: string) => ({ id, email, name: id, password_hash: 'x', created_at: `2025-${created}T10:00:00.000Z`, role: 'staff' as const });
    await db
      .insertInto('staff_users')
      .values([staff('s-admin', 'Admin@Example.org', '01-01'), staff('s-full', 'ｓｔａｆｆ@example.org', '01-01'), staff('s-plain', 'staff@example.org', '02-01'), staff('s-zwsp', 'x\u200B@example.org', '01-01')])
      .execute();

    await migrateToLatest(db);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database?.drop();
  });
  afterEach(() => {
    vi.mocked(processLogger().warn).mockClear();
  });

  it('newsletter: variants merge into the oldest row, consent resolved, nothing else lost', async () => {
    const rows = await database.handle.db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'unsubscribed_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'idn', email: 'user@xn--bcher-kva.example', unsubscribed_at: null },
      { id: 'l-oldest', email: 'late@example.org', unsubscribed_at: null },
      { id: 'n-oldest', email: 'reader@example.org', unsubscribed_at: '2025-03-05T10:00:00.000Z' },
      { id: 'plain', email: 'plain@example.org', unsubscribed_at: null },
      // Left as it was (not made into victim@example.org), and sent nothing more.
      { id: 'zwsp', email: 'victim@example.org\u200B', unsubscribed_at: expect.any(String) },
    ]);
    expect(warned.some((l) => l.includes('merged n-second, n-third into the oldest, n-oldest (unsubscribed)'))).toBe(true);
    expect(warned.some((l) => l.includes('merged l-later into the oldest, l-oldest (subscribed)'))).toBe(true);
    // The log names rows, never addresses.
    expect(warned.join('\n')).not.toMatch(/@/);
  });

  it('other tables: every row kept, canonical where the address has a canonical form', async () => {
    const rows = await database.handle.db.selectFrom('registrations').select(['id', 'email']).where('id', 'in', ['r1', 'r2', 'r3']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'r1', email: 'ada@xn--bcher-kva.example' },
      { id: 'r2', email: 'victim@example.org\u200B' },
      { id: 'r3', email: 'ada@example.org' },
    ]);
  });

  it('staff accounts: made canonical one by one, never merged; variants of one address are left for an admin', async () => {
    const rows = await database.handle.db.selectFrom('staff_users').select(['id', 'email']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 's-admin', email: 'admin@example.org' },
      { id: 's-full', email: 'ｓｔａｆｆ@example.org' },
      { id: 's-plain', email: 'staff@example.org' },
      { id: 's-zwsp', email: 'x\u200B@example.org' },
    ]);
    expect(warned.some((l) => l.includes('WARNING staff_users: accounts s-full, s-plain (oldest first)'))).toBe(true);
    expect(warned.some((l) => l.includes('WARNING staff_users: accounts s-zwsp'))).toBe(true);
  });

  it('a second run changes nothing (the rows are canonical already)', async () => {
    const before = await database.handle.db.selectFrom('newsletter_subscriptions').selectAll().orderBy('id').execute();
    const m = (await staticMigrationProvider.getMigrations())['2026-11-26-1-canonical-emails']!;
    await m.up(database.handle.db as never);
    expect(await database.handle.db.selectFrom('newsletter_subscriptions').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
