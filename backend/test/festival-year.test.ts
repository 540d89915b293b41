import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, countRows, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';

/**
 * The festival's year on the backend (issue 28): GET /api/edition/ says where the edition stands
 * at the configured clock (FESTIVAL_NOW), and POST /api/forms/registrations/ is refused outside the
 * registration window, in the result pattern, with the message the form shows; nothing is stored.
 * Each case is an app with its own settings over one database, as a restart with new settings is.
 */
type Json = Record<string, unknown>;

const EDITION_2026 = { FESTIVAL_START_DATE: '2026-10-24', FESTIVAL_END_DATE: '2026-10-25' };

describe.each(dbTargets)('the festival year on $name', (target) => {
  let database: TestDatabase;
  let n = 0;

  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const appAt = async (env: Record<string, string>) => (await buildApp(database.handle, { env })).app;
  const status = async (env: Record<string, string>) => ((await (await (await appAt(env)).request('/api/edition/')).json()) as Json).data as Json;
  const register = async (env: Record<string, string>, tickets = 1) =>
    postJson(await appAt(env), '/api/forms/registrations/', { ...validPayloads.registration(tickets), email: `year-${target.name}-${++n}@example.com` });

  it('with no dates configured, the edition is the next 24–25 October that has not ended', async () => {
    const unset = { FESTIVAL_START_DATE: '', FESTIVAL_END_DATE: '' };
    expect(await status({ ...unset, FESTIVAL_NOW: '2026-11-24T12:00:00+01:00' })).toMatchObject({
      edition: { startDate: '2027-10-24', endDate: '2027-10-25', registrationOpensAt: null, registrationClosesAt: '2027-10-25T23:00:00.000Z' },
      phase: 'open',
      registration: 'open',
    });
    // The last minute of the festival is still this year's; the next minute rolls over.
    expect(await status({ ...unset, FESTIVAL_NOW: '2026-10-25T23:59:00+01:00' })).toMatchObject({ edition: { startDate: '2026-10-24' }, phase: 'live' });
    expect(await status({ ...unset, FESTIVAL_NOW: '2026-10-26T00:00:00+01:00' })).toMatchObject({ edition: { startDate: '2027-10-24' }, phase: 'open' });
  });

  it('every phase, from the one clock', async () => {
    const at = (now: string, extra: Record<string, string> = {}) => status({ ...EDITION_2026, FESTIVAL_NOW: now, ...extra });
    const window = { REGISTRATION_OPENS_AT: '2026-09-01T09:00', REGISTRATION_CLOSES_AT: '2026-10-20' };
    expect(await at('2026-08-31T12:00:00+01:00', window)).toMatchObject({ phase: 'announced', registration: 'not-yet' });
    expect(await at('2026-09-01T09:00:00+01:00', window)).toMatchObject({ phase: 'open', registration: 'open' });
    expect(await at('2026-10-20T00:00:00+01:00', window)).toMatchObject({ phase: 'closed', registration: 'closed' });
    expect(await at('2026-10-24T00:00:00+01:00')).toMatchObject({ phase: 'live', registration: 'open' });
    expect(await at('2026-10-24T08:00:00+01:00', window)).toMatchObject({ phase: 'live', registration: 'closed' });
    expect(await at('2026-10-26T00:00:00+01:00')).toMatchObject({ phase: 'after', registration: 'closed' });
  });

  it('refuses a registration before the window opens, with when it opens, and stores nothing', async () => {
    const before = await countRows(database.handle, 'registrations');
    const res = await register({ ...EDITION_2026, FESTIVAL_NOW: '2026-08-31T12:00:00+01:00', REGISTRATION_OPENS_AT: '2026-09-01T09:00' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      success: false,
      reason: 'registration-not-open',
      message: 'Registration is not open yet. It opens on 1 September 2026, 09:00 (Lagos time).',
    });
    expect(await countRows(database.handle, 'registrations')).toBe(before);
  });

  it('refuses a registration once the window has closed, and after the festival, and stores nothing', async () => {
    const before = await countRows(database.handle, 'registrations');
    for (const env of [
      { ...EDITION_2026, FESTIVAL_NOW: '2026-10-21T12:00:00+01:00', REGISTRATION_CLOSES_AT: '2026-10-20T18:00' },
      // By default the window closes when the last day ends (Lagos time).
      { ...EDITION_2026, FESTIVAL_NOW: '2026-10-26T00:00:00+01:00' },
      { FESTIVAL_START_DATE: '2025-10-24', FESTIVAL_END_DATE: '2025-10-25', FESTIVAL_NOW: '2026-11-24T12:00:00+01:00' },
    ]) {
      const res = await register(env);
      expect(res.status, JSON.stringify(env)).toBe(409);
      expect(await res.json()).toMatchObject({ success: false, reason: 'registration-closed', message: 'Registration for this edition has closed.' });
    }
    expect(await countRows(database.handle, 'registrations')).toBe(before);
  });

  it('accepts a registration in the last minute of the festival, for that edition', async () => {
    const res = await register({ ...EDITION_2026, FESTIVAL_NOW: '2026-10-25T23:59:00+01:00' });
    expect(res.status).toBe(201);
    const { registrationId } = (await res.json()) as { registrationId: string };
    const row = await database.handle.db.selectFrom('registrations').select(['edition', 'cancelled_at']).where('id', '=', registrationId).executeTakeFirstOrThrow();
    expect(row).toEqual({ edition: '2026', cancelled_at: null });
  });

  it("one address's registration for an earlier edition does not count against this edition's limit", async () => {
    const email = `returning-${target.name}@example.com`;
    const post = async (env: Record<string, string>) => postJson(await appAt(env), '/api/forms/registrations/', { ...validPayloads.registration(1), email });
    expect((await post({ FESTIVAL_START_DATE: '2025-10-24', FESTIVAL_END_DATE: '2025-10-25', FESTIVAL_NOW: '2025-09-01T09:00:00+01:00' })).status).toBe(201);
    expect((await post({ ...EDITION_2026, FESTIVAL_NOW: '2026-09-01T09:00:00+01:00' })).status).toBe(201);
    // The same edition again: the address holds its one registration (REGISTRATIONS_PER_EMAIL).
    expect((await post({ ...EDITION_2026, FESTIVAL_NOW: '2026-09-02T09:00:00+01:00' })).status).toBe(409);
  });

  it("each edition counts its own wristbands against its capacity", async () => {
    const env = { FESTIVAL_START_DATE: '2030-10-24', FESTIVAL_END_DATE: '2030-10-25', FESTIVAL_NOW: '2030-09-01T09:00:00+01:00', REGISTRATION_CAPACITY: '3' };
    expect(await status(env)).toMatchObject({ remaining: 3, phase: 'open' });
    expect((await register(env, 3)).status).toBe(201);
    expect(await status(env)).toMatchObject({ remaining: 0, phase: 'sold-out', registration: 'sold-out', waitingList: true });
    expect((await register(env, 1)).status).toBe(409);
    // The next edition starts with all its places.
    expect(await status({ ...env, FESTIVAL_START_DATE: '2031-10-24', FESTIVAL_END_DATE: '2031-10-25', FESTIVAL_NOW: '2031-09-01T09:00:00+01:00' })).toMatchObject({ remaining: 3, phase: 'open' });
  });
});
