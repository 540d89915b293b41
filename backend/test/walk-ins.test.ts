import { afterEach, describe, expect, it } from 'vitest';
import { checkInCountsResultSchema, ticketResultSchema } from '@/contract/api/tickets';
import { REGISTRATION_WINDOW_MESSAGES } from '@/contract/edition';
import { WALK_IN_MESSAGES, walkInResultSchema } from '@/contract/api/walk-ins';
import { REGISTRATION_MESSAGES } from '@/contract/forms/messages';
import type { BackendApp } from '../app';
import type { BackendConfig } from '../kernel/config';
import { FORM_MESSAGES } from '../kernel/results';
import { GATE_FORM_DEVICE } from '../tickets/gate/scans';
import { buildApp, dbTargets, postJson, TEST_EDITION_KEY, validPayloads, type TestDatabase } from '@/test/support/databases';
import { staffToken } from '@/test/support/staff';

/**
 * Walk-ins at the gate (issue 41), on SQLite and PostgreSQL: a staff member registers someone at
 * the gate; it is a registration like the public form's (capacity, per-address limit, ticket
 * mail, the same words), checked in at once as a scan of the gate form's device, audited with the
 * staff member, once per Idempotency-Key; allowed on the festival days even when the public window
 * has closed, and refused outside the window otherwise.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SECRET = 'walk-in-test-secret-long-enough';
const STAFF = { email: 'kemi@itan.example', name: 'Kemi Gate', password: 'kemi-gate-password' };
/** 10:00 on the festival's first day, Lagos time (the test edition is 24–25 October 2025). */
const FESTIVAL_MORNING = new Date('2025-10-24T10:00:00+01:00');

interface World {
  database: TestDatabase;
  app: BackendApp;
  config: BackendConfig;
  token: string;
  setClock: (at: Date) => void;
}

