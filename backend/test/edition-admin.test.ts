import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITION_FORM_MESSAGES, type EditionAdmin } from '@/contract/api/edition-admin';
import type { Dashboard } from '@/contract/api/admin';
import { CHECK_IN_REFUSALS, type CheckInCounts } from '@/contract/api/tickets';
import { REGISTRATION_WINDOW_MESSAGES, type EditionStatus } from '@/contract/edition';
import { FESTIVAL_VENUE } from '@/contract/festival';
import type { BackendApp } from '../app';
import { addStaffAccount } from '../admin/service';
import { upsertStaffUser } from '../auth/queries';
import { createApp } from '../app';
import { readStoredEdition } from '../edition/queries';
import { placesUsed } from '../edition/counter';
import { newId } from '../kernel/ids';
import { createSandboxGateway } from '../payments';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase, type TestApp } from '@/test/support/databases';
import { silentLogger } from '@/backend/kernel/log';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * /staff/edition's backend and the gate's refusals (issue 28), on SQLite and PostgreSQL: only
 * admins read and save the edition; every field is validated with the contract's words; a save is
 * audited and in force at once, on this instance and on another over the same database; the
 * capacity never goes below the wristbands already taken; moving an unended edition's dates keeps
 * its tickets valid; the gate refuses given-back and earlier editions' tickets with their reason;
 * the dashboard counts the current edition only.
 */
