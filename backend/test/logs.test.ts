import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../payments/gateway';
import { buildApp, dbTargets, postJson, validPayloads, type TestDatabase } from '@/test/support/databases';
import { captureLog, type CapturedLog } from '@/test/support/log';

/**
 * Issue 30: a failed donation leaves log lines an operator can follow by the visitor's request id,
 * and none of them holds a card number or a full email address.
 */
const DECLINED = '4084 0800 0000 5408';
const DONOR = 'chidi@example.com';
/** Any run of the card's digits, however grouped, its last four, the donor's full address, the CVC. */
const leaks = (text: string) => [
  ...(text.match(/\d{4}[ -]?\d{4}[ -]?\d{4}/g) ?? []),
  ...(text.includes('5408') ? ['5408'] : []),
  ...(text.includes(DONOR) ? [DONOR] : []),
  ...(text.match(/"cvc"\s*:\s*"\d/g) ?? []),
];

describe.each(dbTargets)('log lines of a failed donation on $name', (target) => {
  let database: TestDatabase;
  let capture: CapturedLog;

  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const donate = async (gateway: PaymentGateway | undefined, number: string, requestId: string) => {
    capture = captureLog('trace');
    const { app } = await buildApp(database.handle, { log: capture.log, ...(gateway ? { gateway } : {}) });
    return postJson(app, '/api/forms/donations/', validPayloads.donation({ number }), { 'X-Request-Id': requestId });
  };

  it('a declined card: a payments line and the request line, both with the request id, no card digits, the email masked', async () => {
    const res = await donate(undefined, DECLINED, 'visitor-ref-0001');
    expect(res.status).toBe(402);
    expect(res.headers.get('X-Request-Id')).toBe('visitor-ref-0001');
    const entries = capture.entries();
    expect(entries.find((e) => e.area === 'payments')).toMatchObject({
      level: 'info',
      requestId: 'visitor-ref-0001',
      donor: 'c***@example.com',
      brand: 'visa',
      msg: expect.stringContaining('donation declined'),
    });
    expect(entries.find((e) => e.area === 'api')).toMatchObject({
      level: 'info',
      requestId: 'visitor-ref-0001',
      method: 'POST',
      path: '/api/forms/donations/',
      status: 402,
      msg: 'POST /api/forms/donations/ 402',
    });
    expect(leaks(capture.scannable())).toEqual([]);
  });

  it("an unknown card: the gateway's message names its test card, and the line masks it", async () => {
    const res = await donate(undefined, '4242 4242 4242 4242', 'visitor-ref-0002');
    expect(res.status).toBe(402);
    const declined = capture.entries().find((e) => e.area === 'payments');
    expect(declined?.msg).toContain('only accepts the Paystack test card [card]');
    expect(capture.scannable()).not.toMatch(/4242|4084/);
  });

  it('a gateway that fails with the card and address in its error: a 500, and the error line masks both', async () => {
    const gateway: PaymentGateway = {
      name: 'broken',
      charge: async (request) => {
        throw new Error(`upstream refused card ${request.card.number} for ${request.email}`);
      },
    };
    const res = await donate(gateway, DECLINED, 'bad id; forged=<script>');
    expect(res.status).toBe(500);
    // An unsafe incoming id is replaced, in the answer and in every line.
    const requestId = res.headers.get('X-Request-Id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const entries = capture.entries();
    expect(entries.every((e) => e.requestId === requestId)).toBe(true);
    expect(entries.find((e) => e.level === 'error' && e.area === 'backend')).toMatchObject({
      msg: 'POST /api/forms/donations/ failed: Error: upstream refused card [card] for c***@example.com',
    });
    expect(leaks(capture.scannable())).toEqual([]);
    expect(capture.lines.join('')).not.toContain('forged=');
  });
});
