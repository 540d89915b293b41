import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DONATION_API } from '@/contract/api/donations';
import type { BackendApp } from '../app';
import { dashboardFigures } from '../admin/queries';
import { SEAMS } from '../seams';
import { DONATION_RETRIES_PER_HOUR } from '@/contract/festival';
import { RETRY_NOTICES } from '@/contract/forms/donation-messages';
import { reconcileDonations, retryCheckout, RETRY_WINDOW_MS } from '../donations/checkout';
import type { KeyedContext } from '../kernel/idempotency';
import { createPaystackCheckout, PAYMENT_MESSAGES, type PaystackCheckout } from '../payments';
import { buildApp, dbTargets, postJson, validPayloads, type TestApp, type TestDatabase } from '@/test/support/databases';
import { requestsWithCardData, signPaystackBody, startPaystackStandIn, type PaystackStandIn } from '@/test/support/paystack-stand-in';
import { captureLog } from '@/test/support/log';

/**
 * Donations through Paystack's redirect checkout (issue 27), against the local stand-in of Paystack
 * on a real database: the pending row, the verification, the signed webhook, the drain's
 * reconciliation, and the one receipt however many times Paystack or the donor come back.
 */
const SECRET = 'sk_test_checkout_standin';
const SITE = 'https://festival.example';
/** The dashboard's registration figures are per edition; donations are not. */
const NO_EDITION = { key: '2025', startDate: '2025-10-24', capacity: null };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function checkoutPayload(amount = 5000, email = `donor-${randomUUID()}@example.org`) {
  const { card: _card, ...rest } = validPayloads.donation({}, amount);
  void _card;
  return { ...rest, donor: { ...rest.donor, email } };
}

