import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_RESEND_MESSAGE } from '@/contract/api/tickets';
import type { BackendApp } from '../app';
import { upsertStaffUser } from '../auth/queries';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';

/**
 * Tickets: links that cannot be guessed or forged, the lost-ticket resend that tells nobody who
 * registered, and check-in at the gate that lets exactly one of many simultaneous scans through.
 */
type Json = Record<string, unknown>;

describe.each(dbTargets)('tickets on $name', (target) => {
  let database: TestDatabase;
  let app: BackendApp;
  let second: BackendApp;
  let staffToken: string;

  const register = async (email: string, tickets = 1) => {
    const res = await postJson(app, '/api/forms/registrations/', { ...validPayloads.registration(tickets), email });
    expect(res.status).toBe(201);
    return (await res.json()) as { ticketReference: string; ticketUrl: string };
  };
  const ticket = (path: string) => app.request(`/api${path}`);
  const checkIn = (a: BackendApp, reference: string, token = staffToken) =>
    postJson(a, '/api/admin/check-ins/', { reference }, { Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    database = await target.create();
    ({ app } = await buildApp(database.handle, { env: { TICKET_SECRET: 'a-test-secret-of-some-length' } }));
    ({ app: second } = await buildApp(database.connectAgain(), { env: { TICKET_SECRET: 'a-test-secret-of-some-length' } }));
    await upsertStaffUser(database.handle.db, { email: 'gate@itan.example', name: 'Bisi Gate', password: 'gate-password-long' });
    const login = await postJson(app, '/api/auth/login/', { email: 'gate@itan.example', password: 'gate-password-long' });
    staffToken = ((await login.json()) as Json).token as string;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('the ticket link opens the ticket; forged, truncated, missing and other tickets’ tokens are 404 like an unknown reference', async () => {
    const a = await register('a@example.com', 3);
    const b = await register('b@example.com');
    const ok = await ticket(a.ticketUrl);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ data: { reference: a.ticketReference, firstName: 'Ada', numberOfTickets: 3 } });

    const token = new URL(a.ticketUrl, 'http://x').searchParams.get('t')!;
    const otherToken = new URL(b.ticketUrl, 'http://x').searchParams.get('t')!;
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const unknown = await ticket('/tickets/ITN-ZZZZZZ?t=' + token);
    const unknownBody = await unknown.json();
    expect(unknown.status).toBe(404);
    for (const path of [
      `/tickets/${a.ticketReference}?t=${flipped}`,
      `/tickets/${a.ticketReference}?t=${token.slice(0, 21)}`,
      `/tickets/${a.ticketReference}?t=${token}A`,
      `/tickets/${a.ticketReference}`,
      `/tickets/${a.ticketReference}?t=`,
      `/tickets/${a.ticketReference}?t=${otherToken}`,
      `/tickets/${a.ticketReference.toLowerCase()}?t=${token}`,
    ]) {
      const res = await ticket(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual(unknownBody);
    }
  });

  it('another secret signs other tokens: a link is worthless to a deployment with a different TICKET_SECRET', async () => {
    const a = await register('c@example.com');
    const { app: elsewhere } = await buildApp(database.connectAgain(), { env: { TICKET_SECRET: 'another-secret-entirely' } });
    expect((await elsewhere.request(`/api${a.ticketUrl}`)).status).toBe(404);
  });

  it('ten simultaneous check-ins of one ticket from two instances: exactly one succeeds, the rest say when and by whom', async () => {
    const { ticketReference } = await register('gate@example.com', 2);
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => checkIn(i % 2 ? second : app, ticketReference)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Json[];
    const winner = bodies.find((b) => b.status === 'checked-in')!;
    for (const b of bodies.filter((x) => x.status === 'already')) {
      expect(b).toMatchObject({ checkedInAt: winner.checkedInAt, checkedInBy: 'Bisi Gate', ticket: { reference: ticketReference, numberOfTickets: 2 } });
    }
    const ticketPage = await app.request(`/api/admin/check-ins/`, { headers: { Authorization: `Bearer ${staffToken}` } });
    expect(await ticketPage.json()).toMatchObject({ data: { checkedInRegistrations: 1, checkedInWristbands: 2 } });
  });

  it('check-in takes a typed reference in any case and without its prefix; an unknown one is 404; no session is 401', async () => {
    const { ticketReference } = await register('typed@example.com');
    const typed = ` ${ticketReference.slice(4).toLowerCase()} `;
    expect((await checkIn(app, typed)).status).toBe(200);
    expect((await checkIn(app, 'ITN-ZZZZZZ')).status).toBe(404);
    expect((await checkIn(app, 'not a reference')).status).toBe(422);
    expect((await checkIn(app, ticketReference, 'x'.repeat(43))).status).toBe(401);
    expect((await postJson(app, '/api/admin/check-ins/', { reference: ticketReference })).status).toBe(401);
  });

  it('resend: the same answer for known and unknown addresses; mails every ticket of the address, at most 3 an hour', async () => {
    await register('many@example.com', 1);
    // A second registration of the address, stored before REGISTRATIONS_PER_EMAIL (and before
    // addresses were canonical): it is found by its canonical address all the same.
    await register('second-of-many@example.com', 4);
    await database.handle.db.updateTable('registrations').set({ email: ' MANY@example.com' }).where('email', '=', 'second-of-many@example.com').execute();
    const ask = (email: string) => postJson(app, '/api/forms/ticket-resend/', { email });
    const known = await ask('Many@Example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    expect(((await (await ask('many@example.com')).json()) as Json).message).toBe(TICKET_RESEND_MESSAGE);
    for (let i = 0; i < 5; i++) expect((await ask('many@example.com')).status).toBe(202);
    const queued = await database.handle.db.selectFrom('outbox').select('recipient').where('kind', '=', 'ticketResend').execute();
    expect(queued.map((q) => q.recipient)).toEqual(['many@example.com', 'many@example.com', 'many@example.com']);
    expect((await ask('not-an-email')).status).toBe(422);
  });

  it('resend requests racing for one address still queue at most 3', async () => {
    await register('race@example.com');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => postJson(i % 2 ? second : app, '/api/forms/ticket-resend/', { email: 'race@example.com' })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(202));
    const queued = await database.handle.db.selectFrom('outbox').select('id').where('kind', '=', 'ticketResend').where('recipient', '=', 'race@example.com').execute();
    expect(queued).toHaveLength(3);
  });
});
