import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paystackTransactionSchema, toPaystackTransaction } from './paystack';
import { paystackSignatureValid } from './webhook-signature';

/**
 * Paystack's documented charge.success event (its webhook docs' example, as one line of JSON), and
 * its x-paystack-signature under a test key, computed outside this code with
 * `openssl dgst -sha512 -hmac sk_test_festival_docs_example` over the file's bytes.
 */
const body = readFileSync(path.join(__dirname, 'fixtures/paystack-charge-success.json'), 'utf8');
const KEY = 'sk_test_festival_docs_example';
const SIGNATURE =
  'faa0f27f97feb31e6c1778f92df38d5f3dd5e15cbe98a7b5abaad34b97f525c27acb892ad05a624b142b13ba2b472e6a0bc0a271b8f0eca1c6ce31d9f7b55f2e';

describe("Paystack's webhook signature", () => {
  it('accepts the documented event with its signature (hex in either case, spaces around)', () => {
    expect(paystackSignatureValid(body, SIGNATURE, KEY)).toBe(true);
    expect(paystackSignatureValid(Buffer.from(body), SIGNATURE.toUpperCase(), KEY)).toBe(true);
    expect(paystackSignatureValid(body, ` ${SIGNATURE} `, KEY)).toBe(true);
  });

  it('refuses another key, a changed byte, re-serialised JSON, a cut or missing signature', () => {
    expect(paystackSignatureValid(body, SIGNATURE, 'sk_test_another_key')).toBe(false);
    expect(paystackSignatureValid(body.replace('"amount":10000', '"amount":10001'), SIGNATURE, KEY)).toBe(false);
    // The same event pretty-printed is other bytes: the check is over the body as received.
    expect(paystackSignatureValid(JSON.stringify(JSON.parse(body), null, 2), SIGNATURE, KEY)).toBe(false);
    expect(paystackSignatureValid(body, SIGNATURE.slice(0, 64), KEY)).toBe(false);
    expect(paystackSignatureValid(body, `${SIGNATURE.slice(0, 127)}g`, KEY)).toBe(false);
    expect(paystackSignatureValid(body, undefined, KEY)).toBe(false);
    expect(paystackSignatureValid(body, '', KEY)).toBe(false);
  });

  it("reads the documented event's transaction: reference, kobo, currency, the card's last four digits", () => {
    const event = JSON.parse(body) as { event: string; data: unknown };
    expect(event.event).toBe('charge.success');
    const tx = toPaystackTransaction(paystackTransactionSchema.parse(event.data));
    expect(tx).toMatchObject({ reference: 'qTPrJoy9Bx', status: 'success', amountKobo: 10000, currency: 'NGN', channel: 'card', cardLast4: '8877', cardBrand: 'mastercard' });
  });
});