describe.each(dbTargets)('donations through Paystack checkout on $name', (target) => {
  let database: TestDatabase;
  let standIn: PaystackStandIn;
  let checkout: PaystackCheckout;
  let t: TestApp;
  let app: BackendApp;
  const logs = captureLog();
  const logged = logs.messages;

  beforeAll(async () => {
    standIn = await startPaystackStandIn({ secretKey: SECRET });
    database = await target.create();
    checkout = createPaystackCheckout({ secretKey: SECRET, baseUrl: standIn.url, checkoutOrigin: standIn.checkoutOrigin, timeoutMs: 2_000 });
    t = await buildApp(database.handle, {
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: standIn.url, PAYSTACK_CHECKOUT_ORIGIN: standIn.checkoutOrigin, SITE_URL: SITE },
      checkout,
      log: logs.log,
    });
    app = t.app;
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.drop();
  });

  const db = () => database.handle.db;
  const deps = () => ({ db: db(), config: t.config, log: logs.log, checkout });

  async function open(amount = 5000, email?: string) {
    const res = await postJson(app, DONATION_API.checkout, checkoutPayload(amount, email), { 'Idempotency-Key': randomUUID() });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    return body.data as { id: string; reference: string; authorizationUrl: string; status: string; amount: number };
  }
  const row = (reference: string) => db().selectFrom('donations').selectAll().where('gateway_reference', '=', reference).executeTakeFirstOrThrow();
  const receipts = async (id: string) =>
    (await db().selectFrom('outbox').select('payload').where('kind', '=', 'donationReceipt').execute()).filter((r) => r.payload.includes(id)).length;
  const verify = async (reference: string) => {
    const res = await postJson(app, DONATION_API.verify, { reference });
    return { status: res.status, body: (await res.json()) as Json };
  };
  /** POSTs an event as Paystack would: signed with our key unless `signature` says otherwise (null: unsigned). */
  function webhook(body: string, signature: string | null = signPaystackBody(body, SECRET)) {
    return app.request(DONATION_API.webhook, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'x-paystack-signature': signature }) },
      body,
    });
  }
  const age = (id: string, ms: number) =>
    db().updateTable('donations').set({ created_at: new Date(Date.now() - ms).toISOString() }).where('id', '=', id).execute();

  it('opens a checkout: a pending row, Paystack asked for kobo in NGN with our callback, and no card data sent', async () => {
    const started = await open(7500);
    expect(started).toMatchObject({ status: 'pending', amount: 7500 });
    expect(new URL(started.authorizationUrl).origin).toBe(standIn.checkoutOrigin);
    expect(await row(started.reference)).toMatchObject({ status: 'pending', amount_kobo: 750_000, gateway: 'paystack', card_last4: '', paid_at: null });
    const init = standIn.requests.filter((r) => r.path === '/transaction/initialize').at(-1)!;
    expect(init.authorization).toBe(`Bearer ${SECRET}`);
    expect(JSON.parse(init.body)).toMatchObject({ amount: '750000', currency: 'NGN', reference: started.reference, callback_url: `${SITE}/donations/return` });
    expect(requestsWithCardData(standIn.requests)).toEqual([]);
  });

  it("refuses the spec's card payload when Paystack is live: 422, nothing stored, nothing sent to Paystack", async () => {
    const before = standIn.requests.length;
    const res = await postJson(app, '/api/forms/donations/', validPayloads.donation(), { 'Idempotency-Key': randomUUID() });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).message).toBe(PAYMENT_MESSAGES.cardNotTaken);
    expect(standIn.requests.length).toBe(before);
    expect(requestsWithCardData(standIn.requests)).toEqual([]);
    expect(await db().selectFrom('donations').select('id').where('gateway', '=', 'sandbox').execute()).toEqual([]);
    expect(logs.scannable()).not.toMatch(/4084/);
  });

  it('a webhook sent five times makes one success and one receipt; the dashboard counts it once', async () => {
    const started = await open(2000);
    const before = await dashboardFigures(db(), SEAMS.dashboard, NO_EDITION);
    expect(before.donations.pending).toBeGreaterThan(0);
    const body = JSON.stringify(standIn.chargeSuccessEvent(started.reference));
    for (let i = 0; i < 5; i++) expect((await webhook(body)).status).toBe(200);
    expect(await row(started.reference)).toMatchObject({ status: 'succeeded', channel: 'card', card_last4: '4081' });
    expect(await receipts(started.id)).toBe(1);
    const after = await dashboardFigures(db(), SEAMS.dashboard, NO_EDITION);
    expect(after.donations.count).toBe(before.donations.count + 1);
    expect(after.donations.totalKobo).toBe(before.donations.totalKobo + 200_000);
    expect(after.donations.pending).toBe(before.donations.pending - 1);
    // The return page afterwards: still one receipt.
    expect((await verify(started.reference)).body.data.status).toBe('succeeded');
    expect(await receipts(started.id)).toBe(1);
  });

  it('a forged or missing signature is refused (401), logged, and changes nothing', async () => {
    const started = await open();
    const body = JSON.stringify(standIn.chargeSuccessEvent(started.reference));
    const forged = await webhook(body, signPaystackBody(body, 'sk_test_not_ours'));
    expect(forged.status).toBe(401);
    expect((await webhook(body, null)).status).toBe(401);
    expect((await webhook(body.replace('"amount":500000', '"amount":1'))).status).toBe(200); // validly signed, other amount
    expect((await webhook(body, signPaystackBody(body, SECRET).slice(2))).status).toBe(401);
    expect(await row(started.reference)).toMatchObject({ status: 'review' });
    expect(await receipts(started.id)).toBe(0);
    expect(logged().filter((l) => l.includes('webhook refused')).length).toBeGreaterThanOrEqual(3);
  });

  it('the return page verifies: paid at Paystack is a success with one receipt, however often it is refreshed', async () => {
    const started = await open(3000);
    expect((await verify(started.reference)).body.data).toMatchObject({ status: 'abandoned', verified: true });
    expect((await row(started.reference)).status).toBe('pending'); // the checkout may still be open
    await standIn.complete(started.reference, { send: false });
    for (let i = 0; i < 4; i++) expect((await verify(started.reference)).body.data).toMatchObject({ status: 'succeeded', amount: 3000 });
    expect(await receipts(started.id)).toBe(1);
    expect((await webhook(JSON.stringify(standIn.chargeSuccessEvent(started.reference)))).status).toBe(200);
    expect(await receipts(started.id)).toBe(1);
  });

  it('a verification that reports another amount or currency is not a success: held for review, no receipt', async () => {
    const started = await open(4000);
    await standIn.complete(started.reference, { send: false });
    standIn.overrideVerify(started.reference, { amount: 100 });
    expect((await verify(started.reference)).body.data.status).toBe('review');
    expect((await row(started.reference)).status).toBe('review');
    const other = await open(4000);
    await standIn.complete(other.reference, { send: false });
    standIn.overrideVerify(other.reference, { currency: 'USD' });
    expect((await verify(other.reference)).body.data.status).toBe('review');
    expect(await receipts(started.id)).toBe(0);
    expect(await receipts(other.id)).toBe(0);
    expect((await dashboardFigures(db(), SEAMS.dashboard, NO_EDITION)).donations.review).toBeGreaterThanOrEqual(2);
  });

  it('a declined payment can be tried again with the same details; a paid one cannot', async () => {
    const started = await open(2500, `retry-${randomUUID()}@example.org`);
    standIn.overrideVerify(started.reference, { status: 'failed' });
    expect((await verify(started.reference)).body.data.status).toBe('failed');
    const retry = await postJson(app, DONATION_API.retry, { reference: started.reference }, { 'Idempotency-Key': randomUUID() });
    expect(retry.status).toBe(201);
    const again = ((await retry.json()) as Json).data as { reference: string; amount: number };
    expect(again.reference).not.toBe(started.reference);
    expect(again.amount).toBe(2500);
    const [first, second] = [await row(started.reference), await row(again.reference)];
    expect(second).toMatchObject({ email: first.email, first_name: first.first_name, street: first.street, amount_kobo: 250_000, status: 'pending' });

    await standIn.complete(again.reference, { send: false });
    const paid = await postJson(app, DONATION_API.retry, { reference: again.reference }, { 'Idempotency-Key': randomUUID() });
    expect(paid.status).toBe(409);
    expect((await postJson(app, DONATION_API.retry, { reference: 'itan-unknown-reference' }, { 'Idempotency-Key': randomUUID() })).status).toBe(404);
  });

  describe('retries of one donation (issue 42): one at a time, at most DONATION_RETRIES_PER_HOUR an hour', () => {
    const initializes = () => standIn.requests.filter((r) => r.path === '/transaction/initialize').length;
    const retry = async (reference: string) => postJson(app, DONATION_API.retry, { reference }, { 'Idempotency-Key': randomUUID() });
    const retriesOf = (id: string) => db().selectFrom('donations').select(['id', 'gateway_reference', 'email']).where('retry_of', '=', id).orderBy('created_at').execute();

    /**
     * Six "Try again" at once, as a script holding the reference would send them. Paystack's door is
     * held shut until every request but one has its answer, so "one at a time" is seen, not hoped
     * for: `most` is how many checkouts were being opened at once.
     */
    async function burst(reference: string) {
      let openDoor!: () => void;
      const door = new Promise<void>((resolve) => (openDoor = resolve));
      const initialize = checkout.initialize;
      let inFlight = 0;
      let most = 0;
      checkout.initialize = async (request) => {
        most = Math.max(most, ++inFlight);
        try {
          await door;
          return await initialize(request);
        } finally {
          inFlight--;
        }
      };
      try {
        let answered = 0;
        const pending = Array.from({ length: 6 }, () =>
          retry(reference).then(async (res) => {
            answered++;
            return { status: res.status, body: (await res.json()) as Json };
          }),
        );
        await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(5), { timeout: 10_000, interval: 5 });
        openDoor();
        return { answers: await Promise.all(pending), most };
      } finally {
        openDoor();
        checkout.initialize = initialize;
      }
    }

    it('six concurrent retries open one checkout; the others are told one is being opened, and nothing reaches Paystack for them', async () => {
      const started = await open(2500, `burst-${randomUUID()}@example.org`);
      standIn.overrideVerify(started.reference, { status: 'failed' });
      const before = initializes();
      const { answers, most } = await burst(started.reference);
      expect(most).toBe(1);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.message])).toEqual(Array.from({ length: 5 }, () => [409, RETRY_NOTICES.busy]));
      expect(initializes()).toBe(before + 1);
      expect(await retriesOf(started.id)).toHaveLength(1);
      // The claim was given back: the next retry (from the newest checkout, as the donor would) opens one more.
      const [newest] = await retriesOf(started.id);
      expect((await retry(newest!.gateway_reference)).status).toBe(201);
      expect(await retriesOf(started.id)).toHaveLength(2);
    });

    it('bursts of retries, from the first reference or any retry of it, open no more than the cap in an hour; the hour after, one more', async () => {
      const started = await open(3000, `capped-${randomUUID()}@example.org`);
      standIn.overrideVerify(started.reference, { status: 'failed' });
      const before = initializes();
      for (let round = 0; round < DONATION_RETRIES_PER_HOUR + 1; round++) {
        const newest = (await retriesOf(started.id)).at(-1)?.gateway_reference ?? started.reference;
        const { answers, most } = await burst(newest);
        const opened = answers.filter((a) => a.status === 201).length;
        expect(opened, `round ${round}`).toBe(round < DONATION_RETRIES_PER_HOUR ? 1 : 0);
        expect(most, `round ${round}`).toBeLessThanOrEqual(1);
        // Every other answer is one of the two refusals, in their own words.
        for (const a of answers.filter((x) => x.status !== 201)) {
          expect([a.status, a.body.message]).toEqual(a.status === 429 ? [429, RETRY_NOTICES.tooMany] : [409, RETRY_NOTICES.busy]);
        }
        if (round >= DONATION_RETRIES_PER_HOUR) expect(answers.some((a) => a.status === 429), `round ${round}`).toBe(true);
      }
      expect(initializes()).toBe(before + DONATION_RETRIES_PER_HOUR);
      const retries = await retriesOf(started.id);
      expect(retries).toHaveLength(DONATION_RETRIES_PER_HOUR);
      expect(new Set(retries.map((r) => r.email))).toEqual(new Set([(await row(started.reference)).email]));
      // Over the cap: refused with its own words (429), from any reference of the donation.
      for (const reference of [started.reference, retries[0]!.gateway_reference]) {
        const res = await retry(reference);
        expect(res.status).toBe(429);
        expect(((await res.json()) as Json).message).toBe(RETRY_NOTICES.tooMany);
      }
      expect(initializes()).toBe(before + DONATION_RETRIES_PER_HOUR);
      // An hour on (the clock passed in, as verifyDonation and reconcileDonations take it): one more.
      const later = new Date(Date.now() + RETRY_WINDOW_MS + 60_000);
      const keyed: KeyedContext = { commit: (write) => db().transaction().execute(write), reference: `itan-${randomUUID()}` };
      expect((await retryCheckout(deps(), started.reference, keyed, later)).status).toBe(201);
      expect(await retriesOf(started.id)).toHaveLength(DONATION_RETRIES_PER_HOUR + 1);
    });
  });

  it('reconciliation: a paid donation whose webhook was lost ends paid; old unpaid ones end abandoned; each is asked about once', async () => {
    const paid = await open(6000);
    const left = await open(6000);
    const transfer = await open(6000);
    await standIn.complete(paid.reference, { send: false });
    await standIn.complete(transfer.reference, { send: false });
    standIn.overrideVerify(transfer.reference, { status: 'ongoing' });
    await age(paid.id, 10 * 60_000);
    await age(left.id, 40 * 60_000);
    await age(transfer.id, 25 * 60 * 60_000);
    const fresh = await open(6000); // younger than five minutes: not asked about

    const verifies = () => standIn.requests.filter((r) => r.path.startsWith('/transaction/verify/')).map((r) => r.path);
    const before = verifies().length;
    // Two instances' drains at once: each donation is verified by one of them.
    await Promise.all([reconcileDonations(deps(), { limit: 50 }), reconcileDonations(deps(), { limit: 50 })]);
    const asked = verifies().slice(before);
    for (const d of [paid, left, transfer]) expect(asked.filter((p) => p.endsWith(`/${d.reference}`))).toHaveLength(1);
    expect(asked.some((p) => p.endsWith(`/${fresh.reference}`))).toBe(false);

    expect((await row(paid.reference)).status).toBe('succeeded');
    expect(await receipts(paid.id)).toBe(1);
    expect((await row(left.reference)).status).toBe('abandoned');
    expect((await row(transfer.reference)).status).toBe('abandoned');
    expect((await row(fresh.reference)).status).toBe('pending');
    // Asked again only after RECONCILE_EVERY_MS.
    const count = verifies().length;
    await reconcileDonations(deps(), { limit: 50 });
    expect(verifies().length).toBe(count);
    // A late webhook for the abandoned transfer still makes it paid, with its receipt.
    standIn.overrideVerify(transfer.reference, { status: 'success' });
    expect((await webhook(JSON.stringify(standIn.chargeSuccessEvent(transfer.reference)))).status).toBe(200);
    expect((await row(transfer.reference)).status).toBe('succeeded');
    expect(await receipts(transfer.id)).toBe(1);
  });

  it('Paystack down: no checkout and no row (502); the return page shows the last known state; reconciliation pauses', async () => {
    const started = await open();
    await age(started.id, 10 * 60_000);
    standIn.mode = 'server-error';
    try {
      const before = (await db().selectFrom('donations').select('id').execute()).length;
      const res = await postJson(app, DONATION_API.checkout, checkoutPayload(), { 'Idempotency-Key': randomUUID() });
      expect(res.status).toBe(502);
      expect(((await res.json()) as Json).message).toBe(PAYMENT_MESSAGES.checkoutUnavailable);
      expect((await db().selectFrom('donations').select('id').execute()).length).toBe(before);
      expect((await verify(started.reference)).body.data).toMatchObject({ status: 'pending', verified: false });
      expect(await reconcileDonations(deps(), { limit: 50 })).toEqual({ checked: 0, settled: 0 });
      expect(logged().some((l) => l.includes('reconciliation paused'))).toBe(true);
    } finally {
      standIn.mode = 'normal';
    }
  });

  it('malformed bodies on every live endpoint get an answer below 500, and store nothing', async () => {
    const before = (await db().selectFrom('donations').select('id').execute()).length;
    const bodies = [
      'garbage',
      '[]',
      'null',
      '{"reference":["itan-x"]}',
      '{"reference":"itan-\u0000abcdef"}',
      '{"amount":"1e309","currency":"NGN","donor":{}}',
      '{"amount":5000,"donor":{"firstName":{"toString":1}}}',
      '{"__proto__":{"status":"succeeded"},"reference":"itan-abcdef"}',
      `${'['.repeat(3_000)}${']'.repeat(3_000)}`,
      `{"reference":"${'a'.repeat(40_000)}"}`,
    ];
    for (const path of [DONATION_API.checkout, DONATION_API.verify, DONATION_API.retry, DONATION_API.webhook]) {
      for (const body of bodies) {
        const res = await postJson(app, path, body, { 'Idempotency-Key': randomUUID() });
        expect(res.status, `${path} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${body.slice(0, 40)}`).toBeLessThan(500);
      }
      // Validly signed nonsense is acknowledged (Paystack would resend a 4xx for ever) and changes nothing.
      for (const body of bodies.slice(0, 4)) expect((await webhook(body)).status).toBe(200);
    }
    expect((await db().selectFrom('donations').select('id').execute()).length).toBe(before);
  });

  it('bad input is a clear 4xx: unknown or malformed references, missing fields, a checkout address on another origin', async () => {
    expect((await verify('itan-no-such-donation')).status).toBe(404);
    expect((await verify('<script>')).status).toBe(422);
    expect((await postJson(app, DONATION_API.checkout, { amount: 50 })).status).toBe(422);
    expect((await app.request(DONATION_API.webhook, { method: 'POST', body: 'x'.repeat(100) })).status).toBe(401);
    const elsewhere = createPaystackCheckout({ secretKey: SECRET, baseUrl: standIn.url, checkoutOrigin: 'https://checkout.paystack.com' });
    await expect(
      elsewhere.initialize({ email: 'a@example.org', amountKobo: 10_000, currency: 'NGN', reference: `itan-${randomUUID()}`, callbackUrl: `${SITE}/donations/return`, metadata: {} }),
    ).rejects.toThrow(/not on https:\/\/checkout\.paystack\.com/);
  });
});

describe('without PAYSTACK_SECRET_KEY (the sandbox)', () => {
  it('the checkout endpoints and the webhook answer 404, and the card form still works', async () => {
    const database = await dbTargets[0]!.create();
    try {
      const { app } = await buildApp(database.handle);
      const res = await postJson(app, DONATION_API.checkout, checkoutPayload());
      expect(res.status).toBe(404);
      expect(((await res.json()) as Json).message).toBe(PAYMENT_MESSAGES.checkoutOff);
      expect((await app.request(DONATION_API.webhook, { method: 'POST', body: '{}' })).status).toBe(404);
      expect((await postJson(app, '/api/forms/donations/', validPayloads.donation(), { 'Idempotency-Key': randomUUID() })).status).toBe(201);
    } finally {
      await database.drop();
    }
  });
});