describe.each(dbTargets)('walk-ins at the gate on $name', (target) => {
  const worlds: TestDatabase[] = [];
  afterEach(async () => {
    while (worlds.length) await worlds.pop()!.drop();
  });

  async function world(env: Record<string, string> = {}): Promise<World> {
    const database = await target.create();
    worlds.push(database);
    const built = await buildApp(database.handle, { env: { TICKET_SECRET: SECRET, ...env } });
    let at = built.config.now();
    built.config.now = () => at;
    const token = await staffToken(built.app, database.handle, STAFF);
    return { database, app: built.app, config: built.config, token, setClock: (d) => (at = d) };
  }

  let visitors = 0;
  const person = (tickets = 2, email = `walk-in-${++visitors}@example.com`) => ({ ...validPayloads.registration(tickets), firstName: 'Femi', lastName: 'Walker', email, submittedAt: new Date().toISOString() });
  const walkIn = (w: World, body: unknown, headers: Record<string, string> = {}) => postJson(w.app, '/api/admin/check-ins/walk-ins/', body, { Authorization: `Bearer ${w.token}`, ...headers });
  const register = (w: World, tickets: number, email = `public-${++visitors}@example.com`) => postJson(w.app, '/api/forms/registrations/', { ...validPayloads.registration(tickets), email });
  const rows = (w: World) => w.database.handle.db.selectFrom('registrations').selectAll().orderBy('created_at').execute();
  const mails = (w: World) => w.database.handle.db.selectFrom('outbox').select(['kind', 'recipient']).where('kind', '=', 'registration').execute();
  const counts = async (w: World) => checkInCountsResultSchema.parse(await (await w.app.request('/api/admin/check-ins/', { headers: { Authorization: `Bearer ${w.token}` } })).json()).data;

  it('on a festival day, with the public window closed: registered, checked in at once by the staff member, the ticket mailed, audited', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '10', REGISTRATION_CLOSES_AT: '2025-10-20T18:00' });
    w.setClock(FESTIVAL_MORNING);
    // The public may no longer register…
    const publicTry = await register(w, 1);
    expect(publicTry.status).toBe(409);
    expect(await publicTry.json()).toMatchObject({ message: REGISTRATION_WINDOW_MESSAGES.closed, reason: 'registration-closed' });

    // …but staff register a walk-in at the gate.
    const res = await walkIn(w, person(3, 'Femi.Walker@Example.com '));
    expect(res.status).toBe(201);
    const body = walkInResultSchema.parse(await res.json());
    const reference = body.ticketReference;
    expect(reference).toMatch(/^ITN-[A-Z0-9]{6}$/);
    expect(body.message).toBe(WALK_IN_MESSAGES.done(reference, 3));
    expect(body.message).toBe(`Walk-in registered and checked in: ${reference}. Hand over 3 wristbands; the ticket is on its way by email.`);
    expect(body.data).toMatchObject({ ticket: { reference, firstName: 'Femi', lastName: 'Walker', numberOfTickets: 3 }, checkedInBy: STAFF.name });

    // Checked in, as a scan of the gate form's device by this staff member.
    const [row] = await rows(w);
    expect(row).toMatchObject({ ticket_reference: reference, email: 'femi.walker@example.com', number_of_tickets: 3, edition: TEST_EDITION_KEY, checked_in_by: STAFF.name, cancelled_at: null });
    expect(row!.checked_in_at).toBe(body.data.checkedInAt);
    const scans = await w.database.handle.db.selectFrom('gate_scans').selectAll().where('reference', '=', reference).execute();
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ id: row!.checked_in_scan, device_id: GATE_FORM_DEVICE.id, device_name: GATE_FORM_DEVICE.name, staff: STAFF.name, outcome: 'checked-in', offline: 0 });
    expect(await counts(w)).toEqual({ registrations: 1, wristbands: 3, checkedInRegistrations: 1, checkedInWristbands: 3 });

    // The ticket mail, queued with the registration, to the address as registered.
    expect(await mails(w)).toEqual([{ kind: 'registration', recipient: 'femi.walker@example.com' }]);
    // Audited: the walk-in and its check-in, both by the staff member, no visitor's data.
    const audit = await w.database.handle.db.selectFrom('audit_log').select(['action', 'actor_email', 'actor_name', 'target_id', 'summary']).where('target_id', '=', reference).orderBy('action').execute();
    expect(audit).toEqual([
      { action: 'ticket.check-in', actor_email: STAFF.email, actor_name: STAFF.name, target_id: reference, summary: `${reference} checked in (3 wristbands)` },
      { action: 'ticket.walk-in', actor_email: STAFF.email, actor_name: STAFF.name, target_id: reference, summary: `${reference} registered at the gate (3 wristbands) and checked in` },
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/Femi|Walker|example\.com|\+234/);

    // The gate knows it is in: scanning the ticket again is "already", by the staff member.
    const again = await postJson(w.app, '/api/admin/check-ins/', { reference }, { Authorization: `Bearer ${w.token}` });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: 'already', checkedInBy: STAFF.name });
  });

  it('respects capacity with the registration’s own words: too few left, then sold out; nothing stored or mailed when refused', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '4' });
    w.setClock(FESTIVAL_MORNING);
    expect((await register(w, 2)).status).toBe(201);

    const tooMany = await walkIn(w, person(3));
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({ success: false, message: FORM_MESSAGES.registrationFewLeft(2), errors: { numberOfTickets: FORM_MESSAGES.registrationFewLeft(2) } });
    expect((await walkIn(w, person(2))).status).toBe(201);

    const soldOut = await walkIn(w, person(1));
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toMatchObject({ success: false, message: FORM_MESSAGES.registrationFull });
    expect(FORM_MESSAGES.registrationFull).toBe('Registration is full: all wristbands for this edition have been claimed.');

    expect((await rows(w)).map((r) => [r.number_of_tickets, r.checked_in_at === null])).toEqual([
      [2, true],
      [2, false],
    ]);
    expect(await mails(w)).toHaveLength(2);
    expect(await w.database.handle.db.selectFrom('gate_scans').select('id').execute()).toHaveLength(1);
    expect(await counts(w)).toEqual({ registrations: 2, wristbands: 4, checkedInRegistrations: 1, checkedInWristbands: 2 });
  });

  it('once per Idempotency-Key: the same form posted again is the same walk-in (replayed), another request under the key a 422', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '10' });
    w.setClock(FESTIVAL_MORNING);
    const key = { 'Idempotency-Key': 'walk-in-key-0001' };
    const form = person(2);
    const first = await walkIn(w, form, key);
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as Json;
    // Posted again (a double press, a retry): the site stamps another submittedAt; the same walk-in.
    const second = await walkIn(w, { ...form, submittedAt: new Date(Date.now() + 5_000).toISOString() }, key);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await second.json()).toEqual(firstBody);
    expect(await rows(w)).toHaveLength(1);
    expect(await mails(w)).toHaveLength(1);
    expect(await w.database.handle.db.selectFrom('gate_scans').select('id').execute()).toHaveLength(1);

    const other = await walkIn(w, person(1), key);
    expect(other.status).toBe(422);
    // A new key: a new walk-in.
    expect((await walkIn(w, person(1), { 'Idempotency-Key': 'walk-in-key-0002' })).status).toBe(201);
    expect(await rows(w)).toHaveLength(2);
  });

  it('an address holding its registration: no walk-in, its ticket sent again, said on the email field', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '10' });
    expect((await register(w, 1, 'already@example.com')).status).toBe(201);
    w.setClock(FESTIVAL_MORNING);
    const res = await walkIn(w, person(1, 'Already@example.com'));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      success: false,
      reason: 'already-registered',
      ticketResent: true,
      message: WALK_IN_MESSAGES.alreadyRegisteredResent,
      errors: { email: WALK_IN_MESSAGES.alreadyRegisteredResent },
    });
    expect(WALK_IN_MESSAGES.alreadyRegisteredResent).not.toBe(REGISTRATION_MESSAGES.alreadyRegisteredResent);
    expect(await rows(w)).toHaveLength(1);
    expect((await w.database.handle.db.selectFrom('outbox').select('kind').where('kind', '=', 'ticketResend').execute()).length).toBe(1);
  });

  it('outside the walk-in window: before registration opens, and after the festival; staff only; every field checked', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '10', REGISTRATION_OPENS_AT: '2025-09-15T09:00', REGISTRATION_CLOSES_AT: '2025-10-20T18:00' });
    w.setClock(new Date('2025-09-01T12:00:00+01:00'));
    const early = await walkIn(w, person(1));
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ message: REGISTRATION_WINDOW_MESSAGES.notYet('2025-09-15T08:00:00.000Z'), reason: 'registration-not-open' });
    // Between the public close and the festival: closed for walk-ins too (nobody is at the gate yet).
    w.setClock(new Date('2025-10-22T12:00:00+01:00'));
    expect(await (await walkIn(w, person(1))).json()).toMatchObject({ message: REGISTRATION_WINDOW_MESSAGES.closed, reason: 'registration-closed' });
    // The last minute of the festival: open; the minute after: closed.
    w.setClock(new Date('2025-10-25T23:59:00+01:00'));
    expect((await walkIn(w, person(1))).status).toBe(201);
    w.setClock(new Date('2025-10-26T00:00:00+01:00'));
    expect(await (await walkIn(w, person(1))).json()).toMatchObject({ message: REGISTRATION_WINDOW_MESSAGES.closed, reason: 'registration-closed' });

    w.setClock(FESTIVAL_MORNING);
    expect((await postJson(w.app, '/api/admin/check-ins/walk-ins/', person(1))).status).toBe(401);
    const invalid = await walkIn(w, { ...person(11), phone: '', email: 'not-an-email' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(((await invalid.json()) as Json).errors)).toEqual(expect.arrayContaining(['email', 'phone', 'numberOfTickets']));
    expect(await rows(w)).toHaveLength(1);

    // The one walk-in made (the last minute of the festival): checked in, its ticket mail queued.
    const [row] = await rows(w);
    expect(row!.checked_in_at).not.toBeNull();
    const mail = await w.database.handle.db.selectFrom('outbox').select(['payload']).where('kind', '=', 'registration').executeTakeFirstOrThrow();
    expect(JSON.parse(mail.payload)).toEqual({ registrationId: row!.id });
  });

  it('the ticket the walk-in gets opens like any other: checked in, with its pass', async () => {
    const w = await world({ REGISTRATION_CAPACITY: '10' });
    w.setClock(FESTIVAL_MORNING);
    const res = await walkIn(w, person(1));
    const { ticketReference } = walkInResultSchema.parse(await res.json());
    const { createSigner } = await import('../kernel/signing');
    const token = createSigner(SECRET).sign('ticket', ticketReference);
    const ticket = ticketResultSchema.parse(await (await w.app.request(`/api/tickets/${ticketReference}?t=${token}`)).json()).data;
    expect(ticket).toMatchObject({ reference: ticketReference, numberOfTickets: 1, cancelledAt: null, earlierEdition: false });
    expect(ticket.checkedInAt).not.toBeNull();
    expect(ticket.pass).toMatch(new RegExp(`^ITN2\\.${ticketReference.slice(4)}\\.`));
  });
});
