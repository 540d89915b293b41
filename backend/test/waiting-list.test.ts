import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { splitName, WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import { editionFrom, REGISTRATION_WINDOW_MESSAGES } from '@/contract/edition';
import type { BackendApp } from '../app';
import { parseBackendConfig, type BackendConfig } from '../kernel/config';
import type { DbHandle } from '../db/connect';
import { placesUsed } from '../edition/counter';
import { storeEdition } from '../edition/queries';
import { createSigner } from '../kernel/signing';
import { composeMessage } from '../mail/compose';
import { MAIL_KINDS } from '../mail-kinds';
import { offerToken } from '../waiting-list/links';
import { startBackend } from '../start';
import { offerExpiry, offerFreedPlaces } from '../waiting-list/service';
import { buildApp, dbTargets, postJson, TEST_EDITION_ENV, TEST_EDITION_KEY, validPayloads, type TestDatabase } from '@/test/support/databases';
import { silentLogger } from '@/backend/kernel/log';

/**
 * Giving wristbands back and the waiting list (issue 28), on a real database with a clock the
 * test moves: a ticket given back frees its places, the first waiting person who fits is offered
 * them by mail, and the mail's personal link registers them once. Expired, forged and used links
 * are refused; an offer not taken passes to the next. Two app instances on one database never
 * oversell and never offer one place twice.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SECRET = 'waiting-list-test-secret-long-enough';
const SITE = 'https://festival.example';
const signer = createSigner(SECRET);
const HOUR = 3_600_000;

interface World {
  database: TestDatabase;
  app: BackendApp;
  config: BackendConfig;
  /** The festival clock of every app in this world. */
  setClock: (at: Date) => void;
  clock: () => Date;
  db: DbHandle['db'];
}

describe('offers: their time and the names they prefill', () => {
  it('an offer holds its places 48 hours, never past the close of registration', () => {
    const edition = editionFrom({ startDate: '2025-10-24', endDate: '2025-10-25', registrationClosesAt: '2025-10-20T17:00:00.000Z' }, new Date('2025-09-01T00:00:00Z'));
    expect(offerExpiry(edition, new Date('2025-10-01T10:00:00Z'))).toBe('2025-10-03T10:00:00.000Z');
    expect(offerExpiry(edition, new Date('2025-10-19T10:00:00Z'))).toBe('2025-10-20T17:00:00.000Z');
  });

  it('splits a full name into the registration’s first and last name', () => {
    expect(splitName('  Wale   Adeyemi ')).toEqual({ firstName: 'Wale', lastName: 'Adeyemi' });
    expect(splitName('Ngozi Ada Obi')).toEqual({ firstName: 'Ngozi Ada', lastName: 'Obi' });
    expect(splitName('Kemi')).toEqual({ firstName: 'Kemi', lastName: '' });
  });
});

