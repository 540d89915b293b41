import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_REMINDER_HOURS, WAITING_LIST_ADMIN_MESSAGES, WAITING_LIST_MESSAGES, type WaitingListView } from '@/contract/api/waiting-list';
import { buildApp, dbTargets, postJson, testConfig, TEST_EDITION_KEY, validPayloads, type TestDatabase } from '@/test/support/databases';
import { startTestSmtp, type TestSmtp } from '@/test/support/smtp';
import { silentLogger } from '@/backend/kernel/log';
import type { BackendApp } from '../app';
import { issueToken, upsertStaffUser } from '../auth/queries';
import type { BackendConfig } from '../kernel/config';
import type { DbHandle } from '../db/connect';
import { placesUsed } from '../edition/counter';
import { createSigner } from '../kernel/signing';
import { mailOutbox, type MailOutbox } from '../mail-kinds';
import { drainOutbox } from '../outbox/drain';
import { tellRegistrationClosed, waitingListHousekeeping } from '../waiting-list/service';

/**
 * Issue 43, "a waiting list people can see", on SQLite and PostgreSQL with a real SMTP server on
 * loopback: staff see the list in order; admins make an offer by hand and withdraw one (audited,
 * never more places than are free) and export the list (audited); a person passed over is told
 * why once; an offer is reminded of once before it lapses and noted once after; the offer mail
 * says why the places came free; the give-back mail says what is true about registering again;
 * when registration closes those still waiting are told once, even by two drainers at once.
 */
const SECRET = 'visible-waiting-list-secret-long-enough';
const SITE = 'https://itan.example';
const HOUR = 3_600_000;

