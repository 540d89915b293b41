import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_LIMITS, INBOX_MESSAGES, INBOX_PAGE_SIZE, type InboxItem, type InboxPage } from '@/contract/api/inbox';
import type { Dashboard } from '@/contract/api/admin';
import { proposalDeadline } from '@/contract/business-days';
import { HTTP_MESSAGES } from '../kernel/http';
import type { BackendApp } from '../app';
import { deletePersonalData, findPersonalData } from '../personal-data';
import { exportCsv } from '../export/csv';
import { loadSigner } from '../kernel/signing';
import { newId } from '../kernel/ids';
import { mailOutbox, type MailOutbox } from '../mail-kinds';
import { drainOutbox } from '../outbox/drain';
import { buildApp, dbTargets, postJson, TEST_EDITION_ENV, testConfig, validPayloads, type TestDatabase } from '@/test/support/databases';
import { startTestSmtp, type TestSmtp } from '@/test/support/smtp';
import { staffToken } from '@/test/support/staff';
import { silentLogger } from '../kernel/log';
import { Migrator } from 'kysely';
import { staticMigrationProvider } from '../db/migrations';
import { migrateToLatest } from '../db/migrate';

type Json = Record<string, unknown>;

/**
 * The staff inbox (issue 31) on SQLite and PostgreSQL, with a real SMTP server on loopback: a
 * proposal answered from the inbox sends one mail (to the proposer, from the festival's address,
 * with a text part) and leaves the overdue count; a reply sent twice is sent once; every change is
 * audited; no session, no inbox; bad input is a 4xx in words; filters and pages; the CSV status;
 * a data request takes the notes and replies with the items.
 */