describe.each(dbTargets)('giving wristbands back and the waiting list on $name', (target) => {
  const worlds: TestDatabase[] = [];
  afterEach(async () => {
    while (worlds.length) await worlds.pop()!.drop();
  });

  async function world(env: Record<string, string> = {}): Promise<World> {
    const database = await target.create();
    worlds.push(database);
    const built = await buildApp(database.handle, { env: { REGISTRATION_CAPACITY: '3', TICKET_SECRET: SECRET, SITE_URL: SITE, ...env } });
    let at = built.config.now();
    built.config.now = () => at;
    return { database, app: built.app, config: built.config, setClock: (d) => (at = d), clock: () => at, db: database.handle.db };
  }

  const register = async (app: BackendApp, email: string, tickets = 1) => {
    const res = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(tickets), email });
    expect(res.status, email).toBe(201);
    const body = (await res.json()) as { ticketReference: string; ticketUrl: string };
    return { reference: body.ticketReference, token: new URL(body.ticketUrl, SITE).searchParams.get('t')! };
  };
  const cancel = async (app: BackendApp, ticket: { reference: string; token: string }) => postJson(app, `/api/tickets/${ticket.reference}/cancel`, { token: ticket.token });
  const join = async (app: BackendApp, email: string, numberOfTickets = 1, extra: Json = {}) =>
    postJson(app, '/api/forms/waiting-list/', { name: 'Wale Adeyemi', email, numberOfTickets, submittedAt: '2025-09-01T10:00:00.000Z', ...extra });
  const claim = async (app: BackendApp, offer: { id: string; token: string }, headers: Record<string, string> = {}) =>
    postJson(app, `/api/waiting-list/offers/${offer.id}/claim`, { token: offer.token, firstName: 'Wale', lastName: 'Adeyemi', phone: '0803 123 4567' }, headers);
  const outbox = (w: World, kind: string) => w.db.selectFrom('outbox').selectAll().where('kind', '=', kind).orderBy('created_at').execute();
  const entry = (w: World, email: string) => w.db.selectFrom('waiting_list').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  /** The offer link as the mail carries it: the outbox entry composed as the drain would. */
  async function offerFromMail(w: World, email: string) {
    const rows = (await outbox(w, 'waitingListOffer')).filter((r) => r.recipient === email);
    expect(rows, `offer mails to ${email}`).toHaveLength(1);
    const row = rows[0]!;
    const mail = await composeMessage(
      { id: row.id, topic: 'mail', kind: row.kind, recipient: row.recipient, payload: JSON.parse(row.payload), attempts: 1, createdAt: row.created_at },
      { db: w.db, signer, config: w.config },
      MAIL_KINDS,
    );
    const match = /\/register\/offer\/([0-9a-f-]{36})\?t=([A-Za-z0-9_-]{22})/.exec(String(mail.text));
    expect(match, String(mail.text)).not.toBeNull();
    expect(String(mail.text)).toContain(`${SITE}/register/offer/`);
    return { id: match![1]!, token: match![2]!, mail };
  }

  it('a ticket given back frees its place; the first waiting person is offered it by mail; the link registers them once', async () => {
    const w = await world();
    const a = await register(w.app, 'a@example.com', 2);
    const b = await register(w.app, 'b@example.com', 1);
    expect(((await (await w.app.request('/api/edition/')).json()) as Json).data).toMatchObject({ registration: 'sold-out', waitingList: true, remaining: 0 });

    const first = await join(w.app, 'First@Example.com ');
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as Json;
    expect(firstBody).toMatchObject({ success: true, message: WAITING_LIST_MESSAGES.joined });
    // Joining again answers exactly alike (nobody learns who is listed), and adds nothing.
    const again = (await (await join(w.app, 'first@example.com', 3)).json()) as Json;
    expect(again.message).toBe(firstBody.message);
    expect(again.success).toBe(true);
    expect((await join(w.app, 'second@example.com')).status).toBe(201);
    const listed = await w.db.selectFrom('waiting_list').select(['email', 'number_of_tickets', 'status']).orderBy('created_at').execute();
    expect(listed).toEqual([
      { email: 'first@example.com', number_of_tickets: 1, status: 'waiting' },
      { email: 'second@example.com', number_of_tickets: 1, status: 'waiting' },
    ]);
    expect((await outbox(w, 'waitingListJoined')).map((r) => r.recipient)).toEqual(['first@example.com', 'second@example.com']);

    // "I can't come".
    const res = await cancel(w.app, b);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: WAITING_LIST_MESSAGES.cancelled(1), data: { reference: b.reference, numberOfTickets: 1 } });
    const ticket = (await (await w.app.request(`/api/tickets/${b.reference}?t=${b.token}`)).json()) as Json;
    expect(ticket.data.cancelledAt).toBe(w.clock().toISOString());
    expect((await outbox(w, 'ticketCancelled')).map((r) => r.recipient)).toEqual(['b@example.com']);
    const audit = await w.db.selectFrom('audit_log').selectAll().where('action', '=', 'ticket.give-back').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, actor_name: 'Visitor (ticket link)', target_id: b.reference });

    // The freed place went straight to the first in line: held, so still sold out to the public.
    expect(await entry(w, 'first@example.com')).toMatchObject({ status: 'offered', offer_expires_at: new Date(w.clock().getTime() + 48 * HOUR).toISOString() });
    expect((await entry(w, 'second@example.com')).status).toBe('waiting');
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(3);
    expect((await postJson(w.app, '/api/forms/registrations/', { ...validPayloads.registration(1), email: 'public@example.com' })).status).toBe(409);

    const offer = await offerFromMail(w, 'first@example.com');
    expect(offer.mail.subject).toContain('Wristbands are free for you');
    expect(String(offer.mail.text)).toContain('1 wristband for Ìtàn Festival 2025 (24–25 October 2025, Centenary Hall, Ake, Abeokuta) is now held for you');
    expect(String(offer.mail.text)).toContain('confirm by 3 September 2025, 09:00 (Lagos time)');
    const view = await w.app.request(`/api/waiting-list/offers/${offer.id}?t=${offer.token}`);
    expect(view.status).toBe(200);
    expect(((await view.json()) as Json).data).toMatchObject({ id: offer.id, name: 'Wale Adeyemi', numberOfTickets: 1 });
    // Reading the offer (a mail scanner following the link) takes nothing.
    expect((await entry(w, 'first@example.com')).status).toBe('offered');

    const taken = await claim(w.app, offer, { 'Idempotency-Key': 'claim-key-0001' });
    expect(taken.status).toBe(201);
    const takenBody = (await taken.json()) as Json;
    expect(takenBody.ticketReference).toMatch(/^ITN-/);
    expect(takenBody.ticketUrl).toMatch(new RegExp(`^/tickets/${takenBody.ticketReference}\\?t=`));
    const registered = await w.db.selectFrom('registrations').selectAll().where('email', '=', 'first@example.com').execute();
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({ number_of_tickets: 1, first_name: 'Wale', edition: TEST_EDITION_KEY, cancelled_at: null });
    expect((await entry(w, 'first@example.com')).registration_id).toBe(registered[0]!.id);
    expect((await outbox(w, 'registration')).map((r) => r.recipient)).toContain('first@example.com');
    // The held place became the registration: nothing claimed twice.
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(3);

    // The same post retried (JavaScript off, a double click) gets the same answer; any other use is refused.
    const replay = await claim(w.app, offer, { 'Idempotency-Key': 'claim-key-0001' });
    expect(replay.status).toBe(201);
    expect(((await replay.json()) as Json).ticketReference).toBe(takenBody.ticketReference);
    const second = await claim(w.app, offer);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ success: false, message: WAITING_LIST_MESSAGES.offerUsed, reason: 'offer-used' });
    expect((await w.app.request(`/api/waiting-list/offers/${offer.id}?t=${offer.token}`)).status).toBe(409);
    expect(await w.db.selectFrom('registrations').select('id').where('email', '=', 'first@example.com').execute()).toHaveLength(1);

    // A second "I can't come": already given back, no second mail, nothing released twice.
    const twice = await cancel(w.app, b);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: WAITING_LIST_MESSAGES.alreadyCancelled, reason: 'already-given-back' });
    expect(await outbox(w, 'ticketCancelled')).toHaveLength(1);
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(3);
    void a;
  });

  it('an expired link is refused (410); the lapse passes the places to the next in line; forged links are 404', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '2' });
    const a = await register(w.app, 'a@example.com');
    await register(w.app, 'b@example.com');
    await join(w.app, 'one@example.com');
    await join(w.app, 'two@example.com');
    expect((await cancel(w.app, a)).status).toBe(200);
    const offer = await offerFromMail(w, 'one@example.com');

    // Forged: another token, the token cut or altered, another entry's id, an unknown id.
    const flipped = (offer.token[0] === 'A' ? 'B' : 'A') + offer.token.slice(1);
    const two = await entry(w, 'two@example.com');
    for (const path of [
      `/api/waiting-list/offers/${offer.id}?t=${flipped}`,
      `/api/waiting-list/offers/${offer.id}?t=${offer.token.slice(0, 21)}`,
      `/api/waiting-list/offers/${offer.id}`,
      `/api/waiting-list/offers/${two.id}?t=${offer.token}`,
      `/api/waiting-list/offers/00000000-0000-4000-8000-000000000000?t=${offer.token}`,
      `/api/waiting-list/offers/not-an-id?t=${offer.token}`,
    ]) {
      const res = await w.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ success: false, message: WAITING_LIST_MESSAGES.offerNotFound });
    }
    // A link signed with another secret (another deployment) opens nothing either.
    const foreign = createSigner('another-secret-entirely-long').sign('offer', `${offer.id}\n${(await entry(w, 'one@example.com')).offered_at}`);
    expect((await claim(w.app, { id: offer.id, token: foreign })).status).toBe(404);
    expect((await claim(w.app, { id: offer.id, token: flipped })).status).toBe(404);

    // 48 hours and a minute later.
    w.setClock(new Date(w.clock().getTime() + 48 * HOUR + 60_000));
    const late = await w.app.request(`/api/waiting-list/offers/${offer.id}?t=${offer.token}`);
    expect(late.status).toBe(410);
    expect(await late.json()).toMatchObject({ message: WAITING_LIST_MESSAGES.offerExpired, reason: 'offer-expired' });
    expect((await claim(w.app, offer)).status).toBe(410);
    expect(await w.db.selectFrom('registrations').select('id').where('email', '=', 'one@example.com').execute()).toHaveLength(0);

    // The housekeeping pass: the offer lapses and its place goes to the next person.
    expect(await offerFreedPlaces(w.db, { config: w.config })).toEqual({ lapsed: 1, offered: 1 });
    expect((await entry(w, 'one@example.com')).status).toBe('lapsed');
    expect((await entry(w, 'two@example.com')).status).toBe('offered');
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(2);
    const next = await offerFromMail(w, 'two@example.com');
    expect((await claim(w.app, next)).status).toBe(201);
    expect((await claim(w.app, offer)).status).toBe(410);
    // Nothing more to do: a second pass changes nothing.
    expect(await offerFreedPlaces(w.db, { config: w.config })).toEqual({ lapsed: 0, offered: 0 });
  });

  it('first come, first served by what fits: a large request at the head keeps its place without blocking smaller ones', async () => {
    const w = await world();
    const a = await register(w.app, 'a@example.com', 2);
    const b = await register(w.app, 'b@example.com', 1);
    await join(w.app, 'big@example.com', 2);
    await join(w.app, 'small@example.com', 1);
    await join(w.app, 'later@example.com', 1);
    await cancel(w.app, b);
    expect((await entry(w, 'big@example.com')).status).toBe('waiting');
    expect((await entry(w, 'small@example.com')).status).toBe('offered');
    expect((await entry(w, 'later@example.com')).status).toBe('waiting');
    await cancel(w.app, a);
    expect((await entry(w, 'big@example.com')).status).toBe('offered');
    expect((await entry(w, 'later@example.com')).status).toBe('waiting');
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(3);
  });

  it('staff raising the capacity: offerFreedPlaces offers the new places in order', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '1' });
    await register(w.app, 'a@example.com');
    await join(w.app, 'one@example.com', 2);
    await join(w.app, 'two@example.com', 1);
    await storeEdition(
      w.db,
      { startDate: '2025-10-24', endDate: '2025-10-25', venue: 'Freedom Park, Lagos Island', capacity: 4, registrationOpensAt: null, registrationClosesAt: null },
      'staff@example.com',
      new Date().toISOString(),
    );
    expect(await offerFreedPlaces(w.db, { config: w.config })).toEqual({ lapsed: 0, offered: 2 });
    expect(await placesUsed(w.db, TEST_EDITION_KEY)).toBe(4);
  });

  it('giving back is refused for a ticket checked in, of an earlier edition, from the festival’s first day, after it, or with a wrong token', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '10' });
    const used = await register(w.app, 'used@example.com');
    await w.db.updateTable('registrations').set({ checked_in_at: new Date().toISOString(), checked_in_by: 'Gate' }).where('ticket_reference', '=', used.reference).execute();
    const res = await cancel(w.app, used);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, message: WAITING_LIST_MESSAGES.checkedIn, reason: 'checked-in' });

    const old = await register(w.app, 'old@example.com');
    await w.db.updateTable('registrations').set({ edition: '2024-10-24' }).where('ticket_reference', '=', old.reference).execute();
    expect(await (await cancel(w.app, old)).json()).toMatchObject({ message: WAITING_LIST_MESSAGES.earlierEdition, reason: 'earlier-edition' });

    const mine = await register(w.app, 'mine@example.com');
    const other = await register(w.app, 'other@example.com');
    for (const token of [other.token, '', 'x'.repeat(22), (mine.token[0] === 'A' ? 'B' : 'A') + mine.token.slice(1)]) {
      const forged = await cancel(w.app, { reference: mine.reference, token });
      expect(forged.status, token).toBe(404);
    }
    expect((await postJson(w.app, `/api/tickets/${mine.reference}/cancel`, {})).status).toBe(422);
    expect((await postJson(w.app, `/api/tickets/${mine.reference}/cancel`, 'nope')).status).toBe(400);

    // Issue 41: from 00:00 Lagos on the first day (23:00 UTC the day before) nothing is given back.
    w.setClock(new Date('2025-10-23T22:59:59.000Z'));
    const lastMinute = await register(w.app, 'last-minute@example.com');
    w.setClock(new Date('2025-10-23T23:00:00.000Z'));
    for (const ticket of [mine, lastMinute]) {
      const started = await cancel(w.app, ticket);
      expect(started.status).toBe(409);
      expect(await started.json()).toMatchObject({ success: false, message: WAITING_LIST_MESSAGES.festivalStarted, reason: 'festival-started' });
    }
    w.setClock(new Date('2025-10-25T23:59:00+01:00'));
    expect(await (await cancel(w.app, mine)).json()).toMatchObject({ reason: 'festival-started' });
    w.setClock(new Date('2025-10-26T12:00:00+01:00'));
    expect(await (await cancel(w.app, mine)).json()).toMatchObject({ reason: 'festival-over' });
    const stored = await w.db.selectFrom('registrations').select(['ticket_reference', 'cancelled_at']).where('cancelled_at', 'is not', null).execute();
    expect(stored).toEqual([]);
    expect(await outbox(w, 'ticketCancelled')).toHaveLength(0);
  });

  it('the waiting list takes names only when sold out; otherwise a 409 saying what to do instead', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '2', REGISTRATION_OPENS_AT: '2025-08-01T09:00', REGISTRATION_CLOSES_AT: '2025-10-20T18:00' });
    const open = await join(w.app, 'early@example.com');
    expect(open.status).toBe(409);
    expect(await open.json()).toMatchObject({ success: false, message: WAITING_LIST_MESSAGES.registerInstead, reason: 'registration-open' });

    w.setClock(new Date('2025-07-01T09:00:00+01:00'));
    expect(await (await join(w.app, 'early@example.com')).json()).toMatchObject({
      message: REGISTRATION_WINDOW_MESSAGES.notYet('2025-08-01T08:00:00.000Z'),
      reason: 'registration-not-open',
    });
    w.setClock(new Date('2025-10-21T09:00:00+01:00'));
    expect(await (await join(w.app, 'late@example.com')).json()).toMatchObject({ message: REGISTRATION_WINDOW_MESSAGES.closed, reason: 'registration-closed' });
    expect(await w.db.selectFrom('waiting_list').select('id').execute()).toHaveLength(0);

    w.setClock(new Date('2025-09-01T09:00:00+01:00'));
    await register(w.app, 'a@example.com', 2);
    const invalid = await join(w.app, 'x@example.com', 11);
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as Json).errors).toHaveProperty('numberOfTickets');
    expect((await join(w.app, 'not-an-email')).status).toBe(422);
    const bot = await join(w.app, 'bot@example.com', 1, { website: 'http://spam.example' });
    expect(bot.status).toBe(201);
    expect(await w.db.selectFrom('waiting_list').select('id').execute()).toHaveLength(0);
    // Keyed like every form: the same post again is the same answer, one entry.
    const keyed = await join(w.app, 'k@example.com', 1, {});
    expect(keyed.status).toBe(201);
    const headers = { 'Idempotency-Key': 'join-key-00001' };
    const one = await postJson(w.app, '/api/forms/waiting-list/', { name: 'Kemi', email: 'kemi@example.com', numberOfTickets: 2 }, headers);
    const two = await postJson(w.app, '/api/forms/waiting-list/', { name: 'Kemi', email: 'kemi@example.com', numberOfTickets: 2 }, headers);
    expect(two.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await two.json()).toEqual(await one.json());
    expect(await w.db.selectFrom('waiting_list').select('email').orderBy('created_at').execute()).toEqual([{ email: 'k@example.com' }, { email: 'kemi@example.com' }]);
  });

  it('50 cancellations and the claims of their offers at once, on two instances: never oversold, no place offered twice', async () => {
    const CAPACITY = 60;
    const w = await world({ REGISTRATION_CAPACITY: String(CAPACITY) });
    // PostgreSQL: a second pool on the same database (another process). SQLite: better-sqlite3 waits
    // for locks synchronously, so the second app shares the connection, as two route chunks do.
    const otherHandle = target.name === 'postgres' ? w.database.connectAgain() : w.database.handle;
    const other = await buildApp(otherHandle, { env: { REGISTRATION_CAPACITY: String(CAPACITY), TICKET_SECRET: SECRET, SITE_URL: SITE } });
    other.config.now = w.config.now;
    const apps = [w.app, other.app];
    const dbs = [w.db, otherHandle.db];

    const tickets = [];
    for (let i = 0; i < CAPACITY; i++) tickets.push(await register(w.app, `r${i}@example.com`));
    for (let i = 0; i < 80; i++) expect((await join(apps[i % 2]!, `w${i}@example.com`, (i % 3) + 1)).status).toBe(201);

    const openOffers = async () => {
      const rows = await w.db.selectFrom('waiting_list').select(['id', 'offered_at']).where('status', '=', 'offered').execute();
      return rows.map((r) => ({ id: r.id, token: offerToken(signer, r.id, r.offered_at!) }));
    };
    let capacity = CAPACITY;
    const invariants = async () => {
      const registered = await w.db
        .selectFrom('registrations')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('number_of_tickets'), eb.lit(0)).as('n'))
        .where('cancelled_at', 'is', null)
        .executeTakeFirstOrThrow();
      const held = await w.db
        .selectFrom('waiting_list')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('number_of_tickets'), eb.lit(0)).as('n'))
        .where('status', '=', 'offered')
        .executeTakeFirstOrThrow();
      const used = await placesUsed(w.db, TEST_EDITION_KEY);
      expect(used).toBe(Number(registered.n) + Number(held.n));
      expect(used).toBeLessThanOrEqual(capacity);
      // Every offer mailed once, to an entry offered once.
      const mails = await outbox(w, 'waitingListOffer');
      const offeredEntries = await w.db.selectFrom('waiting_list').select(['id', 'email']).where('status', 'in', ['offered', 'registered', 'lapsed']).execute();
      expect(new Set(mails.map((m) => JSON.parse(m.payload).entryId)).size).toBe(mails.length);
      expect(mails).toHaveLength(offeredEntries.length);
      // A registration from the list only for an entry that was offered, once.
      const fromList = await w.db.selectFrom('registrations').select('email').where('email', 'like', 'w%').execute();
      const registeredEntries = await w.db.selectFrom('waiting_list').select('email').where('status', '=', 'registered').execute();
      expect(fromList.map((r) => r.email).sort()).toEqual(registeredEntries.map((r) => r.email).sort());
      return used;
    };

    // Ten given back first: their places are offered.
    for (const t of tickets.slice(0, 10)) expect((await cancel(w.app, t)).status).toBe(200);
    const firstOffers = await openOffers();
    expect(firstOffers.length).toBeGreaterThan(0);
    expect(await invariants()).toBe(CAPACITY);

    // Then at once: 40 more cancellations, every open offer claimed twice (once per instance), and
    // both instances' housekeeping passes.
    const requests: Promise<unknown>[] = [];
    tickets.slice(10, 50).forEach((t, i) => requests.push(cancel(apps[i % 2]!, t).then((r) => expect(r.status).toBe(200))));
    const claims: Promise<Response>[] = [];
    for (const offer of firstOffers) for (const app of apps) claims.push(claim(app, offer));
    for (const db of dbs) requests.push(offerFreedPlaces(db, { config: w.config }));
    await Promise.all([...requests, ...claims]);
    const statuses = await Promise.all(claims.map((c) => c.then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(firstOffers.length);
    expect(statuses.filter((s) => s === 409)).toHaveLength(firstOffers.length);
    const afterBurst = await invariants();

    // The offers made during the burst, claimed at once from both instances, with a pass running.
    const secondOffers = await openOffers();
    const more: Promise<Response>[] = [];
    for (const offer of secondOffers) for (const app of apps) more.push(claim(app, offer));
    await Promise.all([...more, offerFreedPlaces(dbs[1]!, { config: w.config })]);
    const moreStatuses = await Promise.all(more.map((c) => c.then((r) => r.status)));
    expect(moreStatuses.filter((s) => s === 201)).toHaveLength(secondOffers.length);
    expect(await invariants()).toBeGreaterThanOrEqual(afterBurst);
    // With people of every size still waiting, the places freed are in use again (up to 2 left
    // over when nobody left fits exactly what is free).
    expect(CAPACITY - (await placesUsed(w.db, TEST_EDITION_KEY))).toBeLessThanOrEqual(2);
    expect(await w.db.selectFrom('registrations').select('id').where('cancelled_at', 'is not', null).execute()).toHaveLength(50);

    // Staff raise the capacity by 30: eight offer passes at once on the two instances, while the
    // open offers are claimed from both. The new places go to the list once each.
    const RAISED = CAPACITY + 30;
    capacity = RAISED;
    await storeEdition(
      w.db,
      { startDate: '2025-10-24', endDate: '2025-10-25', venue: 'Freedom Park, Lagos Island', capacity: RAISED, registrationOpensAt: null, registrationClosesAt: null },
      'staff@example.com',
      new Date().toISOString(),
    );
    const open = await openOffers();
    const passes = Array.from({ length: 8 }, (_, i) => offerFreedPlaces(dbs[i % 2]!, { config: w.config }));
    const raisedClaims = open.flatMap((offer) => apps.map((app) => claim(app, offer)));
    const results = await Promise.all(passes);
    await Promise.all(raisedClaims);
    expect(results.reduce((n, r) => n + r.offered, 0)).toBeGreaterThan(0);
    const used = await placesUsed(w.db, TEST_EDITION_KEY);
    expect(used).toBeLessThanOrEqual(RAISED);
    expect(RAISED - used).toBeLessThanOrEqual(2);
    await invariants();
  });
});

