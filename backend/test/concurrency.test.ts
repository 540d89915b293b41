import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackendApp } from '../app';
import { editionCounter } from '../edition/counter';
import { ticketsClaimed } from '../tickets/registrations';
import { buildApp, countRows, dbTargets, postJson, TEST_EDITION_KEY, validPayloads, type TestDatabase } from '@/test/support/databases';

const EDITION = TEST_EDITION_KEY;
const COUNTER = editionCounter(EDITION);

/**
 * Many registrations at once against a small capacity: exactly the capacity is issued. Two apps
 * on two independent connections to the same database stand in for two server processes.
 */
const CAPACITY = 25;
const REQUESTS = 60;

describe.each(dbTargets)('registration capacity under concurrency on $name', (target) => {
  let database: TestDatabase;
  let apps: BackendApp[];

  beforeAll(async () => {
    database = await target.create();
    const env = { REGISTRATION_CAPACITY: String(CAPACITY) };
    const first = await buildApp(database.handle, { env });
    // PostgreSQL: a second, independent connection (another process). SQLite: better-sqlite3 waits
    // for a lock synchronously, so two connections in one thread would wait on each other: the
    // second app shares the connection, as two route chunks of one server do.
    const second = await buildApp(target.name === 'postgres' ? database.connectAgain() : database.handle, { env });
    apps = [first.app, second.app];
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(`issues exactly ${CAPACITY} wristbands from ${REQUESTS} parallel requests`, async () => {
    const responses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        postJson(apps[i % apps.length]!, '/api/forms/registrations/', { ...validPayloads.registration(1), email: `p${i}@example.com` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CAPACITY);
    expect(statuses.filter((s) => s === 409)).toHaveLength(REQUESTS - CAPACITY);
    const refused = await responses.find((r) => r.status === 409)!.json();
    expect(refused).toMatchObject({ success: false, message: 'Registration is full: all wristbands for this edition have been claimed.' });
    expect(await countRows(database.handle, 'registrations')).toBe(CAPACITY);
    expect(await ticketsClaimed(database.handle.db, EDITION)).toBe(CAPACITY);
    const counter = await database.handle.db.selectFrom('counters').select('used').where('name', '=', COUNTER).executeTakeFirstOrThrow();
    expect(Number(counter.used)).toBe(CAPACITY);
  });

  it('a request for more tickets than remain is refused with how many are left', async () => {
    // Full now: cancel three one-ticket registrations by hand (and free their places) and ask for five.
    const three = await database.handle.db.selectFrom('registrations').select('id').limit(3).execute();
    await database.handle.db.deleteFrom('registrations').where('id', 'in', three.map((r) => r.id)).execute();
    await database.handle.db.updateTable('counters').set({ used: CAPACITY - 3 }).where('name', '=', COUNTER).execute();
    const res = await postJson(apps[0]!, '/api/forms/registrations/', validPayloads.registration(5));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ errors: { numberOfTickets: 'Only 3 wristbands are left for this edition. Please choose fewer tickets.' } });
    expect((await postJson(apps[1]!, '/api/forms/registrations/', validPayloads.registration(3))).status).toBe(201);
    expect(await ticketsClaimed(database.handle.db, EDITION)).toBe(CAPACITY);
  });

  it("registrations from before editions were recorded are adopted by the first edition that counts its wristbands", async () => {
    // What a database looked like before: rows without an edition, no counter for the edition.
    await database.handle.db.updateTable('registrations').set({ edition: null }).execute();
    await database.handle.db.deleteFrom('counters').where('name', '=', COUNTER).execute();
    expect((await postJson(apps[0]!, '/api/forms/registrations/', validPayloads.registration(1))).status).toBe(409);
    const status = await (await apps[1]!.request('/api/edition/')).json();
    expect(status.data).toMatchObject({ phase: 'sold-out', registration: 'sold-out', remaining: 0, waitingList: true });
    const counter = await database.handle.db.selectFrom('counters').select('used').where('name', '=', COUNTER).executeTakeFirstOrThrow();
    expect(Number(counter.used)).toBe(CAPACITY);
    expect(await ticketsClaimed(database.handle.db, EDITION)).toBe(CAPACITY);
  });
});