describe.each(dbTargets)('inbox on $name', (target) => {
  let database: TestDatabase;
  let smtp: TestSmtp;
  let app: BackendApp;
  let outbox: MailOutbox;
  let admin: string;
  let staff: string;
  const FROM = 'Ìtàn Festival <hello@festival.example>';

  const db = () => database.handle.db;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (path: string, token = admin) => app.request(path, { headers: auth(token) });
  const post = (path: string, body: unknown, token = admin) => postJson(app, path, body, auth(token));
  const list = async (query: string, token = admin) => {
    const res = await get(`/api/admin/inbox/?${query}`, token);
    expect(res.status).toBe(200);
    return (await res.json()) as InboxPage;
  };
  const dashboard = async () => ((await (await get('/api/admin/dashboard/')).json()) as { data: Dashboard }).data;
  const auditOf = (action: string) => db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').orderBy('logged_at').execute();
  const key = () => `reply-${newId()}`;

  /** A proposal through the public form, its deadline moved into the past (it arrived weeks ago). */
  async function overdueProposal(email: string): Promise<string> {
    const res = await postJson(app, '/api/forms/partnerships/', { ...validPayloads.partnership(), email });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { partnershipId: string }).partnershipId;
    const created = new Date(Date.parse(TEST_EDITION_ENV.FESTIVAL_NOW) - 30 * 86_400_000);
    await db().updateTable('partnerships').set({ created_at: created.toISOString(), due_at: proposalDeadline(created) }).where('id', '=', id).execute();
    return id;
  }

  beforeAll(async () => {
    database = await target.create();
    smtp = await startTestSmtp();
    const env = { SMTP_URL: smtp.url, SITE_URL: 'https://festival.example', MAIL_FROM: FROM, MAIL_REPLY_TO: 'Ìtàn partnerships <partners@festival.example>', MAIL_RETRY_BASE_MS: '1', MAIL_PER_RECIPIENT_PER_HOUR: '0' };
    ({ app } = await buildApp(database.handle, { env }));
    const config = testConfig(env);
    outbox = mailOutbox({ db: db(), dialect: database.handle.dialect, signer: await loadSigner(db(), config.ticketSecret), config, log: silentLogger });
    admin = await staffToken(app, database.handle, { email: 'admin@itan.example', name: 'Ada Admin', password: 'admin-password-long' });
    staff = await staffToken(app, database.handle, { email: 'desk@itan.example', name: 'Dele Desk', password: 'desk-password-long' });
    await db().updateTable('staff_users').set({ role: 'staff' }).where('email', '=', 'desk@itan.example').execute();
  });
  afterAll(async () => {
    outbox?.transport.close();
    await smtp?.close();
    await database?.drop();
  });
  afterEach(() => {
    smtp.received.length = 0;
  });

  it('a proposal answered from the inbox sends one mail to the proposer, from the festival, with a text part, and leaves the overdue count', async () => {
    const email = 'proposer@ake-books.example';
    const id = await overdueProposal(email);
    await drainOutbox(outbox.target); // the acknowledgement
    smtp.received.length = 0;

    const before = await dashboard();
    expect(before.inbox.overdue).toBe(1);
    const overdue = await list('overdue=1');
    expect(overdue.data.map((i) => i.id)).toEqual([id]);
    expect(overdue.data[0]).toMatchObject({ kind: 'partnership', status: 'new', overdue: true, replyCount: 0, name: 'Tunde Bello', subject: 'Ake Books' });

    // Plain staff may answer (not only admins).
    const body = 'Thank you for your proposal.\n\nWe would love to have you <b>at the tent</b> & will call you this week.';
    const res = await post(`/api/admin/inbox/partnership/${id}/replies/`, { body, requestKey: key() }, staff);
    expect(res.status).toBe(201);
    const answered = (await res.json()) as { data: InboxItem; message: string };
    expect(answered.message).toBe(INBOX_MESSAGES.replyQueued);
    expect(answered.data).toMatchObject({ overdue: false, replyCount: 1, status: 'new' });
    expect(answered.data.replies[0]).toMatchObject({ body, author: { name: 'Dele Desk' }, delivery: 'pending' });

    expect(await drainOutbox(outbox.target)).toMatchObject({ delivered: 1, failed: 0 });
    await smtp.waitFor(1);
    expect(await drainOutbox(outbox.target)).toMatchObject({ delivered: 0 });
    expect(smtp.received).toHaveLength(1);
    const { mail, to } = smtp.received[0]!;
    expect(to).toEqual([email]);
    expect(mail.from?.value[0]?.address).toBe('hello@festival.example');
    // The person's answer reaches the team's address (MAIL_REPLY_TO), not a no-reply sender.
    expect(mail.replyTo?.value[0]?.address).toBe('partners@festival.example');
    expect(mail.subject).toBe('Re: Your partnership proposal to the Ìtàn Book & Arts Festival');
    expect(mail.text).toContain('Dear Tunde,');
    expect(mail.text).toContain(body);
    expect(mail.text).toContain('Dele Desk');
    expect(mail.text).toMatch(/you wrote:\n> We would like to sponsor the young readers tent/);
    // The reply is plain text: escaped in the HTML part, never markup.
    expect(mail.html).toContain('&#60;b&#62;at the tent&#60;/b&#62; &#38; will');
    expect(mail.html).not.toContain('<b>at the tent');

    expect((await dashboard()).inbox.overdue).toBe(0);
    expect((await list('overdue=1')).count).toBe(0);
    const detail = (await (await get(`/api/admin/inbox/partnership/${id}/`)).json()) as { data: InboxItem };
    expect(detail.data.replies[0]!.delivery).toBe('done');
    const audit = await auditOf('inbox.reply');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: 'desk@itan.example', target_type: 'partnership', target_id: id });
    expect(audit[0]!.summary).not.toContain(email);
  });

  it('a reply form sent twice, one after the other or at once, stores one reply and sends one mail', async () => {
    const id = await overdueProposal('twice@example.org');
    await drainOutbox(outbox.target);
    smtp.received.length = 0;
    const requestKey = key();
    const first = await post(`/api/admin/inbox/partnership/${id}/replies/`, { body: 'Yes, let us talk.', requestKey });
    const again = await post(`/api/admin/inbox/partnership/${id}/replies/`, { body: 'Yes, let us talk.', requestKey });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Json).message).toBe(INBOX_MESSAGES.replyAlready);
    const together = key();
    const both = await Promise.all([0, 1, 2].map(() => post(`/api/admin/inbox/partnership/${id}/replies/`, { body: 'Second answer.', requestKey: together })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    // The key of one item's reply cannot send another's.
    const other = await overdueProposal('other@example.org');
    const reused = await post(`/api/admin/inbox/partnership/${other}/replies/`, { body: 'Hello', requestKey });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as Json).message).toBe(INBOX_MESSAGES.requestKeyReused);

    expect(await drainOutbox(outbox.target)).toMatchObject({ delivered: 3 }); // two replies, and the other's acknowledgement
    await smtp.waitFor(3);
    const replies = smtp.received.filter((r) => r.mail.subject?.startsWith('Re:'));
    expect(replies.map((r) => r.to[0])).toEqual(['twice@example.org', 'twice@example.org']);
    // The drain may deliver them in either order.
    expect(replies.map((r) => r.mail.text?.split('\n')[2]).sort()).toEqual(['Second answer.', 'Yes, let us talk.']);
    const stored = await db().selectFrom('inbox_entries').selectAll().where('item_id', '=', id).execute();
    expect(stored).toHaveLength(2);
    expect(stored.every((e) => e.outbox_id)).toBe(true);
    expect((await auditOf('inbox.reply')).filter((a) => a.target_id === id)).toHaveLength(2);
  });

  it('status changes and notes are audited; a status of accepted, declined or done clears an overdue proposal', async () => {
    const id = await overdueProposal('status@example.org');
    const overdueBefore = (await dashboard()).inbox.overdue;
    expect(overdueBefore).toBeGreaterThanOrEqual(1);
    const res = await post(`/api/admin/inbox/partnership/${id}/status/`, { status: 'in progress' }, staff);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: InboxItem }).data).toMatchObject({ status: 'in progress', overdue: true });
    // The same status again changes nothing and records nothing.
    expect((await post(`/api/admin/inbox/partnership/${id}/status/`, { status: 'in progress' })).status).toBe(200);
    expect((await post(`/api/admin/inbox/partnership/${id}/status/`, { status: 'declined' })).status).toBe(200);
    expect((await dashboard()).inbox.overdue).toBe(overdueBefore - 1);
    const statuses = (await auditOf('inbox.status')).filter((a) => a.target_id === id);
    expect(statuses.map((a) => [a.actor_email, a.summary])).toEqual([
      ['desk@itan.example', `Status of partnership proposal ${id}: new → in progress`],
      ['admin@itan.example', `Status of partnership proposal ${id}: in progress → declined`],
    ]);

    const note = await post(`/api/admin/inbox/partnership/${id}/notes/`, { body: '  Called them: they prefer 2026.  ' });
    expect(note.status).toBe(201);
    const item = ((await note.json()) as { data: InboxItem }).data;
    expect(item.notes).toEqual([expect.objectContaining({ type: 'note', body: 'Called them: they prefer 2026.', author: { name: 'Ada Admin', email: 'admin@itan.example' }, delivery: null })]);
    expect(item.replies).toEqual([]);
    expect((await auditOf('inbox.note')).filter((a) => a.target_id === id)).toHaveLength(1);
    // A note is no reply: nothing is mailed for it.
    expect(await db().selectFrom('outbox').select('id').where('kind', '=', 'inboxReply').where('recipient', '=', 'status@example.org').execute()).toEqual([]);
  });

  it('without a session nothing is read or changed (401); with one, staff and admins alike', async () => {
    const id = await overdueProposal('nosession@example.org');
    const paths: Array<[string, unknown?]> = [
      ['/api/admin/inbox/'],
      [`/api/admin/inbox/partnership/${id}/`],
      [`/api/admin/inbox/partnership/${id}/status/`, { status: 'done' }],
      [`/api/admin/inbox/partnership/${id}/notes/`, { body: 'x' }],
      [`/api/admin/inbox/partnership/${id}/replies/`, { body: 'x', requestKey: key() }],
    ];
    for (const [path, body] of paths) {
      for (const headers of [{}, auth('x'.repeat(43))]) {
        const res = body === undefined ? await app.request(path, { headers }) : await postJson(app, path, body, headers);
        expect(res.status, path).toBe(401);
        expect(((await res.json()) as Json).message).toBe(HTTP_MESSAGES.unauthorized);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
    const item = await db().selectFrom('partnerships').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(item.status).toBe('new');
    expect(await db().selectFrom('inbox_entries').select('id').where('item_id', '=', id).execute()).toEqual([]);
    expect((await get(`/api/admin/inbox/partnership/${id}/`, staff)).status).toBe(200);
  });

  it('bad input is a 4xx that says what is wrong, limits included; nothing is stored', async () => {
    const id = await overdueProposal('bad@example.org');
    const at = (what: string) => `/api/admin/inbox/partnership/${id}/${what}/`;
    const expectRefused = async (res: Response, status: number, errors?: Json) => {
      expect(res.status).toBe(status);
      const json = (await res.json()) as Json;
      expect(json.success).toBe(false);
      expect(typeof json.message).toBe('string');
      if (errors) expect(json.errors).toEqual(errors);
    };
    await expectRefused(await post(at('status'), { status: 'archived' }), 422, { status: INBOX_MESSAGES.statusInvalid });
    await expectRefused(await post(at('status'), { status: ['new'] }), 422, { status: INBOX_MESSAGES.statusInvalid });
    await expectRefused(await post(at('notes'), { body: '   ' }), 422, { body: INBOX_MESSAGES.noteRequired });
    await expectRefused(await post(at('notes'), { body: 'n'.repeat(INBOX_LIMITS.note + 1) }), 422, { body: `Maximum ${INBOX_LIMITS.note} characters allowed` });
    await expectRefused(await post(at('notes'), { body: 'bad\u0000byte' }), 422);
    await expectRefused(await post(at('replies'), { body: 'r'.repeat(INBOX_LIMITS.reply + 1), requestKey: key() }), 422, { body: `Maximum ${INBOX_LIMITS.reply} characters allowed` });
    await expectRefused(await post(at('replies'), { body: 'Hello' }), 422, { requestKey: INBOX_MESSAGES.requestKeyInvalid });
    await expectRefused(await post(at('replies'), { body: 'Hello', requestKey: 'short' }), 422, { requestKey: INBOX_MESSAGES.requestKeyInvalid });
    await expectRefused(await post(at('notes'), '{"body":'), 400);
    await expectRefused(await post(at('notes'), '["body"]'), 400);
    await expectRefused(await post('/api/admin/inbox/donation/x/notes/', { body: 'x' }), 404);
    await expectRefused(await post(`/api/admin/inbox/volunteer/${id}/notes/`, { body: 'x' }), 404);
    await expectRefused(await post('/api/admin/inbox/partnership/no%20such%20id/status/', { status: 'done' }), 404);
    await expectRefused(await get(`/api/admin/inbox/contact/${newId()}/`), 404);
    expect(await db().selectFrom('inbox_entries').select('id').where('item_id', '=', id).execute()).toEqual([]);
    expect((await db().selectFrom('partnerships').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('new');
  });

  it('lists newest first, filters by kind and status, pages in bounded pages; the CSVs carry the status', async () => {
    const base = Date.parse('2025-01-05T09:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 5; i++) {
      const id = newId();
      ids.push(id);
      const at = new Date(base + i * 60_000).toISOString();
      await db().insertInto('contact_messages').values({ id, name: `Caller ${i}`, email: `caller${i}@example.com`, topic: 'press', message: `Message number ${i} about the press day.`, submitted_at: at, created_at: at }).execute();
    }
    expect((await postJson(app, '/api/forms/volunteer/', { ...validPayloads.volunteer(), email: 'helper@example.com' })).status).toBe(201);

    const contact = await list('kind=contact');
    expect(contact.count).toBe(INBOX_PAGE_SIZE + 5);
    expect(contact.pageSize).toBe(INBOX_PAGE_SIZE);
    expect(contact.data).toHaveLength(INBOX_PAGE_SIZE);
    expect(contact.data[0]).toMatchObject({ id: ids.at(-1), name: `Caller ${INBOX_PAGE_SIZE + 4}`, subject: 'Press and media', dueAt: null, overdue: false });
    const second = await list('kind=contact&page=2');
    expect(second.data.map((i) => i.id)).toEqual(ids.slice(0, 5).reverse());
    expect((await list('kind=contact&page=99')).data).toEqual([]);
    // Newest first across kinds: the volunteer (just now) before every contact message of January.
    const all = await list('');
    expect(all.data[0]).toMatchObject({ kind: 'volunteer', name: 'Kemi Ade', subject: 'Both festival days' });
    expect(all.data.map((i) => i.createdAt)).toEqual([...all.data.map((i) => i.createdAt)].sort().reverse());
    // Unknown filters are "all", never an error.
    expect((await list('kind=donation&status=archived&page=-3')).count).toBe(all.count);

    await post(`/api/admin/inbox/contact/${ids[3]}/status/`, { status: 'done' });
    await post(`/api/admin/inbox/contact/${ids[4]}/status/`, { status: 'in progress' });
    expect((await list('kind=contact&status=done')).data.map((i) => i.id)).toEqual([ids[3]]);
    expect((await list('status=in%20progress&kind=contact')).data.map((i) => i.id)).toEqual([ids[4]]);
    expect((await list('kind=volunteer&status=new')).count).toBe(1);
    expect((await dashboard()).inbox.new).toBe((await list('status=new')).count);

    const rows = parse(await exportCsv(db(), 'contact'), { columns: true }) as Json[];
    expect(rows.find((r) => r.id === ids[3])).toMatchObject({ status: 'done' });
    expect(rows.find((r) => r.id === ids[0])).toMatchObject({ status: 'new' });
    const volunteers = parse(await exportCsv(db(), 'volunteers'), { columns: true }) as Json[];
    expect(volunteers[0]).toHaveProperty('status', 'new');
    const partnerships = parse(await exportCsv(db(), 'partnerships'), { columns: true }) as Json[];
    expect(new Set(partnerships.map((r) => r.status))).toEqual(new Set(['new', 'declined']));
  });

  it('a data request deletes the person’s items with their notes and replies, and erases a staff author', async () => {
    const email = 'forget.me@example.org';
    const id = await overdueProposal(email);
    await post(`/api/admin/inbox/partnership/${id}/notes/`, { body: 'A note about them.' });
    await post(`/api/admin/inbox/partnership/${id}/replies/`, { body: 'An answer to them.', requestKey: key() });
    const found = await findPersonalData(db(), email);
    expect(found.inbox_entries).toHaveLength(2);
    const deleted = await deletePersonalData(db(), database.handle.dialect, email);
    expect(deleted.inbox_entries).toBe(2);
    expect(deleted.partnerships).toBe(1);
    expect(await db().selectFrom('inbox_entries').select('id').where('item_id', '=', id).execute()).toEqual([]);
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', email).execute()).toEqual([]);

    // A staff member's own request: their notes on others' items stay, without their name.
    const other = await overdueProposal('stays@example.org');
    await post(`/api/admin/inbox/partnership/${other}/notes/`, { body: 'Kept, but by whom?' }, staff);
    expect((await deletePersonalData(db(), database.handle.dialect, 'desk@itan.example')).inbox_entries).toBeGreaterThanOrEqual(1);
    const kept = await db().selectFrom('inbox_entries').selectAll().where('item_id', '=', other).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ author_email: '[erased]', author_name: '[erased]', author_id: null, body: 'Kept, but by whom?' });
  });
});

