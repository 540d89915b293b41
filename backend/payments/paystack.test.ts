import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, postJson, validPayloads, dbTargets, type TestApp, type TestDatabase } from '@/test/support/databases';
import { startPaystackStandIn, STAND_IN_CARDS, type PaystackStandIn } from '@/test/support/paystack-stand-in';
import { createPaystackGateway } from './paystack';
import { PAYMENT_MESSAGES } from './gateway';

const SECRET = 'sk_test_standin_0123456789';

describe('Paystack gateway against a local stand-in', () => {
  let standIn: PaystackStandIn;
  beforeAll(async () => {
    standIn = await startPaystackStandIn(SECRET);
  });
  afterAll(async () => {
    await standIn.close();
  });

  const gateway = () => createPaystackGateway({ secretKey: SECRET, baseUrl: standIn.url, timeoutMs: 2_000 });
  let n = 0;
  const request = (number: string, reference = `don-${++n}`, amountKobo = 250_000) => ({
    amountKobo,
    currency: 'NGN' as const,
    email: 'donor@example.com',
    reference,
    card: { number, cvc: '408', expiryMonth: 9, expiryYear: 2039 },
  });

  it('sends the documented request: Bearer key, amount in kobo, our reference, card with cvv and expiry parts', async () => {
    standIn.mode = 'normal';
    const result = await gateway().charge(request(STAND_IN_CARDS.success, 'don_123'));
    expect(result).toEqual({ status: 'success', reference: 'don_123', gatewayResponse: 'Approved' });
    const last = standIn.charges.at(-1)!;
    expect(last.authorization).toBe(`Bearer ${SECRET}`);
    expect(last.body).toMatchObject({
      email: 'donor@example.com',
      amount: '250000',
      reference: 'don_123',
      card: { number: STAND_IN_CARDS.success, cvv: '408', expiry_month: '09', expiry_year: '2039' },
    });
  });

  it('a reference Paystack has seen is never charged again: the first charge is looked up and answered', async () => {
    standIn.mode = 'normal';
    const first = await gateway().charge(request(STAND_IN_CARDS.success, 'itan-don-retry-1'));
    const again = await gateway().charge(request(STAND_IN_CARDS.success, 'itan-don-retry-1'));
    expect(again).toEqual(first);
    expect(standIn.successfulCharges('itan-don-retry-1')).toBe(1);
    expect(standIn.charges.filter((c) => c.body.reference === 'itan-don-retry-1').map((c) => c.duplicate)).toEqual([false, true]);
    // A declined first attempt stays declined (the bank said no; the reference is spent).
    await gateway().charge(request(STAND_IN_CARDS.declined, 'itan-don-retry-2'));
    expect(await gateway().charge(request(STAND_IN_CARDS.success, 'itan-don-retry-2'))).toEqual({ status: 'declined', message: PAYMENT_MESSAGES.declined });
    expect(standIn.successfulCharges('itan-don-retry-2')).toBe(0);
    // The same reference for another amount is not the same donation: refused, nothing charged.
    await expect(gateway().charge(request(STAND_IN_CARDS.success, 'itan-don-retry-1', 999_00))).rejects.toMatchObject({ name: 'GatewayReferenceConflictError' });
    expect(standIn.successfulCharges('itan-don-retry-1')).toBe(1);
  });

  it('a declined card gives the bank message; an OTP step is declined with an explanation', async () => {
    standIn.mode = 'normal';
    expect(await gateway().charge(request(STAND_IN_CARDS.declined))).toEqual({ status: 'declined', message: PAYMENT_MESSAGES.declined });
    expect(await gateway().charge(request(STAND_IN_CARDS.otp))).toEqual({ status: 'declined', message: PAYMENT_MESSAGES.extraVerification });
  });

  it('a 5xx, a dropped connection, a closed port and a wrong key are "unavailable"', async () => {
    standIn.mode = 'server-error';
    await expect(gateway().charge(request(STAND_IN_CARDS.success))).rejects.toMatchObject({ name: 'GatewayUnavailableError' });
    standIn.mode = 'hang-up';
    await expect(gateway().charge(request(STAND_IN_CARDS.success))).rejects.toMatchObject({ name: 'GatewayUnavailableError' });
    standIn.mode = 'normal';
    const closed = createPaystackGateway({ secretKey: SECRET, baseUrl: 'http://127.0.0.1:9', timeoutMs: 1_000 });
    await expect(closed.charge(request(STAND_IN_CARDS.success))).rejects.toMatchObject({ name: 'GatewayUnavailableError' });
    const wrongKey = createPaystackGateway({ secretKey: 'sk_wrong', baseUrl: standIn.url });
    await expect(wrongKey.charge(request(STAND_IN_CARDS.success))).rejects.toMatchObject({ name: 'GatewayUnavailableError' });
  });
});

