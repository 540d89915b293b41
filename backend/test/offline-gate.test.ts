import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardResultSchema } from '@/contract/api/admin';
import { gatePackResultSchema, gateSyncResultSchema, GATE_SYNC_MAX_SCANS, PACK_STATE, referenceHash, type GatePack, type GateScan, type GateSyncAnswer } from '@/contract/api/gate';
import { CHECK_IN_REFUSALS, ticketResultSchema } from '@/contract/api/tickets';
import { encodePass, importPassPublicKey, isLowS, P256_ORDER, parsePass, verifyPass } from '@/contract/gate/pass';
import { decideOffline } from '@/contract/gate/decide';
import { gateKeysOf, signPass } from '../tickets/gate/keys';
import type { BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { parseBackendConfig } from '../kernel/config';
import { Migrator, type Kysely } from 'kysely';
import { migrations, staticMigrationProvider } from '../db/migrations';
import type { Db, GateScanTable } from '../db/schema';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';

/**
 * The offline gate's backend (issue 29), on SQLite and PostgreSQL: the ticket API signs a gate
 * pass the pack's public key verifies; the pack tells a gate each ticket's state and nothing
 * personal; syncs are judged by scan time whatever order they arrive in, from however many
 * instances at once, count a retried scan once, and list duplicates to every gate and the
 * dashboard; the gate form's online check-in keeps its answers and records a scan too.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SECRET = 'offline-gate-test-secret-long';
const MINUTE = 60_000;
/** Names and a phone no hash, key or date could contain by chance. */
const PERSON = { firstName: 'Zainabtestname', lastName: 'Okonkwotestname', phone: '+234 809 876 5432' };

interface World {
  database: TestDatabase;
  app: BackendApp;
  /** A second instance on its own connection to the same database. */
  second: BackendApp;
  db: Db;
  /** Bearer tokens of two volunteers. */
  bisi: string;
  tayo: string;
}

describe('GATE_SIGNING_KEY', () => {
  const parse = (value: string) => parseBackendConfig({ GATE_SIGNING_KEY: value }).gateSigningKey;
  it('takes an ECDSA P-256 private key in PEM, PKCS#8 or SEC1, as PKCS#8; refuses anything else at start', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64url');
    expect(parse(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toBe(pkcs8);
    expect(parse(privateKey.export({ type: 'sec1', format: 'pem' }).toString())).toBe(pkcs8);
    expect(parse('')).toBeUndefined();
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const bad of ['not a key', p384, ed25519]) expect(() => parse(bad)).toThrow(/GATE_SIGNING_KEY must be an ECDSA P-256 private key/);
  });
});

describe.each(dbTargets)('the offline gate on $name', (target) => {
  const worlds: TestDatabase[] = [];
  afterEach(async () => {
    while (worlds.length) await worlds.pop()!.drop();
  });

  async function world(env: Record<string, string> = {}): Promise<World> {
    const database = await target.create();
    worlds.push(database);
    const { app } = await buildApp(database.handle, { env: { TICKET_SECRET: SECRET, ...env } });
    const { app: second } = await buildApp(database.connectAgain(), { env: { TICKET_SECRET: SECRET, ...env } });
    const db = database.handle.db;
    const login = async (email: string, name: string) => {
      await upsertStaffUser(db, { email, name, password: 'gate-password-long' });
      const res = await postJson(app, '/api/auth/login/', { email, password: 'gate-password-long' });
      return ((await res.json()) as Json).token as string;
    };
    return { database, app, second, db, bisi: await login('bisi@itan.example', 'Bisi Gate'), tayo: await login('tayo@itan.example', 'Tayo North') };
  }

  let registered = 0;
  const register = async (w: World, tickets = 2) => {
    const res = await postJson(w.app, '/api/forms/registrations/', { ...validPayloads.registration(tickets), ...PERSON, email: `visitor-${++registered}@example.com` });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ticketReference: string; ticketUrl: string };
    return { reference: body.ticketReference, url: body.ticketUrl, token: new URL(body.ticketUrl, 'http://x').searchParams.get('t')!, email: `visitor-${registered}@example.com` };
  };
  const ticketOf = async (w: World, url: string) => ticketResultSchema.parse(await (await w.app.request(`/api${url}`)).json()).data;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const packOf = async (w: World, token = w.bisi, app = w.app): Promise<GatePack> => {
    const res = await app.request('/api/admin/check-ins/offline/', { headers: auth(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return gatePackResultSchema.parse(await res.json()).data;
  };
  const device = { north: { id: 'device-north-0001', name: 'North door' }, south: { id: 'device-south-0002', name: '' } };
  let scanCount = 0;
  const scan = (reference: string, at: Date | string, offline = true): GateScan => ({
    id: `scan-${String(++scanCount).padStart(6, '0')}-${Math.random().toString(36).slice(2, 10)}`,
    reference,
    scannedAt: typeof at === 'string' ? at : at.toISOString(),
    offline,
  });
  const syncRaw = (app: BackendApp, token: string, d: { id: string; name: string }, scans: GateScan[]) => postJson(app, '/api/admin/check-ins/sync/', { device: d, scans }, auth(token));
  const sync = async (app: BackendApp, token: string, d: { id: string; name: string }, scans: GateScan[]): Promise<GateSyncAnswer> => {
    const res = await syncRaw(app, token, d, scans);
    expect(res.status).toBe(200);
    return gateSyncResultSchema.parse(await res.json()).data;
  };
  const checkIn = (w: World, reference: string, token = w.bisi) => postJson(w.app, '/api/admin/check-ins/', { reference }, auth(token));
  const registration = (w: World, reference: string) =>
    w.db.selectFrom('registrations').select(['checked_in_at', 'checked_in_by', 'checked_in_scan']).where('ticket_reference', '=', reference).executeTakeFirstOrThrow();
  /** The row key (what registrations.checked_in_scan names) of a device's scan. */
  const rowKey = async (w: World, deviceId: string, scanId: string) =>
    (await w.db.selectFrom('gate_scans').select('id').where('device_id', '=', deviceId).where('scan_id', '=', scanId).executeTakeFirstOrThrow()).id;
  const audits = (w: World, action: string, reference: string) => w.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', reference).execute();
  const dashboard = async (w: World) => dashboardResultSchema.parse(await (await w.app.request('/api/admin/dashboard/', { headers: auth(w.bisi) })).json()).data;

  it('the ticket API signs a gate pass that verifies with the pack’s public key, and fails when any character changes', async () => {
    const w = await world();
    const t = await register(w, 3);
    const ticket = await ticketOf(w, t.url);
    expect(ticket.pass).toMatch(new RegExp(`^ITN2\\.${t.reference.slice(4)}\\.2025\\.3\\.[A-Za-z0-9_-]{86}$`));
    const pack = await packOf(w);
    expect(Object.keys(pack.publicKey).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    const key = await importPassPublicKey(pack.publicKey);
    expect(await verifyPass(ticket.pass!, key)).toEqual({ reference: t.reference, edition: '2025', wristbands: 3 });

    const pass = ticket.pass!;
    for (let i = 0; i < pass.length; i++) {
      const c = pass[i]!;
      const other = c === '.' ? '-' : /[0-9]/.test(c) ? String((Number(c) + 1) % 10) : c === 'A' ? 'B' : c === 'a' ? 'b' : /[a-z]/.test(c) ? 'a' : 'A';
      const altered = pass.slice(0, i) + other + pass.slice(i + 1);
      expect(await verifyPass(altered, key), `character ${i} of ${pass}`).toBeUndefined();
    }

    // Both instances (and every later start) sign with the one key kept in the database.
    const again = await packOf(w, w.bisi, w.second);
    expect(again.publicKey).toEqual(pack.publicKey);
    expect(again.salt).toBe(pack.salt);
    expect(pack.salt.length).toBeGreaterThanOrEqual(22);
    const secrets = await w.db.selectFrom('server_secrets').select('name').where('name', 'like', 'gate-%').orderBy('name').execute();
    expect(secrets.map((s) => s.name)).toEqual(['gate-pass-key', 'gate-reference-salt']);
  });

  it('passes are issued in low-s form; the same pass with s replaced by n − s is refused by the gate’s verifier, offline and on the phone online', async () => {
    const w = await world();
    const t = await register(w, 2);
    const pack = await packOf(w);
    const key = await importPassPublicKey(pack.publicKey);
    const keys = await gateKeysOf({ db: w.db, config: { gateSigningKey: undefined } })();
    const high = (text: string) => {
      const { pass, signature } = parsePass(text)!;
      const s = signature.subarray(32).reduce((n, b) => (n << 8n) | BigInt(b), 0n);
      const other = new Uint8Array(signature);
      other.set(Uint8Array.from({ length: 32 }, (_, i) => Number(((P256_ORDER - s) >> BigInt(8 * (31 - i))) & 0xffn)), 32);
      return encodePass(pass, other);
    };
    const passes = [(await ticketOf(w, t.url)).pass!];
    for (let i = 0; i < 100; i++) passes.push(await signPass(keys, { reference: t.reference, edition: '2025', wristbands: 2 }));
    const state = { pack, key, checkedInHere: new Map<string, string>() };
    for (const pass of passes) {
      expect(isLowS(parsePass(pass)!.signature), pass).toBe(true);
      expect(await verifyPass(pass, key)).toEqual({ reference: t.reference, edition: '2025', wristbands: 2 });
      // verifyPass is what the gate phone runs before asking the server and when it decides alone.
      expect(await verifyPass(high(pass), key)).toBeUndefined();
      expect(await decideOffline(high(pass), state)).toEqual({ status: 'refused', reason: 'forged' });
    }
    // Web Crypto's signatures are random: the 101 passes are different texts, every one low-s.
    expect(new Set(passes).size).toBe(101);
  });

  it('GATE_SIGNING_KEY signs instead of a generated key; a pass of another key is refused', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const jwk = publicKey.export({ format: 'jwk' });
    // As one line in an environment file: line breaks written as \n.
    const w = await world({ GATE_SIGNING_KEY: pem.trim().replaceAll('\n', '\\n') });
    const t = await register(w);
    const pack = await packOf(w);
    expect(pack.publicKey).toEqual({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y });
    const pass = (await ticketOf(w, t.url)).pass!;
    expect(await verifyPass(pass, await importPassPublicKey(pack.publicKey))).toMatchObject({ reference: t.reference });
    expect(await w.db.selectFrom('server_secrets').select('name').where('name', '=', 'gate-pass-key').execute()).toEqual([]);

    const other = await world();
    expect(await verifyPass(pass, await importPassPublicKey((await packOf(other)).publicKey))).toBeUndefined();
  });

  it('no pass for a ticket given back or of an earlier edition', async () => {
    const w = await world();
    const given = await register(w);
    expect((await postJson(w.app, `/api/tickets/${given.reference}/cancel`, { token: given.token })).status).toBe(200);
    const old = await register(w);
    await w.db.updateTable('registrations').set({ edition: '2024-10-24' }).where('ticket_reference', '=', old.reference).execute();
    expect((await ticketOf(w, given.url)).pass).toBeNull();
    expect((await ticketOf(w, old.url)).pass).toBeNull();
  });

  it('the pack: each ticket of the edition as its hash, wristbands and state; no names, emails, phones or references', async () => {
    const w = await world();
    const valid = await register(w, 1);
    const inside = await register(w, 2);
    const given = await register(w, 3);
    const old = await register(w, 4);
    expect((await checkIn(w, inside.reference)).status).toBe(200);
    expect((await postJson(w.app, `/api/tickets/${given.reference}/cancel`, { token: given.token })).status).toBe(200);
    await w.db.updateTable('registrations').set({ edition: '2024-10-24' }).where('ticket_reference', '=', old.reference).execute();
    // A registration from before editions were recorded is this edition's.
    const legacy = await register(w, 5);
    await w.db.updateTable('registrations').set({ edition: null }).where('ticket_reference', '=', legacy.reference).execute();

    const pack = await packOf(w);
    expect(pack.edition).toEqual({ key: '2025', startDate: '2025-10-24', endDate: '2025-10-25' });
    const expected = await Promise.all(
      [
        [valid, 1, PACK_STATE.valid],
        [inside, 2, PACK_STATE.checkedIn],
        [given, 3, PACK_STATE.givenBack],
        [legacy, 5, PACK_STATE.valid],
      ].map(async ([t, n, s]) => [await referenceHash(pack.salt, (t as { reference: string }).reference), n, s]),
    );
    expect([...pack.tickets].sort()).toEqual(expected.sort());
    expect(pack.counts).toEqual({ registrations: 3, wristbands: 8, checkedInRegistrations: 1, checkedInWristbands: 2 });
    expect(pack.duplicates).toEqual([]);

    const text = JSON.stringify(pack);
    for (const t of [valid, inside, given, old, legacy]) {
      expect(text).not.toContain(t.reference);
      expect(text).not.toContain(t.reference.slice(4));
      expect(text).not.toContain(t.email);
    }
    for (const word of [PERSON.firstName, PERSON.lastName, '8098765432', '809 876 5432', '@example.com', 'Bisi']) expect(text).not.toContain(word);
  });

  it('two gates admit one ticket offline and sync the later scan first: one check-in (the earlier), one duplicate on both gates and the dashboard, counted once', async () => {
    const w = await world();
    const t = await register(w, 2);
    const now = Date.now();
    const early = scan(t.reference, new Date(now - 10 * MINUTE));
    const late = scan(t.reference, new Date(now - 5 * MINUTE));

    // The south gate (no name: shown by its id) comes back online first, with the later scan.
    const southFirst = await sync(w.app, w.tayo, device.south, [late]);
    expect(southFirst.results).toEqual([{ id: late.id, duplicate: false, result: expect.objectContaining({ status: 'checked-in', checkedInAt: late.scannedAt, checkedInBy: 'Tayo North' }) }]);
    expect(southFirst.duplicates).toEqual([]);

    const north = await sync(w.second, w.bisi, device.north, [early]);
    expect(north.results[0]).toMatchObject({ id: early.id, duplicate: false, result: { success: true, status: 'checked-in', checkedInAt: early.scannedAt, checkedInBy: 'Bisi Gate', ticket: { reference: t.reference, numberOfTickets: 2 } } });
    const duplicate = {
      reference: t.reference,
      wristbands: 2,
      checkIn: { device: 'North door', by: 'Bisi Gate', scannedAt: early.scannedAt },
      duplicates: [{ device: device.south.id.slice(0, 8), by: 'Tayo North', scannedAt: late.scannedAt }],
    };
    expect(north.duplicates).toEqual([duplicate]);
    expect(north.counts).toMatchObject({ registrations: 1, checkedInRegistrations: 1, checkedInWristbands: 2 });

    // The south gate's next sync (nothing new, or its scan again) shows it.
    const southNext = await sync(w.app, w.tayo, device.south, []);
    expect(southNext.duplicates).toEqual([duplicate]);
    const southAgain = await sync(w.app, w.tayo, device.south, [late]);
    expect(southAgain.results).toEqual([
      { id: late.id, duplicate: true, result: expect.objectContaining({ success: false, status: 'already', checkedInAt: early.scannedAt, checkedInBy: 'Bisi Gate' }) },
    ]);
    expect(southAgain.counts).toEqual(north.counts);

    expect(await registration(w, t.reference)).toEqual({ checked_in_at: early.scannedAt, checked_in_by: 'Bisi Gate', checked_in_scan: await rowKey(w, device.north.id, early.id) });
    const d = await dashboard(w);
    expect(d.duplicates).toEqual([duplicate]);
    expect(d.registrations).toMatchObject({ checkedInRegistrations: 1, checkedInWristbands: 2 });
    // Each scan became the check-in once; the later one was recorded as a duplicate once.
    expect(await audits(w, 'ticket.check-in', t.reference)).toHaveLength(2);
    const dup = await audits(w, 'ticket.check-in-duplicate', t.reference);
    expect(dup).toHaveLength(1);
    expect(dup[0]!.summary).not.toMatch(new RegExp(`${PERSON.firstName}|${PERSON.lastName}|example\\.com`));
  });

  it('the same sync sent twice (its answer lost) counts once and answers the same', async () => {
    const w = await world();
    const a = await register(w, 1);
    const b = await register(w, 3);
    const scans = [scan(a.reference, new Date(Date.now() - 3 * MINUTE)), scan(b.reference.slice(4).toLowerCase(), new Date(Date.now() - 2 * MINUTE))];
    const first = await sync(w.app, w.bisi, device.north, scans);
    const again = await sync(w.second, w.bisi, device.north, scans);
    expect(again).toEqual(first);
    expect(first.results.map((r) => r.result.status)).toEqual(['checked-in', 'checked-in']);
    expect(first.counts).toEqual({ registrations: 2, wristbands: 4, checkedInRegistrations: 2, checkedInWristbands: 4 });
    const rows = await w.db.selectFrom('gate_scans').select(['scan_id', 'device_id', 'reference', 'outcome']).orderBy('scanned_at').execute();
    expect(rows).toEqual([
      { scan_id: scans[0]!.id, device_id: device.north.id, reference: a.reference, outcome: 'checked-in' },
      { scan_id: scans[1]!.id, device_id: device.north.id, reference: b.reference, outcome: 'checked-in' },
    ]);
    expect(await audits(w, 'ticket.check-in', a.reference)).toHaveLength(1);
    expect(first.duplicates).toEqual([]);
  });

  it('50 syncs at once of different scans of one ticket over two instances: exactly one check-in, the earliest; 49 duplicates, each recorded once', async () => {
    const w = await world();
    const t = await register(w, 2);
    const base = Date.now() - 60 * MINUTE;
    const scans = Array.from({ length: 50 }, (_, i) => scan(t.reference, new Date(base + i * 1000)));
    const earliest = scans[0]!;
    const shuffled = [...scans].sort(() => Math.random() - 0.5);
    const gateOf = (i: number) => ({ id: `device-${String(i).padStart(4, '0')}`, name: `Gate ${i}` });
    const answers = await Promise.all(shuffled.map((s, i) => sync(i % 2 ? w.second : w.app, i % 3 ? w.bisi : w.tayo, gateOf(i), [s])));
    expect(answers.every((a) => a.results.length === 1)).toBe(true);
    expect((await registration(w, t.reference)).checked_in_scan).toBe(await rowKey(w, gateOf(shuffled.indexOf(earliest)).id, earliest.id));
    expect((await registration(w, t.reference)).checked_in_at).toBe(earliest.scannedAt);

    // Each gate's next sync (its scan sent again: the same scan) answers as the server now sees it.
    const again = await Promise.all(shuffled.map((s, i) => sync(w.app, w.bisi, gateOf(i), [s])));
    const settled = again.at(-1)!;
    const results = again.flatMap((a) => a.results);
    expect(results.filter((r) => r.result.status === 'checked-in').map((r) => r.id)).toEqual([earliest.id]);
    expect(results.filter((r) => r.result.status === 'already' && r.duplicate)).toHaveLength(49);
    expect(settled.counts).toMatchObject({ checkedInRegistrations: 1, checkedInWristbands: 2 });
    expect(settled.duplicates).toHaveLength(1);
    expect(settled.duplicates[0]!.checkIn.scannedAt).toBe(earliest.scannedAt);
    expect(settled.duplicates[0]!.duplicates.map((d) => d.scannedAt)).toEqual(scans.slice(1).map((s) => s.scannedAt));
    expect(await audits(w, 'ticket.check-in-duplicate', t.reference)).toHaveLength(49);
    expect(await w.db.selectFrom('gate_scans').select('scan_id').where('outcome', '=', 'checked-in').execute()).toEqual([{ scan_id: earliest.id }]);
    expect(await w.db.selectFrom('gate_scans').select('id').execute()).toHaveLength(50);
  });

  it('a given-back ticket admitted offline is refused as given back; an earlier edition’s likewise; an unknown reference is unknown; nothing is counted', async () => {
    const w = await world();
    const given = await register(w, 2);
    expect((await postJson(w.app, `/api/tickets/${given.reference}/cancel`, { token: given.token })).status).toBe(200);
    const old = await register(w, 1);
    await w.db.updateTable('registrations').set({ edition: '2024-10-24' }).where('ticket_reference', '=', old.reference).execute();
    const at = new Date(Date.now() - MINUTE);
    const answer = await sync(w.app, w.bisi, device.north, [scan(given.reference, at), scan(old.reference, at), scan('ITN-ZZZZZZ', at), scan('not a ticket', at)]);
    const cancelledAt = (await w.db.selectFrom('registrations').select('cancelled_at').where('ticket_reference', '=', given.reference).executeTakeFirstOrThrow()).cancelled_at!;
    expect(answer.results.map((r) => r.result)).toEqual([
      expect.objectContaining({ success: false, status: 'refused', reason: 'cancelled', cancelledAt, message: CHECK_IN_REFUSALS.cancelled(cancelledAt), ticket: expect.objectContaining({ reference: given.reference }) }),
      expect.objectContaining({ status: 'refused', reason: 'earlier-edition', editionYear: '2024', message: CHECK_IN_REFUSALS.earlierEdition('2024-10-24') }),
      { success: false, status: 'unknown', reference: 'ITN-ZZZZZZ' },
      { success: false, status: 'unknown', reference: 'not a ticket' },
    ]);
    expect(answer.results.every((r) => !r.duplicate)).toBe(true);
    expect(answer.counts.checkedInRegistrations).toBe(0);
    expect(answer.duplicates).toEqual([]);
    expect((await registration(w, given.reference)).checked_in_at).toBeNull();
    expect((await dashboard(w)).duplicates).toEqual([]);
  });

  it('the gate form still answers checked-in, already, refused and unknown, and records each as a scan', async () => {
    const w = await world();
    const t = await register(w, 2);
    const given = await register(w, 1);
    expect((await postJson(w.app, `/api/tickets/${given.reference}/cancel`, { token: given.token })).status).toBe(200);

    const ok = await checkIn(w, t.reference.slice(4).toLowerCase());
    expect(ok.status).toBe(200);
    const okBody = (await ok.json()) as Json;
    expect(okBody).toEqual({ success: true, status: 'checked-in', ticket: { reference: t.reference, firstName: PERSON.firstName, lastName: PERSON.lastName, numberOfTickets: 2 }, checkedInAt: expect.any(String), checkedInBy: 'Bisi Gate' });
    const already = await checkIn(w, t.reference, w.tayo);
    expect(already.status).toBe(409);
    expect(await already.json()).toEqual({ ...okBody, success: false, status: 'already' });
    const refused = await checkIn(w, given.reference);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, status: 'refused', reason: 'cancelled', message: expect.stringContaining('given back') });
    const unknown = await checkIn(w, 'ITN-ZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, status: 'unknown', reference: 'ITN-ZZZZZZ', message: 'No ticket has this reference.' });
    expect((await checkIn(w, 'not a reference')).status).toBe(422);

    const rows = await w.db.selectFrom('gate_scans').select(['reference', 'device_id', 'device_name', 'staff', 'offline', 'admitted', 'outcome', 'reason']).orderBy('received_at').orderBy('outcome').execute();
    const form = { device_id: 'gate-form', device_name: 'Gate form (no JavaScript)', offline: 0 };
    expect(rows).toEqual(
      expect.arrayContaining([
        { ...form, reference: t.reference, staff: 'Bisi Gate', admitted: 1, outcome: 'checked-in', reason: null },
        { ...form, reference: t.reference, staff: 'Tayo North', admitted: 0, outcome: 'already', reason: null },
        { ...form, reference: given.reference, staff: 'Bisi Gate', admitted: 0, outcome: 'refused', reason: 'cancelled' },
        { ...form, reference: 'ITN-ZZZZZZ', staff: 'Bisi Gate', admitted: 0, outcome: 'unknown', reason: null },
      ]),
    );
    expect(rows).toHaveLength(4);
    expect((await registration(w, t.reference)).checked_in_scan).not.toBeNull();

    // A scanner typing a gate pass into the form checks its ticket in.
    const p = await register(w, 1);
    const pass = (await ticketOf(w, p.url)).pass!;
    expect(await (await checkIn(w, pass)).json()).toMatchObject({ status: 'checked-in', ticket: { reference: p.reference } });
  });

  it('an offline admission earlier than an online check-in takes it over: the online one becomes the duplicate', async () => {
    const w = await world();
    const t = await register(w, 2);
    expect((await checkIn(w, t.reference, w.tayo)).status).toBe(200);
    const offline = scan(t.reference, new Date(Date.now() - 30 * MINUTE));
    const answer = await sync(w.app, w.bisi, device.north, [offline]);
    expect(answer.results[0]).toMatchObject({ duplicate: false, result: { status: 'checked-in', checkedInAt: offline.scannedAt } });
    expect(answer.duplicates).toEqual([
      { reference: t.reference, wristbands: 2, checkIn: { device: 'North door', by: 'Bisi Gate', scannedAt: offline.scannedAt }, duplicates: [expect.objectContaining({ device: 'Gate form (no JavaScript)', by: 'Tayo North' })] },
    ]);
    expect(answer.counts).toMatchObject({ checkedInRegistrations: 1, checkedInWristbands: 2 });

    // An online scan through sync takes the server's time, not the phone's.
    const u = await register(w, 1);
    const online = scan(u.reference, '2020-01-01T00:00:00.000Z', false);
    const before = Date.now();
    const onlineAnswer = await sync(w.app, w.bisi, device.north, [online]);
    const at = onlineAnswer.results[0]!.result as { checkedInAt: string };
    expect(new Date(at.checkedInAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // A later online scan of a ticket already in is 'already', not admitted: no duplicate.
    const twice = await sync(w.app, w.tayo, device.south, [scan(u.reference, new Date(), false)]);
    expect(twice.results[0]).toMatchObject({ duplicate: false, result: { status: 'already' } });
    expect(twice.duplicates.map((d) => d.reference)).toEqual([t.reference]);
  });

  it('an offline scan from a phone whose clock runs ahead is clamped to when it arrived', async () => {
    const w = await world();
    const t = await register(w, 1);
    const future = scan(t.reference, '2099-01-01T08:00:00+01:00');
    const before = new Date().toISOString();
    const answer = await sync(w.app, w.bisi, device.north, [future]);
    const after = new Date().toISOString();
    const row = await w.db.selectFrom('gate_scans').select(['scanned_at', 'received_at', 'device_time', 'time_flag']).where('scan_id', '=', future.id).executeTakeFirstOrThrow();
    expect(row.scanned_at).toBe(row.received_at);
    expect(row).toMatchObject({ device_time: '2099-01-01T07:00:00.000Z', time_flag: 'ahead' });
    expect(row.scanned_at >= before && row.scanned_at <= after).toBe(true);
    expect(answer.results[0]!.result).toMatchObject({ status: 'checked-in', checkedInAt: row.scanned_at });
    // A phone time with an offset is stored in UTC, so times compare as text.
    const u = await register(w, 1);
    const offset = scan(u.reference, '2025-10-24T09:15:00+01:00');
    await sync(w.app, w.bisi, device.north, [offset]);
    expect((await registration(w, u.reference)).checked_in_at).toBe('2025-10-24T08:15:00.000Z');
    expect(await w.db.selectFrom('gate_scans').select(['device_time', 'time_flag']).where('scan_id', '=', offset.id).executeTakeFirstOrThrow()).toEqual({ device_time: '2025-10-24T08:15:00.000Z', time_flag: null });
  });

  it('two phones that make the same scan id for two tickets are two scans: each judged on its own, neither answered with the other’s ticket; a retry from one phone counts once', async () => {
    const w = await world();
    const a = await register(w, 1);
    const b = await register(w, 3);
    await w.db.updateTable('registrations').set({ first_name: 'Secondvisitorname' }).where('ticket_reference', '=', b.reference).execute();
    const id = 'the-same-scan-id-on-two-phones';
    const shared = (reference: string, minutesAgo: number): GateScan => ({ id, reference, scannedAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString(), offline: true });
    const north = await sync(w.app, w.bisi, device.north, [shared(a.reference, 5)]);
    const south = await sync(w.second, w.tayo, device.south, [shared(b.reference, 3)]);
    expect(north.results).toEqual([
      { id, duplicate: false, result: expect.objectContaining({ status: 'checked-in', checkedInBy: 'Bisi Gate', ticket: { reference: a.reference, firstName: PERSON.firstName, lastName: PERSON.lastName, numberOfTickets: 1 } }) },
    ]);
    expect(south.results).toEqual([
      { id, duplicate: false, result: expect.objectContaining({ status: 'checked-in', checkedInBy: 'Tayo North', ticket: { reference: b.reference, firstName: 'Secondvisitorname', lastName: PERSON.lastName, numberOfTickets: 3 } }) },
    ]);
    expect(JSON.stringify(north.results)).not.toContain(b.reference);
    expect(JSON.stringify(south.results)).not.toContain(a.reference);
    expect(south.counts).toEqual({ registrations: 2, wristbands: 4, checkedInRegistrations: 2, checkedInWristbands: 4 });
    expect(south.duplicates).toEqual([]);
    const [ra, rb] = [await registration(w, a.reference), await registration(w, b.reference)];
    expect(ra.checked_in_scan).toBe(await rowKey(w, device.north.id, id));
    expect(rb.checked_in_scan).toBe(await rowKey(w, device.south.id, id));
    expect(ra.checked_in_scan).not.toBe(rb.checked_in_scan);

    // The north phone's answer was lost: it sends the scan again (from either instance). Still its own, counted once.
    const retried = await sync(w.second, w.bisi, device.north, [shared(a.reference, 5)]);
    expect(retried.results).toEqual(north.results.map((r) => ({ ...r, result: { ...r.result } })));
    expect(retried.counts).toEqual(south.counts);
    // A third phone's online scan under the same id is its own too: b is already in.
    const third = await sync(w.app, w.bisi, { id: 'device-third-0003', name: 'East door' }, [{ ...shared(b.reference, 0), offline: false }]);
    expect(third.results).toEqual([{ id, duplicate: false, result: expect.objectContaining({ status: 'already', ticket: expect.objectContaining({ reference: b.reference }) }) }]);
    expect(await w.db.selectFrom('gate_scans').select(['device_id', 'reference', 'outcome']).where('scan_id', '=', id).orderBy('received_at').execute()).toEqual([
      { device_id: device.north.id, reference: a.reference, outcome: 'checked-in' },
      { device_id: device.south.id, reference: b.reference, outcome: 'checked-in' },
      { device_id: 'device-third-0003', reference: b.reference, outcome: 'already' },
    ]);
    expect(await audits(w, 'ticket.check-in', a.reference)).toHaveLength(1);
    expect(await audits(w, 'ticket.check-in', b.reference)).toHaveLength(1);
  });

  it('an offline scan stamped before the gate could open (2000-01-01) never displaces a real check-in: flagged, and judged at its arrival', async () => {
    const w = await world();
    const t = await register(w, 2);
    const real = scan(t.reference, new Date(Date.now() - 20 * MINUTE));
    await sync(w.app, w.bisi, device.north, [real]);
    const bogus = scan(t.reference, '2000-01-01T00:00:00.000Z');
    const before = new Date().toISOString();
    const answer = await sync(w.second, w.tayo, device.south, [bogus]);
    expect(answer.results).toEqual([{ id: bogus.id, duplicate: true, result: expect.objectContaining({ status: 'already', checkedInAt: real.scannedAt, checkedInBy: 'Bisi Gate' }) }]);
    expect(await registration(w, t.reference)).toEqual({ checked_in_at: real.scannedAt, checked_in_by: 'Bisi Gate', checked_in_scan: await rowKey(w, device.north.id, real.id) });
    const row = await w.db.selectFrom('gate_scans').select(['scanned_at', 'received_at', 'device_time', 'time_flag', 'outcome']).where('scan_id', '=', bogus.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ device_time: '2000-01-01T00:00:00.000Z', time_flag: 'before-gate', outcome: 'duplicate' });
    expect(row.scanned_at).toBe(row.received_at);
    expect(row.scanned_at >= before).toBe(true);
    // Listed as the duplicate it is, at the time it arrived; the real scan stays the one counted.
    expect(answer.duplicates).toEqual([
      { reference: t.reference, wristbands: 2, checkIn: { device: 'North door', by: 'Bisi Gate', scannedAt: real.scannedAt }, duplicates: [{ device: device.south.id.slice(0, 8), by: 'Tayo North', scannedAt: row.scanned_at }] },
    ]);
    expect(answer.counts).toMatchObject({ checkedInRegistrations: 1, checkedInWristbands: 2 });

    // The bound: the gate opens at 00:00 Lagos the day before the first day (2025-10-24 here).
    const eve = await register(w, 1);
    const onTheEve = scan(eve.reference, '2025-10-23T00:00:00+01:00');
    await sync(w.app, w.bisi, device.north, [onTheEve]);
    expect((await registration(w, eve.reference)).checked_in_at).toBe('2025-10-22T23:00:00.000Z');
    const early = await register(w, 1);
    const tooEarly = scan(early.reference, '2025-10-22T23:59:59+01:00');
    const alone = await sync(w.app, w.bisi, device.north, [tooEarly]);
    // Alone, a flagged scan still checks its ticket in (the visitor is inside), at its arrival.
    const flagged = await w.db.selectFrom('gate_scans').select(['scanned_at', 'received_at', 'time_flag']).where('scan_id', '=', tooEarly.id).executeTakeFirstOrThrow();
    expect(flagged).toEqual({ scanned_at: flagged.received_at, received_at: flagged.received_at, time_flag: 'before-gate' });
    expect(alone.results[0]).toMatchObject({ duplicate: false, result: { status: 'checked-in', checkedInAt: flagged.received_at } });

    // An honest offline scan that arrives later, earlier than the flagged one's arrival, takes over as ever.
    const honest = scan(early.reference, new Date(Date.parse(flagged.received_at) - 10 * MINUTE));
    const after = await sync(w.app, w.tayo, device.south, [honest]);
    expect(after.results[0]).toMatchObject({ duplicate: false, result: { status: 'checked-in', checkedInAt: honest.scannedAt } });
    expect((await registration(w, early.reference)).checked_in_scan).toBe(await rowKey(w, device.south.id, honest.id));
  });

  it('an offline scan stamped well before the list it was judged against never displaces a real check-in; within the tolerance it counts', async () => {
    const w = await world();
    const issuedAt = (await packOf(w)).issuedAt;
    const issued = Date.parse(issuedAt);
    const t = await register(w, 2);
    expect((await checkIn(w, t.reference, w.tayo)).status).toBe(200);
    const formCheckIn = (await registration(w, t.reference)).checked_in_at;
    // The phone's clock is half an hour slow: its time is before the list it decided with was issued.
    const slow: GateScan = { ...scan(t.reference, new Date(issued - 30 * MINUTE)), packIssuedAt: issuedAt };
    const answer = await sync(w.app, w.bisi, device.north, [slow]);
    expect(answer.results[0]).toMatchObject({ id: slow.id, duplicate: true, result: { status: 'already', checkedInAt: formCheckIn, checkedInBy: 'Tayo North' } });
    expect((await registration(w, t.reference)).checked_in_at).toBe(formCheckIn);
    const row = await w.db.selectFrom('gate_scans').select(['scanned_at', 'received_at', 'device_time', 'time_flag']).where('scan_id', '=', slow.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ scanned_at: row.received_at, received_at: row.received_at, device_time: new Date(issued - 30 * MINUTE).toISOString(), time_flag: 'before-pack' });

    // Within GATE_CLOCK_TOLERANCE_MS (5 minutes) of the list's time, the phone's time stands: earlier than the form's check-in, it is the check-in.
    const u = await register(w, 1);
    expect((await checkIn(w, u.reference, w.tayo)).status).toBe(200);
    const drift: GateScan = { ...scan(u.reference, new Date(issued - 4 * MINUTE)), packIssuedAt: issuedAt };
    const drifted = await sync(w.app, w.bisi, device.north, [drift]);
    expect(drifted.results[0]).toMatchObject({ duplicate: false, result: { status: 'checked-in', checkedInAt: drift.scannedAt } });
    expect(await w.db.selectFrom('gate_scans').select('time_flag').where('scan_id', '=', drift.id).executeTakeFirstOrThrow()).toEqual({ time_flag: null });

    // A phone that says no list (one that queued its scans before it sent one) is held to the gate's opening only.
    const v = await register(w, 1);
    expect((await checkIn(w, v.reference, w.tayo)).status).toBe(200);
    const unsaid = scan(v.reference, new Date(issued - 30 * MINUTE));
    expect((await sync(w.app, w.bisi, device.north, [unsaid])).results[0]).toMatchObject({ duplicate: false, result: { status: 'checked-in', checkedInAt: unsaid.scannedAt } });
  });

  it('the pack has a strong ETag over all but issuedAt: asked with it, 304 and no body until something changes', async () => {
    const w = await world();
    await register(w, 2);
    const get = (headers: Record<string, string> = {}, token: string | null = w.bisi, app = w.app) =>
      app.request('/api/admin/check-ins/offline/', { headers: { ...(token ? auth(token) : {}), ...headers } });
    const first = await get();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const pack = gatePackResultSchema.parse(await first.json()).data;

    // Another download a moment later: a new issuedAt, the same tag (and on the other instance).
    await new Promise((r) => setTimeout(r, 5));
    const second = await get({}, w.bisi, w.second);
    expect(second.headers.get('etag')).toBe(etag);
    expect(gatePackResultSchema.parse(await second.json()).data.issuedAt).not.toBe(pack.issuedAt);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get({ 'If-None-Match': ifNoneMatch });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    for (const ifNoneMatch of ['"other"', etag.slice(1, -1), 'garbage, "x']) expect((await get({ 'If-None-Match': ifNoneMatch })).status, ifNoneMatch).toBe(200);
    // The session is checked first: no session is 401, tag or not.
    expect((await get({ 'If-None-Match': etag }, null)).status).toBe(401);

    // A registration, a check-in, a given-back ticket: each is a new pack under a new tag.
    let tag = etag;
    const changed = async () => {
      const res = await get({ 'If-None-Match': tag });
      expect(res.status).toBe(200);
      const next = res.headers.get('etag')!;
      expect(next).not.toBe(tag);
      tag = next;
    };
    const t = await register(w, 1);
    await changed();
    expect((await checkIn(w, t.reference)).status).toBe(200);
    await changed();
    expect((await postJson(w.app, `/api/tickets/${t.reference}/cancel`, { token: t.token })).status).toBe(409);
    const u = await register(w, 1);
    await changed();
    expect((await postJson(w.app, `/api/tickets/${u.reference}/cancel`, { token: u.token })).status).toBe(200);
    await changed();
    expect((await get({ 'If-None-Match': tag })).status).toBe(304);
  });

  it('bad bodies are refused in the result pattern and record nothing; no session is 401', async () => {
    const w = await world();
    const t = await register(w, 1);
    const good = scan(t.reference, new Date());
    const post = (body: unknown, token: string | null = w.bisi) => postJson(w.app, '/api/admin/check-ins/sync/', body, token ? auth(token) : {});
    for (const body of ['{not json', '[]', '"text"']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    for (const body of [
      {},
      { device: device.north },
      { device: { id: 'short', name: 'x' }, scans: [] },
      { device: { ...device.north, name: 'x'.repeat(41) }, scans: [] },
      { device: device.north, scans: [{ ...good, id: 'tiny' }] },
      { device: device.north, scans: [{ ...good, scannedAt: 'yesterday' }] },
      { device: device.north, scans: [{ ...good, packIssuedAt: 'this morning' }] },
      { device: device.north, scans: [{ ...good, offline: 'yes' }] },
      { device: device.north, scans: [{ ...good, reference: 'x'.repeat(65) }] },
      { device: device.north, scans: Array.from({ length: GATE_SYNC_MAX_SCANS + 1 }, () => scan(t.reference, new Date())) },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(await res.json()).toMatchObject({ success: false, message: expect.any(String), errors: expect.any(Object) });
    }
    expect(await w.db.selectFrom('gate_scans').select('id').execute()).toEqual([]);

    // The largest sync the contract allows fits the body limit (more than BODY_LIMIT_BYTES).
    const longest = Array.from({ length: GATE_SYNC_MAX_SCANS }, (_, i) => ({ id: `${String(i).padStart(4, '0')}${'x'.repeat(60)}`, reference: 'é'.repeat(64), scannedAt: '2025-10-24T09:15:00.000+01:00', offline: true }));
    const big = JSON.stringify({ device: { id: 'd'.repeat(64), name: 'é'.repeat(40) }, scans: longest }).replace(/é/g, '\\u00e9');
    expect(big.length).toBeGreaterThan(100_000);
    const bigAnswer = await post(big);
    expect(bigAnswer.status).toBe(200);
    expect(gateSyncResultSchema.parse(await bigAnswer.json()).data.results).toHaveLength(GATE_SYNC_MAX_SCANS);
    await w.db.deleteFrom('gate_scans').execute();

    expect((await post({ device: device.north, scans: [good] }, null)).status).toBe(401);
    expect((await post('{not json', null)).status).toBe(401);
    expect((await post({ device: device.north, scans: [good] }, 'x'.repeat(43))).status).toBe(401);
    expect((await w.app.request('/api/admin/check-ins/offline/')).status).toBe(401);
    const noSession = await w.app.request('/api/admin/check-ins/offline/');
    expect(noSession.headers.get('cache-control')).toBe('no-store');
    expect(await w.db.selectFrom('gate_scans').select('id').execute()).toEqual([]);
    expect((await registration(w, t.reference)).checked_in_at).toBeNull();
  });
});

describe.each(dbTargets)('the scan identity migration on $name', (target) => {
  it('keeps the scans recorded before it: each is (its device, its id), and the check-in still names its row', async () => {
    const database = await target.create();
    try {
      const db = database.handle.db;
      const names = Object.keys(migrations).sort();
      const mine = names.indexOf('2026-12-02-2-gate-scan-identity');
      expect(mine).toBeGreaterThan(0);
      const migrator = new Migrator({ db, provider: staticMigrationProvider });
      expect((await migrator.migrateTo(names[mine - 1]!)).error).toBeUndefined();
      // As the code before this change wrote them: the phone's id as the key.
      const at = new Date(Date.now() - 30 * MINUTE).toISOString();
      await db
        .insertInto('registrations')
        .values({ id: 'reg-1', ticket_reference: 'ITN-7K3Q9P', first_name: 'Ada', last_name: 'Obi', email: 'ada@example.com', phone: '08012345678', number_of_tickets: 2, submitted_at: at, created_at: at, edition: '2025', checked_in_at: at, checked_in_by: 'Bisi Gate', checked_in_scan: 'old-phone-scan-0000000001' })
        .execute();
      const old = { reference: 'ITN-7K3Q9P', device_name: 'North door', staff: 'Bisi Gate', received_at: at, offline: 1, admitted: 1, reason: null };
      const legacy = db as unknown as Kysely<{ gate_scans: Omit<GateScanTable, 'scan_id' | 'device_time' | 'time_flag'> }>;
      await legacy
        .insertInto('gate_scans')
        .values([
          { ...old, id: 'old-phone-scan-0000000001', device_id: 'device-north-0001', scanned_at: at, outcome: 'checked-in' },
          { ...old, id: 'old-phone-scan-0000000002', device_id: 'device-south-0002', device_name: '', staff: 'Tayo North', scanned_at: new Date(Date.parse(at) + MINUTE).toISOString(), outcome: 'duplicate' },
        ])
        .execute();

      const { app } = await buildApp(database.handle, { env: { TICKET_SECRET: SECRET } });
      expect(await db.selectFrom('gate_scans').select(['id', 'scan_id', 'device_id', 'device_time', 'time_flag']).orderBy('id').execute()).toEqual([
        { id: 'old-phone-scan-0000000001', scan_id: 'old-phone-scan-0000000001', device_id: 'device-north-0001', device_time: null, time_flag: null },
        { id: 'old-phone-scan-0000000002', scan_id: 'old-phone-scan-0000000002', device_id: 'device-south-0002', device_time: null, time_flag: null },
      ]);
      // The north phone's queue still held its scan: sent again after the upgrade, it is the same scan.
      await upsertStaffUser(db, { email: 'bisi@itan.example', name: 'Bisi Gate', password: 'gate-password-long' });
      const token = ((await (await postJson(app, '/api/auth/login/', { email: 'bisi@itan.example', password: 'gate-password-long' })).json()) as Json).token as string;
      const res = await postJson(app, '/api/admin/check-ins/sync/', { device: { id: 'device-north-0001', name: 'North door' }, scans: [{ id: 'old-phone-scan-0000000001', reference: 'ITN-7K3Q9P', scannedAt: at, offline: true }] }, { Authorization: `Bearer ${token}` });
      const answer = gateSyncResultSchema.parse(await res.json()).data;
      expect(answer.results).toEqual([{ id: 'old-phone-scan-0000000001', duplicate: false, result: expect.objectContaining({ status: 'checked-in', checkedInAt: at }) }]);
      expect(answer.counts).toMatchObject({ checkedInRegistrations: 1, checkedInWristbands: 2 });
      expect(answer.duplicates).toEqual([
        { reference: 'ITN-7K3Q9P', wristbands: 2, checkIn: { device: 'North door', by: 'Bisi Gate', scannedAt: at }, duplicates: [{ device: 'device-s', by: 'Tayo North', scannedAt: new Date(Date.parse(at) + MINUTE).toISOString() }] },
      ]);
      expect(await db.selectFrom('gate_scans').select('id').execute()).toHaveLength(2);

      // Down and up again, with scans made since (their keys are the server's).
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrator.migrateUp()).error).toBeUndefined();
      expect(await db.selectFrom('gate_scans').select('id').execute()).toHaveLength(2);
    } finally {
      await database.drop();
    }
  });
});
