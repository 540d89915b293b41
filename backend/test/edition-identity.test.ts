import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import { dashboardResultSchema } from '@/contract/api/admin';
import { gatePackResultSchema, gateSyncResultSchema, PACK_STATE, referenceHash, type GatePack } from '@/contract/api/gate';
import { CHECK_IN_REFUSALS, ticketResultSchema } from '@/contract/api/tickets';
import { editionStatusSchema } from '@/contract/edition';
import { decideOffline } from '@/contract/gate/decide';
import { importPassPublicKey, verifyPass } from '@/contract/gate/pass';
import type { BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { placesUsed } from '../edition/counter';
import { migrateToLatest } from '../db/migrate';
import { migrations, staticMigrationProvider } from '../db/migrations';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';

/**
 * Editions keyed by identity, not by date (issue 41), on SQLite and PostgreSQL. A ticket belongs
 * to its edition's key: by default the start date's year, or FESTIVAL_EDITION. Moving the dates in
 * the environment within the year (a restart with new settings: a new app over the same database)
 * keeps every ticket, count, pass and pack; moving them to the next year starts a new edition whose
 * gate refuses the old tickets as an earlier edition's. Staff moves at /staff/edition keep the key
 * too (even into the next year, before the edition ends).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SECRET = 'edition-identity-test-secret';
const OCTOBER = { FESTIVAL_START_DATE: '2027-10-24', FESTIVAL_END_DATE: '2027-10-25', FESTIVAL_NOW: '2027-09-01T09:00:00+01:00' };
const MOVED = { FESTIVAL_START_DATE: '2027-10-31', FESTIVAL_END_DATE: '2027-11-01', FESTIVAL_NOW: '2027-09-02T09:00:00+01:00' };
const NEXT_YEAR = { FESTIVAL_START_DATE: '2028-10-24', FESTIVAL_END_DATE: '2028-10-25', FESTIVAL_NOW: '2028-09-01T09:00:00+01:00' };

describe.each(dbTargets)('editions keyed by identity on $name', (target) => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    while (databases.length) await databases.pop()!.drop();
  });

  async function fresh() {
    const database = await target.create();
    databases.push(database);
    return database;
  }

  /** The backend as started with `env` over the database: a restart with new settings. */
  const appWith = async (database: TestDatabase, env: Record<string, string>) =>
    (await buildApp(database.handle, { env: { TICKET_SECRET: SECRET, REGISTRATIONS_PER_EMAIL: '1', ...env } })).app;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const signIn = async (database: TestDatabase, app: BackendApp) => {
    await upsertStaffUser(database.handle.db, { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' });
    const res = await postJson(app, '/api/auth/login/', { email: 'boss@itan.example', password: 'boss-password-long' });
    expect(res.status).toBe(200);
    return ((await res.json()) as Json).token as string;
  };
  const register = (app: BackendApp, email: string, tickets = 1) => postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(tickets), email });
  const registered = async (app: BackendApp, email: string, tickets = 1) => {
    const res = await register(app, email, tickets);
    expect(res.status, email).toBe(201);
    const body = (await res.json()) as { ticketReference: string; ticketUrl: string };
    return { reference: body.ticketReference, url: body.ticketUrl };
  };
  const ticketOf = async (app: BackendApp, url: string) => ticketResultSchema.parse(await (await app.request(`/api${url}`)).json()).data;
  const statusOf = async (app: BackendApp) => editionStatusSchema.parse(((await (await app.request('/api/edition/')).json()) as Json).data);
  const packOf = async (app: BackendApp, token: string): Promise<GatePack> => gatePackResultSchema.parse(await (await app.request('/api/admin/check-ins/offline/', { headers: auth(token) })).json()).data;
  const dashboardOf = async (app: BackendApp, token: string) => dashboardResultSchema.parse(await (await app.request('/api/admin/dashboard/', { headers: auth(token) })).json()).data;
  const checkIn = (app: BackendApp, token: string, reference: string) => postJson(app, '/api/admin/check-ins/', { reference }, auth(token));
  const hashesOf = async (pack: GatePack, references: string[]) => Promise.all(references.map((r) => referenceHash(pack.salt, r)));
  const offline = async (pack: GatePack, text: string) => decideOffline(text, { pack, key: await importPassPublicKey(pack.publicKey), checkedInHere: new Map() });

  it('dates moved in the environment within the year: the gate, the pack, the dashboard, the per-address limit, the waiting list and the passes keep every ticket', async () => {
    const database = await fresh();
    // 24–25 October 2027, 4 wristbands: three tickets sell it out, and one person waits.
    const before = await appWith(database, { ...OCTOBER, REGISTRATION_CAPACITY: '4' });
    const ada = await registered(before, 'ada@example.com', 2);
    const bola = await registered(before, 'bola@example.com', 1);
    const eze = await registered(before, 'eze@example.com', 1);
    expect((await postJson(before, '/api/forms/waiting-list/', { name: 'Carla Waits', email: 'carla@example.com', numberOfTickets: 1, submittedAt: '2027-09-01T10:00:00.000Z' })).status).toBe(201);
    const oldPass = (await ticketOf(before, bola.url)).pass!;
    expect(oldPass).toMatch(/^ITN2\.[A-Z0-9]{6}\.2027\.1\./);

    // Restarted with the dates a week later.
    const after = await appWith(database, { ...MOVED, REGISTRATION_CAPACITY: '4' });
    const token = await signIn(database, after);
    expect(await statusOf(after)).toMatchObject({ edition: { key: '2027', startDate: '2027-10-31', endDate: '2027-11-01' }, remaining: 0, registration: 'sold-out', waitingList: true });

    // The ticket page: this edition's, the new dates, a pass naming the same edition.
    const page = await ticketOf(after, ada.url);
    expect(page).toMatchObject({ earlierEdition: false, festivalStartDate: '2027-10-31', festivalEndDate: '2027-11-01', editionYear: '2027', cancelledAt: null });
    expect(page.pass).toMatch(new RegExp(`^ITN2\\.${ada.reference.slice(4)}\\.2027\\.2\\.[A-Za-z0-9_-]{86}$`));

    // The per-address limit still holds (the address already has this edition's ticket); a new address finds it full.
    const again = await register(after, 'ADA@Example.com');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ reason: 'already-registered' });
    expect((await register(after, 'dana@example.com')).status).toBe(409);
    expect(await placesUsed(database.handle.db, '2027')).toBe(4);

    // The online gate checks a ticket in.
    const res = await checkIn(after, token, ada.reference);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, status: 'checked-in' });

    // The pack holds the tickets, and the pass signed before the move still admits offline.
    const pack = await packOf(after, token);
    expect(pack.edition).toEqual({ key: '2027', startDate: '2027-10-31', endDate: '2027-11-01' });
    const [adaHash, bolaHash, ezeHash] = await hashesOf(pack, [ada.reference, bola.reference, eze.reference]);
    expect(pack.tickets).toEqual(
      expect.arrayContaining([
        [adaHash, 2, PACK_STATE.checkedIn],
        [bolaHash, 1, PACK_STATE.valid],
        [ezeHash, 1, PACK_STATE.valid],
      ]),
    );
    expect(pack.counts).toEqual({ registrations: 3, wristbands: 4, checkedInRegistrations: 1, checkedInWristbands: 2 });
    expect(await verifyPass(oldPass, await importPassPublicKey(pack.publicKey))).toEqual({ reference: bola.reference, edition: '2027', wristbands: 1 });
    expect(await offline(pack, oldPass)).toEqual({ status: 'admit', reference: bola.reference, wristbands: 1, via: 'pass' });
    // Even with the list emptied (a ticket newer than the download): the pass proves itself.
    expect(await offline({ ...pack, tickets: [] }, oldPass)).toMatchObject({ status: 'admit', via: 'pass' });

    // The offline admission syncs and counts.
    const synced = await postJson(after, '/api/admin/check-ins/sync/', { device: { id: 'device-north-0001', name: 'North door' }, scans: [{ id: 'scan-identity-000001', reference: bola.reference, scannedAt: '2027-09-02T08:00:00.000Z', offline: true }] }, auth(token));
    expect(synced.status).toBe(200);
    expect(gateSyncResultSchema.parse(await synced.json()).data.results[0]).toMatchObject({ duplicate: false, result: { status: 'checked-in' } });

    // The dashboard counts them, and the waiting list.
    const d = await dashboardOf(after, token);
    expect(d.edition).toBe('2027-10-31');
    expect(d.registrations).toEqual({ count: 3, wristbands: 4, capacity: 4, checkedInRegistrations: 2, checkedInWristbands: 3 });
    expect(d.waitingList).toEqual({ waiting: 1, offered: 0, wristbandsWaiting: 1 });

    // FESTIVAL_EDITION keeps the edition across the new year: postponed to January 2028, the tickets hold.
    const january = await appWith(database, { FESTIVAL_START_DATE: '2028-01-16', FESTIVAL_END_DATE: '2028-01-17', FESTIVAL_NOW: '2027-12-01T09:00:00+01:00', FESTIVAL_EDITION: '2027', REGISTRATION_CAPACITY: '4' });
    expect(await statusOf(january)).toMatchObject({ edition: { key: '2027', startDate: '2028-01-16' }, remaining: 0 });
    expect(await ticketOf(january, eze.url)).toMatchObject({ earlierEdition: false, festivalStartDate: '2028-01-16' });
    expect((await packOf(january, token)).counts).toMatchObject({ registrations: 3, checkedInRegistrations: 2 });

    // The dates moved to the next year: a new edition. The old tickets are an earlier edition's.
    const next = await appWith(database, { ...NEXT_YEAR, REGISTRATION_CAPACITY: '4' });
    expect(await statusOf(next)).toMatchObject({ edition: { key: '2028', startDate: '2028-10-24' }, remaining: 4, registration: 'open' });
    const refused = await checkIn(next, token, eze.reference);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ status: 'refused', reason: 'earlier-edition', editionYear: '2027', message: CHECK_IN_REFUSALS.earlierEdition('2027') });
    expect(CHECK_IN_REFUSALS.earlierEdition('2027')).toBe("This ticket is for Ìtàn Festival 2027, not this year's festival.");
    expect(await ticketOf(next, eze.url)).toMatchObject({ earlierEdition: true, editionYear: '2027', pass: null, festivalStartDate: '2028-10-24' });
    const nextPack = await packOf(next, token);
    expect(nextPack.tickets).toEqual([]);
    expect(await offline(nextPack, oldPass)).toMatchObject({ status: 'refused', reason: 'other-edition', at: '2027' });
    expect((await dashboardOf(next, token)).registrations).toMatchObject({ count: 0, wristbands: 0 });
    // The address may register for the new edition.
    const returning = await registered(next, 'ada@example.com');
    expect(await ticketOf(next, returning.url)).toMatchObject({ earlierEdition: false, editionYear: '2028' });
    const rows = await database.handle.db.selectFrom('registrations').select(['email', 'edition']).orderBy('created_at').execute();
    expect(rows.map((r) => r.edition)).toEqual(['2027', '2027', '2027', '2028']);
  });

  it('staff moves at /staff/edition keep the key, into the next year too, until the edition has ended; then new dates are a new edition', async () => {
    const database = await fresh();
    const app = await appWith(database, OCTOBER);
    const token = await signIn(database, app);
    const save = (a: BackendApp, body: Record<string, string>) =>
      a.request('/api/admin/edition/', { method: 'PUT', headers: { 'Content-Type': 'application/json', ...auth(token) }, body: JSON.stringify({ venue: 'Freedom Park', capacity: '', registrationOpensAt: '', registrationClosesAt: '', ...body }) });
    const summaries = async () => (await database.handle.db.selectFrom('audit_log').select('summary').where('action', 'like', 'edition.%').orderBy('at').orderBy('logged_at').execute()).map((r) => r.summary);
    const ticket = await registered(app, 'ada@example.com', 2);
    const other = await registered(app, 'bola@example.com', 1);

    // A postponement into January, before the festival: the same edition.
    expect((await save(app, { startDate: '2028-01-16', endDate: '2028-01-17' })).status).toBe(200);
    expect(await statusOf(app)).toMatchObject({ edition: { key: '2027', startDate: '2028-01-16' } });
    expect(await ticketOf(app, ticket.url)).toMatchObject({ earlierEdition: false, festivalStartDate: '2028-01-16' });
    expect((await ticketOf(app, ticket.url)).pass).toMatch(/^ITN2\.[A-Z0-9]{6}\.2027\.2\./);
    expect((await checkIn(app, token, ticket.reference)).status).toBe(200);
    expect((await dashboardOf(app, token)).registrations).toMatchObject({ count: 2, wristbands: 3, checkedInRegistrations: 1 });
    expect((await summaries()).at(-1)).toContain('its tickets and waiting list moved with the dates');

    // After it has ended (a restart a month later), new dates start the next edition.
    const later = await appWith(database, { ...OCTOBER, FESTIVAL_NOW: '2028-02-01T09:00:00+01:00' });
    expect((await save(later, { startDate: '2028-10-24', endDate: '2028-10-25' })).status).toBe(200);
    expect(await statusOf(later)).toMatchObject({ edition: { key: '2028', startDate: '2028-10-24' }, registration: 'open' });
    expect((await summaries()).at(-1)).toMatch(/^Edition saved: edition 2027 → 2028; dates 16–17 January 2028 → 24–25 October 2028/);
    const refused = await checkIn(later, token, other.reference);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ reason: 'earlier-edition', message: CHECK_IN_REFUSALS.earlierEdition('2027') });
    const fresh2028 = await registered(later, 'ada@example.com');

    // A second edition in one year: 2028 is taken, so it is keyed by its start date.
    const december = await appWith(database, { ...OCTOBER, FESTIVAL_NOW: '2028-11-01T09:00:00+01:00' });
    expect((await save(december, { startDate: '2028-12-05', endDate: '2028-12-06' })).status).toBe(200);
    expect(await statusOf(december)).toMatchObject({ edition: { key: '2028-12-05', startDate: '2028-12-05' } });
    expect(await (await checkIn(december, token, fresh2028.reference)).json()).toMatchObject({ reason: 'earlier-edition', editionYear: '2028' });
    const decemberTicket = await registered(december, 'ada@example.com');
    expect((await ticketOf(december, decemberTicket.url)).pass).toMatch(/^ITN2\.[A-Z0-9]{6}\.2028-12-05\.1\./);

    // Back to a configuration naming the edition otherwise, before it ends: its tickets are carried to that key.
    const configured = await appWith(database, { FESTIVAL_START_DATE: '2028-12-05', FESTIVAL_END_DATE: '2028-12-06', FESTIVAL_EDITION: '2028-winter', FESTIVAL_NOW: '2028-11-01T09:00:00+01:00' });
    expect((await configured.request('/api/admin/edition/', { method: 'DELETE', headers: auth(token) })).status).toBe(200);
    expect(await statusOf(configured)).toMatchObject({ edition: { key: '2028-winter' } });
    expect(await ticketOf(configured, decemberTicket.url)).toMatchObject({ earlierEdition: false });
    expect((await checkIn(configured, token, decemberTicket.reference)).status).toBe(200);
    expect(await placesUsed(database.handle.db, '2028-winter')).toBe(1);
    expect(await placesUsed(database.handle.db, '2028-12-05')).toBe(0);
  });

  it('the migration keys stored registrations, waiting lists and counters by their start date’s year, and goes back down', async () => {
    const database = await fresh();
    const db = database.handle.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const names = Object.keys(migrations);
    const mine = names.indexOf('2026-12-02-1-edition-keys');
    expect(mine).toBeGreaterThan(0);
    const migrator = new Migrator({ db, provider: staticMigrationProvider });
    expect((await migrator.migrateTo(names[mine - 1]!)).error).toBeUndefined();

    // As the code before wrote them: tickets of 24 October 2027, more after an environment move to
    // 31 October, one of 2026, one from before editions; one address waiting under both dates.
    const row = (id: string, edition: string | null, n = 1) => ({
      id, ticket_reference: `ITN-${id.toUpperCase().padEnd(6, 'A').slice(0, 6)}`, first_name: 'A', last_name: 'B', email: `${id}@example.com`, phone: '0803', number_of_tickets: n,
      submitted_at: '2027-09-01T10:00:00.000Z', created_at: '2027-09-01T10:00:00.000Z', edition,
    });
    await db.insertInto('registrations').values([row('early', '2027-10-24', 2), row('moved', '2027-10-31', 3), row('older', '2026-10-24'), row('legacy', null)]).execute();
    const entry = (id: string, edition: string, email: string, status: string, position: number, createdAt: string, n = 1) => ({
      id, edition, name: 'W', email, number_of_tickets: n, status, position, created_at: createdAt, offered_at: status === 'offered' ? createdAt : null, offer_expires_at: status === 'offered' ? '2027-09-05T10:00:00.000Z' : null, registration_id: null,
    });
    await db
      .insertInto('waiting_list')
      .values([
        entry('w1', '2027-10-24', 'twice@example.com', 'waiting', 1, '2027-09-01T11:00:00.000Z'),
        entry('w2', '2027-10-24', 'first@example.com', 'waiting', 2, '2027-09-01T12:00:00.000Z'),
        entry('w3', '2027-10-31', 'twice@example.com', 'offered', 1, '2027-09-03T11:00:00.000Z', 2),
        entry('w4', '2027-10-31', 'later@example.com', 'waiting', 2, '2027-09-03T12:00:00.000Z'),
      ])
      .execute();
    await db.insertInto('counters').values([{ name: 'registrations:2027-10-24', used: 2 }, { name: 'registrations:2027-10-31', used: 5 }, { name: 'registrations:2026-10-24', used: 1 }]).execute();

    await migrateToLatest(db);
    const editions = await db.selectFrom('registrations').select(['id', 'edition']).orderBy('id').execute();
    expect(Object.fromEntries(editions.map((r: { id: string; edition: string | null }) => [r.id, r.edition]))).toEqual({ early: '2027', moved: '2027', older: '2026', legacy: null });
    const queue = await db.selectFrom('waiting_list').select(['id', 'edition', 'status', 'position']).orderBy('position').execute();
    // One open entry per address and edition (the offer kept), the merged queue in the order people joined.
    expect(queue).toEqual([
      { id: 'w1', edition: '2027', status: 'lapsed', position: 1 },
      { id: 'w2', edition: '2027', status: 'waiting', position: 2 },
      { id: 'w3', edition: '2027', status: 'offered', position: 3 },
      { id: 'w4', edition: '2027', status: 'waiting', position: 4 },
    ]);
    const counters = await db.selectFrom('counters').select(['name', 'used']).where('name', 'like', 'registrations:%').orderBy('name').execute();
    expect(counters.map((c: { name: string; used: number | string }) => [c.name, Number(c.used)])).toEqual([['registrations:2026', 1], ['registrations:2027', 7]]);
    expect(await placesUsed(database.handle.db, '2027')).toBe(7);
    // The backend started on it with the moved dates finds every ticket.
    const app = await appWith(database, { ...MOVED, REGISTRATION_CAPACITY: '10' });
    expect(await statusOf(app)).toMatchObject({ edition: { key: '2027' }, remaining: 3 });

    // Down: back to start dates (24 October, the default days, when no saved edition says otherwise).
    const down = await migrator.migrateTo(names[mine - 1]!);
    expect(down.error).toBeUndefined();
    const back = await db.selectFrom('registrations').select(['id', 'edition']).orderBy('id').execute();
    expect(Object.fromEntries(back.map((r: { id: string; edition: string | null }) => [r.id, r.edition]))).toMatchObject({ early: '2027-10-24', moved: '2027-10-24', older: '2026-10-24', legacy: null });
    expect((await sql<{ name: string }>`select name from counters where name like 'registrations:%' order by name`.execute(db)).rows.map((r) => r.name)).toEqual(['registrations:2026-10-24', 'registrations:2027-10-24']);
    await migrateToLatest(db);
  });
});