/**
 * The card number and CVC travel to the gateway and nowhere else: after donations that succeed,
 * are declined and hit a gateway failure, neither appears in the database (file or rows) nor in
 * anything written to the console or the backend's log.
 */
/** Random ids, hashes and timestamps could contain four digits by chance: take them out first. */
const withoutRandomHex = (text: string) =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/[0-9a-f]{64}/gi, '<sha256>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');

describe.each(dbTargets)('card secrecy on $name', (target) => {
  const NUMBER = STAND_IN_CARDS.success;
  const CVC = '7391';
  let database: TestDatabase;
  let t: TestApp;
  let standIn: PaystackStandIn;
  const logged: string[] = [];
  const captured: string[] = [];

  beforeAll(async () => {
    standIn = await startPaystackStandIn(SECRET);
    database = await target.create();
    t = await buildApp(database.handle, {
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: standIn.url },
      gateway: createPaystackGateway({ secretKey: SECRET, baseUrl: standIn.url, timeoutMs: 2_000 }),
      log: (line) => logged.push(line),
    });
  });
  afterAll(async () => {
    await standIn.close();
    await database?.drop();
  });

  it('never stores, logs or returns the card number or CVC', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void captured.push(args.map(String).join(' '))),
    );
    const write = (stream: NodeJS.WriteStream) =>
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => (captured.push(String(chunk)), true));
    const outSpy = write(process.stdout);
    const errSpy = write(process.stderr);
    const responses: string[] = [];
    try {
      standIn.mode = 'normal';
      const ok = await postJson(t.app, '/api/forms/donations/', validPayloads.donation({ number: '4084 0840 8408 4081', cvc: CVC }), { 'Idempotency-Key': 'secrecy-test-0001' });
      expect(ok.status).toBe(201);
      responses.push(await ok.text());
      const declined = await postJson(t.app, '/api/forms/donations/', validPayloads.donation({ number: '4084 0800 0000 5408', cvc: CVC }));
      expect(declined.status).toBe(402);
      responses.push(await declined.text());
      standIn.mode = 'server-error';
      const down = await postJson(t.app, '/api/forms/donations/', validPayloads.donation({ number: NUMBER, cvc: CVC }));
      expect(down.status).toBe(502);
      expect(await down.clone().json()).toMatchObject({ success: false, message: PAYMENT_MESSAGES.unavailable });
      responses.push(await down.text());
      const invalid = await postJson(t.app, '/api/forms/donations/', validPayloads.donation({ number: NUMBER, cvc: CVC, expiry: '01/20' }));
      expect(invalid.status).toBe(422);
      responses.push(await invalid.text());
    } finally {
      for (const spy of [...spies, outSpy, errSpy]) spy.mockRestore();
      standIn.mode = 'normal';
    }
    // The gateway did receive them (so the test is not vacuous)...
    expect(standIn.charges.some((c) => (c.body.card as { cvv: string }).cvv === CVC)).toBe(true);
    // ...and a line was logged for the gateway failure, without them.
    expect(logged.join('\n')).toContain('unavailable');

    const everything = withoutRandomHex([...logged, ...captured, ...responses].join('\n'));
    expect(everything).not.toContain(NUMBER);
    expect(everything).not.toContain('4084 0840 8408 4081');
    expect(everything).not.toContain(CVC);

    const tables = ['donations', 'idempotency_keys', 'registrations', 'partnerships', 'newsletter_subscriptions', 'volunteer_applications'] as const;
    for (const table of tables) {
      const rows = await database.handle.db.selectFrom(table).selectAll().execute();
      const dump = withoutRandomHex(JSON.stringify(rows));
      expect(dump).not.toContain(NUMBER);
      expect(dump).not.toContain('4084 0840 8408 4081');
      expect(dump).not.toContain(CVC);
    }
    const donation = await database.handle.db.selectFrom('donations').selectAll().executeTakeFirstOrThrow();
    expect(donation).toMatchObject({ card_last4: '4081', card_brand: 'visa', gateway: 'paystack' });

    if (database.file) {
      for (const file of [database.file, `${database.file}-wal`]) {
        if (!fs.existsSync(file)) continue;
        const bytes = withoutRandomHex(fs.readFileSync(file).toString('latin1'));
        expect(bytes).not.toContain(NUMBER);
        expect(bytes).not.toContain('4084 0840 8408 4081');
        expect(bytes).not.toContain(CVC);
      }
    }
  });
});
