import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type BackendApp } from '../app';
import { completeIdempotencyKey, reserveIdempotencyKey } from '../kernel/idempotency';
import type { Db } from '../db/schema';
import { DONATION_API } from '@/contract/api/donations';
import { createPaystackCheckout, createSandboxGateway } from '../payments';
import { buildApp, countRows, dbTargets, postJson, testConfig, validPayloads, type TestDatabase } from '@/test/support/databases';
import { startPaystackStandIn, type PaystackStandIn } from '@/test/support/paystack-stand-in';
import { silentLogger } from '../kernel/log';

/**
 * An Idempotency-Key and the row it protects are recorded together, or not at all (issue 13,
 * finding 3). The tests make a request fail between its work and its commit, as a crash would
 * (the process also dies before it can clean up), wait out the stale window, and retry with the
 * same key: exactly one row, and for donations exactly one Paystack checkout that a donor is shown.
 */
const SECRET = 'sk_test_idempotency_standin';

/** Makes chosen statements fail, once each: a crash at that point. */
class Faults implements KyselyPlugin {
  private pending: { kind: RootOperationNode['kind']; table: string }[] = [];

  failNext(kind: 'InsertQueryNode' | 'UpdateQueryNode' | 'DeleteQueryNode', table: string) {
    this.pending.push({ kind, table });
  }