describe.each(dbTargets)('a waiting list people can see on $name', (target) => {
  let smtp: TestSmtp;
  const databases: TestDatabase[] = [];
  const outboxes: MailOutbox[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  afterEach(async () => {
    while (outboxes.length) outboxes.pop()!.transport.close();
    while (databases.length) await databases.pop()!.drop();
    smtp.received.length = 0;
  });

  interface World {
    app: BackendApp;
    config: BackendConfig;
    db: DbHandle['db'];
    database: TestDatabase;
    setClock: (at: Date) => void;
    clock: () => Date;
    deliver: () => Promise<void>;
    admin: string;
    staff: string;
  }

  async function world(env: Record<string, string> = {}): Promise<World> {
    const database = await target.create();
    databases.push(database);
    const fullEnv = { SMTP_URL: smtp.url, SITE_URL: SITE, TICKET_SECRET: SECRET, MAIL_RETRY_BASE_MS: '1', REGISTRATION_CAPACITY: '2', ...env };
    const built = await buildApp(database.handle, { env: fullEnv });
    let at = built.config.now();
    built.config.now = () => at;
    const mailConfig = testConfig(fullEnv);
    mailConfig.now = built.config.now;
    const outbox = mailOutbox({ db: database.handle.db, dialect: database.handle.dialect, signer: createSigner(SECRET), config: mailConfig, log: silentLogger });
    outboxes.push(outbox);
    const db = database.handle.db;
    const { user: adminUser } = await upsertStaffUser(db, { email: 'admin@itan.example', name: 'Funmi Admin', password: 'admin-password-long' });
    const { user: staffUser } = await upsertStaffUser(db, { email: 'gate@itan.example', name: 'Tayo Gate', password: 'staff-password-long' });
    await db.updateTable('staff_users').set({ role: 'staff' }).where('id', '=', staffUser.id).execute();
    return {
      app: built.app,
      config: built.config,
      db,
      database,
      setClock: (d) => (at = d),
      clock: () => at,
      deliver: async () => {
        const before = smtp.received.length;
        const result = await drainOutbox(outbox.target);
        if (result.delivered > 0) await smtp.waitFor(before + result.delivered);
      },
      admin: await issueToken(db, adminUser.id),
      staff: await issueToken(db, staffUser.id),
    };
  }

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const register = async (w: World, email: string, tickets = 1) => {
    const res = await postJson(w.app, '/api/forms/registrations/', { ...validPayloads.registration(tickets), email });
    expect(res.status, email).toBe(201);
    const body = (await res.json()) as { ticketReference: string; ticketUrl: string };
    return { reference: body.ticketReference, token: new URL(body.ticketUrl, SITE).searchParams.get('t')! };
  };
  const cancel = async (w: World, ticket: { reference: string; token: string }) => {
    const res = await postJson(w.app, `/api/tickets/${ticket.reference}/cancel`, { token: ticket.token });
    expect(res.status).toBe(200);
  };
  const join = async (w: World, email: string, name: string, numberOfTickets = 1) => {
    const res = await postJson(w.app, '/api/forms/waiting-list/', { name, email, numberOfTickets });
    expect(res.status, email).toBe(201);
  };
  const list = async (w: World, token: string) => {
    const res = await w.app.request('/api/admin/waiting-list/', { headers: auth(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return ((await res.json()) as { data: WaitingListView }).data;
  };
  const entryId = async (w: World, email: string) =>
    (await w.db.selectFrom('waiting_list').select('id').where('email', '=', email).orderBy('position', 'desc').executeTakeFirstOrThrow()).id;
  const act = async (w: World, token: string, email: string, what: 'offer' | 'withdraw') => postJson(w.app, `/api/admin/waiting-list/${await entryId(w, email)}/${what}/`, {}, auth(token));
  const mailsTo = (email: string, subject?: RegExp) => smtp.received.filter((m) => m.to.includes(email) && (!subject || subject.test(m.mail.subject ?? '')));
  const audit = (w: World, action: string) => w.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').orderBy('id').execute();

  it('staff see the list in order; admins offer by hand and withdraw (audited, never more than is free); the offer mail says why; a person passed over is told once', async () => {
    const w = await world();
    await register(w, 'a@example.com');
    const b = await register(w, 'b@example.com');
    await join(w, 'big@example.com', 'Bisi Big', 2);
    await join(w, 'wale@example.com', 'Wale Adeyemi');
    await join(w, 'kemi@example.com', 'Kemi Ade');

    // Staff (not only admins) see the list in the queue's order.
    const first = await list(w, w.staff);
    expect(first).toMatchObject({ edition: TEST_EDITION_KEY, capacity: 2, free: 0, registrationOpen: true });
    expect(first.entries.map((e) => [e.position, e.name, e.numberOfTickets, e.state, e.offersMade])).toEqual([
      [1, 'Bisi Big', 2, 'waiting', 0],
      [2, 'Wale Adeyemi', 1, 'waiting', 0],
      [3, 'Kemi Ade', 1, 'waiting', 0],
    ]);
    expect(first.entries[0]!.joinedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Offers by hand and withdrawals are the admins'; nobody without a session sees the list.
    expect((await act(w, w.staff, 'wale@example.com', 'offer')).status).toBe(403);
    expect((await w.app.request('/api/admin/waiting-list/')).status).toBe(401);
    // Sold out: nothing is free, so no offer by hand.
    const full = await act(w, w.admin, 'wale@example.com', 'offer');
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ success: false, message: WAITING_LIST_ADMIN_MESSAGES.notFree(1, 0) });
    expect(await audit(w, 'waiting-list.offer')).toHaveLength(0);

    // A wristband given back: Bisi (2) is passed over, Wale (1) is offered it; Bisi is told why.
    await cancel(w, b);
    await w.deliver();
    const offer = mailsTo('wale@example.com', /Wristbands are free for you/);
    expect(offer).toHaveLength(1);
    expect(offer[0]!.mail.text).toContain('Good news: wristbands were given back, and 1 wristband for');
    const skipped = mailsTo('big@example.com', /About your place on the waiting list/);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.mail.text).toContain('fewer than the 2 wristbands you asked for');
    expect(skipped[0]!.mail.text).toContain('You keep your place');
    // The give-back mail does not invite a registration the sold-out edition cannot take.
    const givenBack = mailsTo('b@example.com', /Your wristbands were given back/);
    expect(givenBack).toHaveLength(1);
    expect(givenBack[0]!.mail.text).not.toContain('If registration is open');
    expect(givenBack[0]!.mail.text).toContain('went to the next people on the waiting list');
    expect(givenBack[0]!.mail.text).toContain(`The festival is fully booked, so you cannot register again now; you can join the waiting list at ${SITE}/register.`);

    // An admin withdraws Wale's offer: told once, audited; the place goes to the next who fits (Kemi).
    const withdrawn = await act(w, w.admin, 'wale@example.com', 'withdraw');
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.json()).toMatchObject({ success: true, message: WAITING_LIST_ADMIN_MESSAGES.withdrawn('Wale Adeyemi'), data: { state: 'withdrawn', offersMade: 1 } });
    expect((await act(w, w.admin, 'wale@example.com', 'withdraw')).status).toBe(409);
    // The withdrawn offer's link says so, and cannot be taken.
    const link = /\/register\/offer\/([0-9a-f-]{36})\?t=([A-Za-z0-9_-]+)/.exec(offer[0]!.mail.text ?? '')!;
    const view = await w.app.request(`/api/waiting-list/offers/${link[1]}?t=${link[2]}`);
    expect(view.status).toBe(410);
    expect(await view.json()).toMatchObject({ message: WAITING_LIST_MESSAGES.offerWithdrawn });
    expect((await audit(w, 'waiting-list.withdraw')).map((r) => [r.actor_name, r.summary])).toEqual([
      ['Funmi Admin', 'Withdrew the offer of 1 wristband to Wale Adeyemi; the places went back to the waiting list'],
    ]);
    await w.deliver();
    expect(mailsTo('wale@example.com', /withdrawn/)).toHaveLength(1);
    expect(mailsTo('wale@example.com', /withdrawn/)[0]!.mail.text).toContain('have withdrawn the offer of 1 wristband');
    expect(mailsTo('kemi@example.com', /Wristbands are free for you/)).toHaveLength(1);
    // Bisi was passed over a second time: still one mail.
    expect(mailsTo('big@example.com', /About your place/)).toHaveLength(1);
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(2);

    // The capacity raised at /staff/edition: Bisi's two fit, and the mail says more places opened.
    const save = (capacity: number) =>
      postJson(
        w.app,
        '/api/admin/edition/',
        { startDate: '2025-10-24', endDate: '2025-10-25', venue: 'Centenary Hall, Ake, Abeokuta', capacity, registrationOpensAt: '', registrationClosesAt: '' },
        auth(w.admin),
      );
    expect((await save(4)).status).toBe(200);
    await w.deliver();
    const raised = mailsTo('big@example.com', /Wristbands are free for you/);
    expect(raised).toHaveLength(1);
    expect(raised[0]!.mail.text).toContain('Good news: the festival’s organisers have opened more places, and 2 wristbands for');
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(4);

    // One more place: Wale (withdrawn) is offered it by hand; the mail says the organisers offer it.
    expect((await save(5)).status).toBe(200);
    const byHand = await act(w, w.admin, 'wale@example.com', 'offer');
    expect(byHand.status).toBe(200);
    expect(await byHand.json()).toMatchObject({ message: WAITING_LIST_ADMIN_MESSAGES.offered('Wale Adeyemi', 1), data: { state: 'offered', offersMade: 2, offerReason: 'staff' } });
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(5);
    const again = await act(w, w.admin, 'wale@example.com', 'offer');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: WAITING_LIST_ADMIN_MESSAGES.notOfferable });
    expect((await audit(w, 'waiting-list.offer')).map((r) => r.summary)).toEqual([`Offered 1 wristband by hand to Wale Adeyemi (place 2 on the ${TEST_EDITION_KEY} waiting list)`]);
    await w.deliver();
    const handMails = mailsTo('wale@example.com', /Wristbands are free for you/);
    expect(handMails).toHaveLength(2);
    expect(handMails[1]!.mail.text).toContain('Good news: the festival’s organisers are offering you places from the waiting list');
    expect((await list(w, w.staff)).entries.map((e) => [e.name, e.state, e.offersMade, e.offerReason])).toEqual([
      ['Bisi Big', 'offered', 1, 'capacity'],
      ['Wale Adeyemi', 'offered', 2, 'staff'],
      ['Kemi Ade', 'offered', 1, 'given-back'],
    ]);

    // Withdrawn again: nobody else waits, so the place stays free (for the public, or a hand offer).
    expect((await act(w, w.admin, 'wale@example.com', 'withdraw')).status).toBe(200);
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(4);
    expect((await list(w, w.staff)).free).toBe(1);

    // The export: admins only, in queue order, audited like every export.
    expect((await w.app.request('/api/admin/export/waiting-list.csv', { headers: auth(w.staff) })).status).toBe(403);
    const csv = await w.app.request('/api/admin/export/waiting-list.csv', { headers: auth(w.admin) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/filename="itan-waiting-list-\d{4}-\d\d-\d\d\.csv"/);
    const rows = parse(await csv.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.position, r.name, r.email, r.number_of_tickets, r.status, r.offers_made])).toEqual([
      ['1', 'Bisi Big', 'big@example.com', '2', 'offered', '1'],
      ['2', 'Wale Adeyemi', 'wale@example.com', '1', 'withdrawn', '2'],
      ['3', 'Kemi Ade', 'kemi@example.com', '1', 'offered', '1'],
    ]);
    const downloads = await audit(w, 'export.download');
    expect(downloads.map((r) => [r.actor_name, r.target_id, r.summary])).toEqual([['Funmi Admin', 'waiting-list', 'Downloaded waiting-list.csv (3 rows)']]);
  });

  it('two admins offering the last free place by hand at once: one offer, the counter never over capacity', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '1' });
    const a = await register(w, 'a@example.com');
    await join(w, 'one@example.com', 'Ada One');
    await join(w, 'two@example.com', 'Bola Two');
    await cancel(w, a);
    // Ada holds the offer; withdraw it and Bola gets it; withdraw Bola's too: the place is free, both withdrawn.
    expect((await act(w, w.admin, 'one@example.com', 'withdraw')).status).toBe(200);
    expect((await act(w, w.admin, 'two@example.com', 'withdraw')).status).toBe(200);
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(0);
    // PostgreSQL: a second pool on the same database (another instance); SQLite: one writer at a time.
    let otherApp = w.app;
    if (target.name === 'postgres') {
      const built = await buildApp(w.database.connectAgain(), { env: { REGISTRATION_CAPACITY: '1', TICKET_SECRET: SECRET, SITE_URL: SITE } });
      built.config.now = w.config.now;
      otherApp = built.app;
    }
    const ids = [await entryId(w, 'one@example.com'), await entryId(w, 'two@example.com')];
    const answers = await Promise.all(
      [w.app, otherApp, w.app, otherApp].map((app, i) => (async () => (await postJson(app, `/api/admin/waiting-list/${ids[i % 2]}/offer/`, {}, auth(w.admin))).status)()),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s === 409)).toHaveLength(3);
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(1);
    expect(await w.db.selectFrom('waiting_list').select('id').where('status', '=', 'offered').execute()).toHaveLength(1);
    expect(await audit(w, 'waiting-list.offer')).toHaveLength(1);
  });

  it('an offer is reminded of once before it lapses and noted once after, however many drainers run', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '1' });
    const a = await register(w, 'a@example.com');
    await join(w, 'wale@example.com', 'Wale Adeyemi');
    await cancel(w, a);
    const offeredAt = w.clock().getTime();
    const second = target.name === 'postgres' ? w.database.connectAgain().db : w.db;
    const deps = { config: w.config };
    const passes = async () => {
      const results = await Promise.all([waitingListHousekeeping(w.db, deps), waitingListHousekeeping(second, deps), waitingListHousekeeping(w.db, deps)]);
      return results.reduce((sum, r) => ({ lapsed: sum.lapsed + r.lapsed, reminded: sum.reminded + r.reminded }), { lapsed: 0, reminded: 0 });
    };

    w.setClock(new Date(offeredAt + 47 * HOUR - OFFER_REMINDER_HOURS * HOUR));
    expect(await passes()).toEqual({ lapsed: 0, reminded: 0 });
    w.setClock(new Date(offeredAt + 48 * HOUR - OFFER_REMINDER_HOURS * HOUR + 60_000));
    expect(await passes()).toEqual({ lapsed: 0, reminded: 1 });
    w.setClock(new Date(offeredAt + 47 * HOUR));
    expect(await passes()).toEqual({ lapsed: 0, reminded: 0 });
    await w.deliver();
    const reminders = mailsTo('wale@example.com', /^Reminder: your wristbands are held until/);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.mail.text).toContain(`${SITE}/register/offer/`);
    expect(reminders[0]!.mail.text).toContain('3 September 2025, 09:00 (Lagos time)');

    w.setClock(new Date(offeredAt + 48 * HOUR + 60_000));
    expect(await passes()).toEqual({ lapsed: 1, reminded: 0 });
    expect(await passes()).toEqual({ lapsed: 0, reminded: 0 });
    await w.deliver();
    const lapsed = mailsTo('wale@example.com', /lapsed/);
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]!.mail.subject).toMatch(/^Your waiting-list offer has lapsed/);
    expect(lapsed[0]!.mail.text).toContain('were not taken in time');
    expect(mailsTo('wale@example.com')).toHaveLength(4); // joined, offer, reminder, lapsed
  });

  it('when registration closes, everyone still waiting is told once, even by two drainers at once; the give-back mail says what is true', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '1', REGISTRATION_CLOSES_AT: '2025-10-20T18:00' });
    await register(w, 'a@example.com');
    for (const [email, name] of [
      ['one@example.com', 'Ada One'],
      ['two@example.com', 'Bola Two'],
      ['three@example.com', 'Chidi Three'],
    ] as const) {
      await join(w, email, name);
    }
    // Open still: nobody is told.
    expect(await tellRegistrationClosed(w.db, w.config, w.clock())).toBe(0);
    w.setClock(new Date('2025-10-20T18:00:00+01:00'));
    const second = target.name === 'postgres' ? w.database.connectAgain().db : w.db;
    const told = await Promise.all([tellRegistrationClosed(w.db, w.config, w.clock()), tellRegistrationClosed(second, w.config, w.clock()), tellRegistrationClosed(w.db, w.config, w.clock())]);
    expect(told.reduce((n, x) => n + x, 0)).toBe(3);
    expect((await waitingListHousekeeping(w.db, { config: w.config })).closedTold).toBe(0);
    expect(await w.db.selectFrom('waiting_list_notices').select('entry_id').where('notice', '=', 'closed').execute()).toHaveLength(3);
    await w.deliver();
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      const mails = mailsTo(email, /^Registration has closed/);
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.mail.text).toContain('No more offers will be made from the waiting list');
    }

    // Another edition with places free and nobody waiting: the give-back mail says registering again is possible.
    const open = await world({ REGISTRATION_CAPACITY: '3' });
    const t = await register(open, 'giver@example.com');
    await cancel(open, t);
    await open.deliver();
    const mail = mailsTo('giver@example.com', /Your wristbands were given back/);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.mail.text).toContain(`Changed your mind? Registration is open: you can register again at ${SITE}/register while places last.`);
    expect(mail[0]!.mail.text).toContain('the wristbands are free again for someone else');
  });
});