describe.each(dbTargets)('inbox migration on $name', (target) => {
  it('items stored before the inbox are new, and each proposal gets its Lagos deadline from when it arrived', async () => {
    const database = await target.create();
    try {
      const db = database.handle.db;
      await new Migrator({ db, provider: staticMigrationProvider }).migrateTo('2026-11-29-1-offline-gate');
      const at = '2025-09-05T20:30:00.000Z'; // a Friday evening in Lagos
      await db.insertInto('partnerships').values({ id: 'p-old', first_name: 'Old', last_name: 'Proposal', email: 'old@example.org', phone: '08012345678', organization: null, proposal: 'p'.repeat(60), submitted_at: at, created_at: at } as never).execute();
      await db.insertInto('contact_messages').values({ id: 'c-old', name: 'Old Message', email: 'c@example.org', topic: 'press', message: 'm'.repeat(30), submitted_at: at, created_at: at } as never).execute();
      await migrateToLatest(db);
      expect(await db.selectFrom('partnerships').select(['status', 'due_at']).execute()).toEqual([{ status: 'new', due_at: '2025-09-12T22:59:59.999Z' }]);
      expect(await db.selectFrom('contact_messages').select('status').execute()).toEqual([{ status: 'new' }]);
    } finally {
      await database.drop();
    }
  });
});

describe('MAIL_REPLY_TO', () => {
  it('is unset by default (answers go to MAIL_FROM), takes an address with or without a name, and refuses anything else by name', () => {
    expect(testConfig().mailReplyTo).toBeUndefined();
    expect(testConfig({ MAIL_REPLY_TO: 'hello@festival.example' }).mailReplyTo).toBe('hello@festival.example');
    expect(testConfig({ MAIL_REPLY_TO: 'Ìtàn Festival <hello@festival.example>' }).mailReplyTo).toBe('Ìtàn Festival <hello@festival.example>');
    for (const value of ['hello', 'hello@', '<hello@festival>', 'a b@festival.example']) {
      expect(() => testConfig({ MAIL_REPLY_TO: value }), value).toThrow(/MAIL_REPLY_TO/);
    }
  });
});