  get armed(): number {
    return this.pending.length;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const text = JSON.stringify(node);
    const i = this.pending.findIndex((p) => p.kind === node.kind && text.includes(`"name":"${p.table}"`));
    if (i >= 0) {
      const [fault] = this.pending.splice(i, 1);
      throw Object.assign(new Error(`injected failure: ${node.kind} on ${fault!.table}`), { code: 'INJECTED' });
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** The key's reservation, aged past the stale window: the process that held it is gone. */
async function ageKey(db: Db, key: string) {
  await db
    .updateTable('idempotency_keys')
    .set({ created_at: new Date(Date.now() - 10 * 60_000).toISOString() })
    .where('key', '=', key)
    .execute();
}

/** The donation payload of spec §7 without the card: what the live checkout takes. */
function checkoutPayload(amount = 5000) {
  const { card: _card, ...rest } = validPayloads.donation({}, amount);
  void _card;
  return rest;
}

describe.each(dbTargets)('idempotency is atomic with the write on $name', (target) => {
  let database: TestDatabase;
  let standIn: PaystackStandIn;
  let app: BackendApp;
  const faults = new Faults();

  beforeAll(async () => {
    standIn = await startPaystackStandIn({ secretKey: SECRET });
    database = await target.create();
    await buildApp(database.handle); // migrate and seed
    app = createApp({
      db: database.handle.db.withPlugin(faults),
      dialect: database.handle.dialect,
      config: testConfig({ PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: standIn.url }),
      gateway: createSandboxGateway(),
      checkout: createPaystackCheckout({ secretKey: SECRET, baseUrl: standIn.url, checkoutOrigin: standIn.checkoutOrigin, timeoutMs: 2_000 }),
      log: silentLogger,
    });
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.drop();
  });
  beforeEach(() => {
    expect(faults.armed).toBe(0);
  });

  it('registration: a crash before the key is recorded leaves no row; the retry stores exactly one', async () => {
    const key = `reg-${randomUUID()}`;
    const before = await countRows(database.handle, 'registrations');
    faults.failNext('UpdateQueryNode', 'idempotency_keys'); // recording the answer
    faults.failNext('DeleteQueryNode', 'idempotency_keys'); // ...and the clean-up: the process died
    const crashed = await postJson(app, '/api/forms/registrations/', validPayloads.registration(1), { 'Idempotency-Key': key });
    expect(crashed.status).toBe(500);
    expect(await countRows(database.handle, 'registrations'), 'a row without its key').toBe(before);

    await ageKey(database.handle.db, key);
    const retry = await postJson(app, '/api/forms/registrations/', validPayloads.registration(1), { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    const again = await postJson(app, '/api/forms/registrations/', validPayloads.registration(1), { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await retry.json());
    expect(await countRows(database.handle, 'registrations')).toBe(before + 1);
    expect(faults.armed).toBe(0);
  });

  const checkoutsFor = (reference: string) =>
    standIn.requests.filter((r) => r.path === '/transaction/initialize' && (JSON.parse(r.body) as { reference: string }).reference.startsWith(reference));

  it('donation checkout: a failure between Paystack and the commit, then a retry: one row, one checkout shown', async () => {
    const key = `don-${randomUUID()}`;
    const before = await countRows(database.handle, 'donations');
    faults.failNext('InsertQueryNode', 'donations'); // after Paystack opened the checkout
    faults.failNext('DeleteQueryNode', 'idempotency_keys'); // and no clean-up: a crash
    const crashed = await postJson(app, DONATION_API.checkout, checkoutPayload(), { 'Idempotency-Key': key });
    expect(crashed.status).toBe(500);
    const reference = (JSON.parse(standIn.requests.at(-1)!.body) as { reference: string }).reference;
    expect(await countRows(database.handle, 'donations')).toBe(before);

    await ageKey(database.handle.db, key);
    const retry = await postJson(app, DONATION_API.checkout, checkoutPayload(), { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    const body = (await retry.json()) as { data: { reference: string; authorizationUrl: string } };
    // Paystack refused the same reference again, so the retry opened a checkout of its own; the
    // first one's page was never shown to anyone and stays unpaid.
    expect(body.data.reference).not.toBe(reference);
    expect(body.data.reference.startsWith(`${reference}.`)).toBe(true);
    expect(checkoutsFor(reference)).toHaveLength(3);
    expect(await countRows(database.handle, 'donations')).toBe(before + 1);
    const again = await postJson(app, DONATION_API.checkout, checkoutPayload(), { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as typeof body).data.authorizationUrl).toBe(body.data.authorizationUrl);
    expect(checkoutsFor(reference)).toHaveLength(3);
  });

  it('donation checkout: the same failure, retried at once (the key was released), still one row', async () => {
    const key = `don-${randomUUID()}`;
    const before = await countRows(database.handle, 'donations');
    faults.failNext('InsertQueryNode', 'donations');
    expect((await postJson(app, DONATION_API.checkout, checkoutPayload(), { 'Idempotency-Key': key })).status).toBe(500);
    const retry = await postJson(app, DONATION_API.checkout, checkoutPayload(), { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(await countRows(database.handle, 'donations')).toBe(before + 1);
  });

  it('a key reused for another amount after a failed attempt gets a checkout of the new amount only', async () => {
    const key = `don-${randomUUID()}`;
    const before = await countRows(database.handle, 'donations');
    faults.failNext('InsertQueryNode', 'donations');
    expect((await postJson(app, DONATION_API.checkout, checkoutPayload(5000), { 'Idempotency-Key': key })).status).toBe(500);
    // The failed attempt stored nothing and its checkout page was never shown: the key is free.
    const other = await postJson(app, DONATION_API.checkout, checkoutPayload(7000), { 'Idempotency-Key': key });
    expect(other.status).toBe(201);
    const { reference } = ((await other.json()) as { data: { reference: string } }).data;
    expect(standIn.transactions.get(reference)?.amount).toBe(700_000);
    expect(await countRows(database.handle, 'donations')).toBe(before + 1);
    // Once answered, the key is the 7,000 donation's: another amount under it is refused.
    expect((await postJson(app, DONATION_API.checkout, checkoutPayload(5000), { 'Idempotency-Key': key })).status).toBe(422);
  });

  it('the same form posted twice under its key, stamped at two times (a double click without JavaScript), is replayed, not refused', async () => {
    const key = `stamp-${randomUUID()}`;
    const payload = { ...validPayloads.registration(1), email: `stamp-${randomUUID()}@example.org` };
    const before = await countRows(database.handle, 'registrations');
    const first = await postJson(app, '/api/forms/registrations/', { ...payload, submittedAt: '2025-09-01T10:00:00.000Z' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await postJson(app, '/api/forms/registrations/', { ...payload, submittedAt: '2025-09-01T10:00:01.250Z' }, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await countRows(database.handle, 'registrations')).toBe(before + 1);
    // Other fields under the key are still another request.
    expect((await postJson(app, '/api/forms/registrations/', { ...payload, numberOfTickets: 2, submittedAt: '2025-09-01T10:00:02.000Z' }, { 'Idempotency-Key': key })).status).toBe(422);
  });

  it('the same fields in another order are the same request (replayed, not 422); other values are still refused', async () => {
    const key = `order-${randomUUID()}`;
    const payload = { ...validPayloads.registration(1), email: `order-${randomUUID()}@example.org` };
    const reversed = Object.fromEntries(Object.entries(payload).reverse());
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(payload));
    const before = await countRows(database.handle, 'registrations');
    const first = await postJson(app, '/api/forms/registrations/', payload, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await postJson(app, '/api/forms/registrations/', reversed, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await countRows(database.handle, 'registrations')).toBe(before + 1);
    const other = await postJson(app, '/api/forms/registrations/', { ...reversed, numberOfTickets: 2 }, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(await countRows(database.handle, 'registrations')).toBe(before + 1);

    // Nested objects too: the donation's donor and address in another order is the same donation.
    const donation = checkoutPayload();
    const dKey = `order-${randomUUID()}`;
    const d1 = await postJson(app, DONATION_API.checkout, donation, { 'Idempotency-Key': dKey });
    expect(d1.status).toBe(201);
    const shuffled = {
      source: donation.source,
      donor: Object.fromEntries(Object.entries({ ...donation.donor, address: Object.fromEntries(Object.entries(donation.donor.address).reverse()) }).reverse()),
      currency: donation.currency,
      amount: donation.amount,
    };
    const d2 = await postJson(app, DONATION_API.checkout, shuffled, { 'Idempotency-Key': dKey });
    expect(d2.status).toBe(201);
    expect(d2.headers.get('idempotent-replayed')).toBe('true');
    expect(((await d2.json()) as { donationId: string }).donationId).toBe(((await d1.json()) as { donationId: string }).donationId);
  });

    it('a request that outlived the stale window cannot commit over the retry that took its key over', async () => {
    const db = database.handle.db;
    const key = `slow-${randomUUID()}`;
    const slow = await reserveIdempotencyKey(db, 'forms/registrations', key, 'fp');
    expect(slow.kind).toBe('reserved');
    await ageKey(db, key);
    const retry = await reserveIdempotencyKey(db, 'forms/registrations', key, 'fp');
    expect(retry.kind).toBe('reserved');
    if (slow.kind !== 'reserved' || retry.kind !== 'reserved') return;
    expect(retry.claim).not.toBe(slow.claim);
    expect(await completeIdempotencyKey(db, 'forms/registrations', key, slow.claim, 201, '{"from":"slow"}')).toBe(false);
    expect(await completeIdempotencyKey(db, 'forms/registrations', key, retry.claim, 201, '{"from":"retry"}')).toBe(true);
    const row = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row.body).toBe('{"from":"retry"}');
  });
});