describe('the drain’s housekeeping (after responses, the cron route, the long-lived loop)', () => {
  it('lapses an offer whose 48 hours are up and offers its places to the next in line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-waiting-drain-'));
    const config = parseBackendConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', REGISTRATION_CAPACITY: '1', TICKET_SECRET: SECRET, ...TEST_EDITION_ENV });
    let at = config.now();
    config.now = () => at;
    const backend = await startBackend(config, { log: silentLogger });
    try {
      const res = await postJson(backend.app, '/api/forms/registrations/', { ...validPayloads.registration(1), email: 'holder@example.com' });
      const { ticketUrl, ticketReference } = (await res.json()) as { ticketUrl: string; ticketReference: string };
      for (const email of ['one@example.com', 'two@example.com']) {
        expect((await postJson(backend.app, '/api/forms/waiting-list/', { name: 'Wale Adeyemi', email, numberOfTickets: 1 })).status).toBe(201);
      }
      const token = new URL(ticketUrl, SITE).searchParams.get('t')!;
      expect((await postJson(backend.app, `/api/tickets/${ticketReference}/cancel`, { token })).status).toBe(200);
      const status = async (email: string) => (await backend.db.selectFrom('waiting_list').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;
      expect(await status('one@example.com')).toBe('offered');
      expect((await backend.drainMail()).waitingList).toEqual({ lapsed: 0, offered: 0, reminded: 0, closedTold: 0 });

      at = new Date(at.getTime() + 49 * HOUR);
      // The pass runs at most once a minute per instance: a fresh start, as the next minute's would.
      const later = await startBackend(config, { log: silentLogger });
      try {
        expect((await later.drainMail()).waitingList).toEqual({ lapsed: 1, offered: 1, reminded: 0, closedTold: 0 });
        expect(await status('one@example.com')).toBe('lapsed');
        expect(await status('two@example.com')).toBe('offered');
      } finally {
        await later.close();
      }
    } finally {
      await backend.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