describe.each(dbTargets)('the edition at /staff/edition and the gate on $name', (target) => {
  let database: TestDatabase;
  let built: TestApp;
  let app: BackendApp;
  let other: BackendApp;
  let adminToken: string;
  let staffToken: string;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const get = (a: BackendApp, path: string, token?: string) => a.request(path, { headers: token ? auth(token) : {} });
  const put = (body: unknown, token = adminToken, a = app) =>
    a.request('/api/admin/edition/', { method: 'PUT', headers: { 'Content-Type': 'application/json', ...auth(token) }, body: JSON.stringify(body) });
  const tokenOf = async (email: string, password: string) => {
    const res = await postJson(app, '/api/auth/login/', { email, password });
    expect(res.status, `sign-in of ${email}`).toBe(200);
    return ((await res.json()) as Json).token as string;
  };
  const editionOf = async (a: BackendApp) => ((await (await get(a, '/api/edition/')).json()) as { data: EditionStatus }).data;
  const register = async (email: string, tickets = 1) => {
    const res = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(tickets), email });
    expect(res.status, email).toBe(201);
    return ((await res.json()) as Json).ticketReference as string;
  };
  const checkIn = (reference: string) => postJson(app, '/api/admin/check-ins/', { reference }, auth(staffToken));
  const auditRows = () => database.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'edition.update').orderBy('at').orderBy('logged_at').execute();

  const base = {
    startDate: '2025-10-24',
    endDate: '2025-10-25',
    venue: 'Freedom Park, Lagos Island',
    capacity: '',
    registrationOpensAt: '',
    registrationClosesAt: '',
  };

  beforeAll(async () => {
    database = await target.create();
    built = await buildApp(database.handle, { env: { REGISTRATION_CAPACITY: '500', TICKET_SECRET: 'a-test-secret-of-some-length' } });
    app = built.app;
    // A second instance over the same database (its own connection and app), as on two servers.
    const again = database.connectAgain();
    other = createApp({ db: again.db, dialect: again.dialect, config: built.config, gateway: createSandboxGateway(), log: silentLogger });
    const { user } = await upsertStaffUser(database.handle.db, { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' });
    await addStaffAccount(database.handle.db, user, { name: 'Kunle Gate', email: 'kunle@itan.example', role: 'staff', password: 'kunle-password-long' });
    adminToken = await tokenOf('boss@itan.example', 'boss-password-long');
    staffToken = await tokenOf('kunle@itan.example', 'kunle-password-long');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('only admins read and save the edition: 401 without a session, 403 for plain staff, nothing stored', async () => {
    expect((await get(app, '/api/admin/edition/')).status).toBe(401);
    expect((await put(base, 'not-a-token')).status).toBe(401);
    const staffGet = await get(app, '/api/admin/edition/', staffToken);
    expect(staffGet.status).toBe(403);
    expect(staffGet.headers.get('cache-control')).toBe('no-store');
    expect((await put(base, staffToken)).status).toBe(403);
    expect(await readStoredEdition(database.handle.db)).toBeUndefined();
  });

  it('GET answers the edition in force from configuration, its phase and the places taken', async () => {
    const res = await get(app, '/api/admin/edition/', adminToken);
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: EditionAdmin }).data;
    expect(data).toMatchObject({ source: 'configuration', updatedAt: null, updatedBy: null, placesTaken: 0 });
    expect(data.status.phase).toBe('open');
    expect(data.status.edition).toMatchObject({ startDate: '2025-10-24', endDate: '2025-10-25', capacity: 500, registrationOpensAt: null, registrationClosesAt: '2025-10-25T23:00:00.000Z' });
  });

  it('every field is checked with the contract’s words; a refused save stores and audits nothing', async () => {
    const errorsOf = async (body: unknown) => {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      return ((await res.json()) as { errors: Record<string, string> }).errors;
    };
    expect(await errorsOf({})).toMatchObject({ startDate: EDITION_FORM_MESSAGES.startDate, endDate: EDITION_FORM_MESSAGES.endDate, venue: EDITION_FORM_MESSAGES.venue });
    expect(await errorsOf({ ...base, startDate: '2025-02-30', endDate: '24/10/2025' })).toEqual({ startDate: EDITION_FORM_MESSAGES.startDate, endDate: EDITION_FORM_MESSAGES.endDate });
    expect(await errorsOf({ ...base, endDate: '2025-10-23' })).toEqual({ endDate: EDITION_FORM_MESSAGES.endBeforeStart });
    expect(await errorsOf({ ...base, venue: '   ' })).toEqual({ venue: EDITION_FORM_MESSAGES.venue });
    expect(await errorsOf({ ...base, venue: 'x'.repeat(201) })).toEqual({ venue: EDITION_FORM_MESSAGES.venueLong });
    for (const capacity of ['0', '-3', '2.5', 'many', '1000001', 0, 1_000_001, 12.5]) {
      expect(await errorsOf({ ...base, capacity }), String(capacity)).toEqual({ capacity: EDITION_FORM_MESSAGES.capacity });
    }
    expect(await errorsOf({ ...base, registrationOpensAt: 'tomorrow' })).toEqual({ registrationOpensAt: EDITION_FORM_MESSAGES.opensAt });
    expect(await errorsOf({ ...base, registrationClosesAt: '2025-13-01T10:00' })).toEqual({ registrationClosesAt: EDITION_FORM_MESSAGES.closesAt });
    expect(await errorsOf({ ...base, registrationOpensAt: '2025-09-10T10:00', registrationClosesAt: '2025-09-10T09:00' })).toEqual({ registrationClosesAt: EDITION_FORM_MESSAGES.closesBeforeOpens });
    // Opening after the default close (the end of the last day) is refused too.
    expect(await errorsOf({ ...base, registrationOpensAt: '2025-10-26T09:00' })).toEqual({ registrationOpensAt: EDITION_FORM_MESSAGES.closesBeforeOpens });
    expect(await readStoredEdition(database.handle.db)).toBeUndefined();
    expect(await auditRows()).toEqual([]);
  });

  it('a venue with CR, LF or NUL is refused with the venue’s one-line message (issue 42): nothing saved, the site unchanged', async () => {
    for (const venue of ['Freedom Park\r\nX-Injected: 1', 'Freedom Park\u0000', 'Freedom\u0000Park', 'Freedom Park\n', 'Freedom\u2028Park', 'Freedom\u202EPark', 'Freedom\u0007Park']) {
      const res = await put({ ...base, venue });
      expect(res.status, JSON.stringify(venue)).toBe(422);
      expect(await res.json(), JSON.stringify(venue)).toMatchObject({ success: false, errors: { venue: EDITION_FORM_MESSAGES.venueOneLine } });
    }
    expect(await readStoredEdition(database.handle.db)).toBeUndefined();
    expect(await auditRows()).toEqual([]);
    expect((await editionOf(app)).edition.venue).toBe(FESTIVAL_VENUE);
  });

  it('a save is audited and in force at once on both instances; an unended edition’s tickets move with its dates', async () => {
    const reference = await register('early@example.com', 2);
    const res = await put({ ...base, startDate: '2025-11-07', endDate: '2025-11-08', venue: 'Terra Kulture, Victoria Island', capacity: '1,000', registrationClosesAt: '2025-10-31T18:00' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: EditionAdmin };
    expect(body.message).toBe(EDITION_FORM_MESSAGES.saved);
    expect(body.data).toMatchObject({ source: 'staff', updatedBy: 'Funmi Boss', placesTaken: 2 });
    const expected = { key: '2025', name: 'Ìtàn Festival 2025', number: 1, startDate: '2025-11-07', endDate: '2025-11-08', venue: 'Terra Kulture, Victoria Island', capacity: 1000, registrationOpensAt: null, registrationClosesAt: '2025-10-31T17:00:00.000Z' };
    for (const instance of [app, other]) {
      const status = await editionOf(instance);
      expect(status.edition).toEqual(expected);
      expect(status).toMatchObject({ phase: 'open', remaining: 998 });
    }
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_name: 'Funmi Boss', target_type: 'edition', target_id: '2025-11-07' });
    expect(audit[0]!.summary).toContain('dates 24–25 October 2025 → 7–8 November 2025');
    expect(audit[0]!.summary).toContain('capacity 500 → 1000');
    expect(audit[0]!.summary).toContain(`venue "${FESTIVAL_VENUE}" → "Terra Kulture, Victoria Island"`);
    expect(audit[0]!.summary).toContain('tickets and waiting list moved');
    // The ticket registered before the move is this edition's (its key, 2025, is kept): counted, and admitted at the gate.
    expect(await readStoredEdition(database.handle.db)).toMatchObject({ key: '2025', startDate: '2025-11-07' });
    expect(await placesUsed(database.handle.db, '2025')).toBe(2);
    expect((await checkIn(reference)).status).toBe(200);
  });

  it('the capacity cannot go below the wristbands already taken (registered or offered): 409 on the field, nothing changed', async () => {
    await register('three@example.com', 3);
    const taken = await placesUsed(database.handle.db, '2025');
    expect(taken).toBe(5);
    const res = await put({ ...base, startDate: '2025-11-07', endDate: '2025-11-08', capacity: String(taken - 1) });
    expect(res.status).toBe(409);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({ success: false, message: EDITION_FORM_MESSAGES.capacityBelowTaken(taken), errors: { capacity: EDITION_FORM_MESSAGES.capacityBelowTaken(taken) } });
    expect(body.message).toBe('The capacity cannot be below the 5 wristbands already registered or held by waiting-list offers for this edition');
    expect((await editionOf(app)).edition.capacity).toBe(1000);
    expect(await auditRows()).toHaveLength(1);
    // Exactly the taken number is allowed: the edition is then sold out.
    const full = await put({ ...base, startDate: '2025-11-07', endDate: '2025-11-08', venue: 'Terra Kulture', capacity: String(taken) });
    expect(full.status).toBe(200);
    expect(await editionOf(other)).toMatchObject({ phase: 'sold-out', remaining: 0, registration: 'sold-out' });
  });

  it('raising the capacity offers the freed places to the first person waiting', async () => {
    const db = database.handle.db;
    const now = built.config.now().toISOString();
    const entry = (email: string, n: number, minutes: number) => ({
      id: newId(), edition: '2025', name: 'Wait Er', email, number_of_tickets: n, status: 'waiting' as const, position: minutes + 1, created_at: new Date(Date.parse(now) + minutes * 60_000).toISOString(),
      offered_at: null, offer_expires_at: null, registration_id: null,
    });
    const first = entry('first@example.com', 2, 0);
    const second = entry('second@example.com', 10, 1);
    await db.insertInto('waiting_list').values([first, second]).execute();
    const res = await put({ ...base, startDate: '2025-11-07', endDate: '2025-11-08', venue: 'Terra Kulture', capacity: '7' });
    expect(res.status).toBe(200);
    const rows = await db.selectFrom('waiting_list').select(['email', 'status']).orderBy('created_at').execute();
    expect(rows).toEqual([{ email: 'first@example.com', status: 'offered' }, { email: 'second@example.com', status: 'waiting' }]);
    expect(await placesUsed(db, '2025')).toBe(7);
    const mails = await db.selectFrom('outbox').select(['recipient', 'kind']).where('kind', '=', 'waitingListOffer').execute();
    expect(mails).toEqual([{ recipient: 'first@example.com', kind: 'waitingListOffer' }]);
  });

  it('closing registration is in force at once: a registration after it is refused with the closed message', async () => {
    const res = await put({ ...base, startDate: '2025-11-07', endDate: '2025-11-08', venue: 'Terra Kulture', registrationClosesAt: '2025-08-31T12:00' });
    expect(res.status).toBe(200);
    expect(await editionOf(other)).toMatchObject({ phase: 'closed', registration: 'closed' });
    const refused = await postJson(other, '/api/forms/registrations/', { ...validPayloads.registration(1), email: 'late@example.com' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Json).message).toBe(REGISTRATION_WINDOW_MESSAGES.closed);
  });

  it('the gate refuses a given-back ticket and an earlier edition’s ticket with their reason; nothing is checked in', async () => {
    const db = database.handle.db;
    // Reopen registration to make the tickets (15 places: the one waiting for 10 still does not fit).
    expect((await put({ ...base, startDate: '2025-11-07', endDate: '2025-11-08', venue: 'Terra Kulture', capacity: '15' })).status).toBe(200);
    const given = await register('given@example.com', 2);
    const old = await register('old@example.com', 1);
    const cancelledAt = '2025-10-03T13:05:00.000Z';
    await db.updateTable('registrations').set({ cancelled_at: cancelledAt }).where('ticket_reference', '=', given).execute();
    await db.updateTable('registrations').set({ edition: '2024-10-24' }).where('ticket_reference', '=', old).execute();

    const refusedGiven = await checkIn(given);
    expect(refusedGiven.status).toBe(409);
    expect(await refusedGiven.json()).toEqual({
      success: false, status: 'refused', reason: 'cancelled', cancelledAt, message: CHECK_IN_REFUSALS.cancelled(cancelledAt),
      ticket: { reference: given, firstName: 'Ada', lastName: 'Obi', numberOfTickets: 2 },
    });
    expect(CHECK_IN_REFUSALS.cancelled(cancelledAt)).toBe('This ticket was given back on 3 October 2025, 14:05: do not admit.');

    const refusedOld = await checkIn(old.slice(4).toLowerCase());
    expect(refusedOld.status).toBe(409);
    expect(await refusedOld.json()).toMatchObject({ success: false, status: 'refused', reason: 'earlier-edition', editionYear: '2024', message: 'This ticket is for Ìtàn Festival 2024, not this year\'s festival.' });

    const rows = await db.selectFrom('registrations').select(['ticket_reference', 'checked_in_at']).where('ticket_reference', 'in', [given, old]).execute();
    expect(rows.every((r) => r.checked_in_at === null)).toBe(true);
    expect(await db.selectFrom('audit_log').select('target_id').where('action', '=', 'ticket.check-in').where('target_id', 'in', [given, old]).execute()).toEqual([]);
    // A valid ticket still passes, once.
    const fresh = await register('fresh@example.com', 1);
    expect((await checkIn(fresh)).status).toBe(200);
    expect(((await (await checkIn(fresh)).json()) as Json).status).toBe('already');
  });

  it('the dashboard and the gate count the current edition only, given-back tickets apart, and the waiting list', async () => {
    const db = database.handle.db;
    const d = ((await (await get(app, '/api/admin/dashboard/', staffToken)).json()) as { data: Dashboard }).data;
    // This edition: early ×2 (in), three ×3, fresh ×1 (in); given ×2 given back; old ×1 is 2024's.
    expect(d.edition).toBe('2025-11-07');
    expect(d.registrations).toEqual({ count: 3, wristbands: 6, capacity: 15, checkedInRegistrations: 2, checkedInWristbands: 3 });
    expect(d.givenBack).toEqual({ registrations: 1, wristbands: 2 });
    expect(d.waitingList).toEqual({ waiting: 1, offered: 1, wristbandsWaiting: 10 });
    expect(d.recent.registrations.map((r) => r.name)).not.toContain(expect.stringContaining('old'));
    expect(d.recent.registrations.find((r) => r.givenBack)?.wristbands).toBe(2);
    expect(d.recent.registrations).toHaveLength(4);
    const counts = ((await (await get(app, '/api/admin/check-ins/', staffToken)).json()) as { data: CheckInCounts }).data;
    expect(counts).toEqual({ registrations: 3, wristbands: 6, checkedInRegistrations: 2, checkedInWristbands: 3 });
    // The 2024 ticket is there, just not this edition's.
    expect(Number((await db.selectFrom('registrations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(5);
  });

  it('back to configuration (admins only): the row is deleted, audited, and the unended edition’s tickets follow its dates back', async () => {
    const del = (token: string) => app.request('/api/admin/edition/', { method: 'DELETE', headers: auth(token) });
    expect((await del(staffToken)).status).toBe(403);
    expect((await postJson(app, '/api/admin/edition/reset/', {}, auth(staffToken))).status).toBe(403);
    const res = await del(adminToken);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: EditionAdmin };
    expect(body.message).toBe(EDITION_FORM_MESSAGES.reset);
    expect(body.data).toMatchObject({ source: 'configuration', updatedAt: null });
    expect(await readStoredEdition(database.handle.db)).toBeUndefined();
    expect((await editionOf(other)).edition).toMatchObject({ startDate: '2025-10-24', capacity: 500, venue: FESTIVAL_VENUE });
    const reset = await database.handle.db.selectFrom('audit_log').select(['summary', 'target_id']).where('action', '=', 'edition.reset').execute();
    expect(reset).toHaveLength(1);
    expect(reset[0]!.summary).toMatch(/^Back to the configuration: dates 7–8 November 2025 → 24–25 October 2025/);
    const d = ((await (await get(app, '/api/admin/dashboard/', staffToken)).json()) as { data: Dashboard }).data;
    expect(d.edition).toBe('2025-10-24');
    expect(d.registrations).toMatchObject({ count: 3, wristbands: 6, capacity: 500 });
    // 500 places: the one waiting for 10 now fits, and is offered them.
    expect(d.waitingList).toEqual({ waiting: 0, offered: 2, wristbandsWaiting: 0 });
  });
});
