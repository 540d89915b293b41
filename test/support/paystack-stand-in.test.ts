import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from './http-server';
import { requestsWithCardData, signPaystackBody, startPaystackStandIn, type PaystackStandIn } from './paystack-stand-in';

const SECRET = 'sk_test_stand_in_secret';
const CALLBACK = 'https://festival.test/donate/thanks?from=checkout';

let standIn: PaystackStandIn;
let receiver: TestServer;

beforeEach(async () => {
  receiver = await startTestServer();
  // The receiver checks signatures itself, with node:crypto directly, as the site must.
  receiver.handler = (req, res) => {
    const expected = createHmac('sha512', SECRET).update(req.body).digest('hex');
    sendJson(res, req.headers['x-paystack-signature'] === expected ? 200 : 401, {});
  };
  standIn = await startPaystackStandIn({ secretKey: SECRET, webhookUrl: `${receiver.origin}/api/paystack/webhook` });
});

afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

function api(path: string, init: { method?: string; body?: unknown; key?: string | null } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.key !== null) headers.authorization = `Bearer ${init.key ?? SECRET}`;
  return fetch(`${standIn.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function initialize(body: Record<string, unknown> = {}): Promise<{ authorization_url: string; access_code: string; reference: string }> {
  const res = await api('/transaction/initialize', { body: { email: 'ada@example.com', amount: 500000, callback_url: CALLBACK, ...body } });
  expect(res.status).toBe(200);
  const json = (await res.json()) as { status: boolean; message: string; data: { authorization_url: string; access_code: string; reference: string } };
  expect(json).toMatchObject({ status: true, message: 'Authorization URL created' });
  return json.data;
}

async function verify(reference: string): Promise<{ status: number; body: { status: boolean; message: string; data?: Record<string, unknown> } }> {
  const res = await api(`/transaction/verify/${encodeURIComponent(reference)}`);
  return { status: res.status, body: (await res.json()) as { status: boolean; message: string; data?: Record<string, unknown> } };
}

function press(accessCode: string, action: string, query = ''): Promise<Response> {
  return fetch(`${standIn.checkoutOrigin}/checkout/${accessCode}/${action}${query}`, { method: 'POST', redirect: 'manual' });
}

describe('Paystack stand-in: API', () => {
  it('initializes an abandoned transaction that verify reports, and records the raw request', async () => {
    const data = await initialize({ amount: '500000', reference: 'ref-1', metadata: { order: 7 } });
    expect(data.reference).toBe('ref-1');
    expect(data.authorization_url).toBe(`${standIn.checkoutOrigin}/checkout/${data.access_code}`);

    const { status, body } = await verify('ref-1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: true, message: 'Verification successful' });
    expect(body.data).toMatchObject({
      domain: 'test',
      status: 'abandoned',
      reference: 'ref-1',
      amount: 500000,
      currency: 'NGN',
      channel: null,
      paid_at: null,
      metadata: { order: 7 },
      customer: { email: 'ada@example.com' },
      authorization: {},
    });

    expect(standIn.requests[0]).toEqual({
      method: 'POST',
      path: '/transaction/initialize',
      authorization: `Bearer ${SECRET}`,
      body: JSON.stringify({ email: 'ada@example.com', amount: '500000', callback_url: CALLBACK, reference: 'ref-1', metadata: { order: 7 } }),
    });
  });

  it('refuses a reference it has seen and changes nothing', async () => {
    await initialize({ reference: 'ref-dup' });
    const before = { ...standIn.transactions.get('ref-dup') };
    const res = await api('/transaction/initialize', { body: { email: 'other@example.com', amount: 100, reference: 'ref-dup' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: false, message: 'Duplicate Transaction Reference' });
    expect(standIn.transactions.get('ref-dup')).toEqual(before);
    expect(standIn.transactions.size).toBe(1);
  });

  it.each([0, -100, 12.5, '12.5', 'abc', '', null])('refuses amount %j', async (amount) => {
    const res = await api('/transaction/initialize', { body: { email: 'ada@example.com', amount } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: false, message: 'Invalid Amount Sent' });
  });

  it('refuses a missing email', async () => {
    const res = await api('/transaction/initialize', { body: { amount: 5000 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: false, message: 'Invalid Email Address Passed' });
  });

  it('answers 401 without the secret key', async () => {
    for (const key of ['sk_test_wrong', null] as const) {
      const res = await api('/transaction/initialize', { body: { email: 'ada@example.com', amount: 5000 }, key });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ status: false, message: 'Invalid key' });
    }
    expect(standIn.transactions.size).toBe(0);
    expect(standIn.requests.map((r) => r.authorization)).toEqual(['Bearer sk_test_wrong', undefined]);
  });

  it('does not know a reference it never initialized', async () => {
    expect(await verify('nope')).toEqual({ status: 400, body: { status: false, message: 'Transaction reference not found' } });
  });

  it('overrideVerify changes what verify answers, not the transaction', async () => {
    const { reference, access_code } = await initialize();
    await press(access_code, 'pay');
    standIn.overrideVerify(reference, { amount: 100 });
    standIn.overrideVerify(reference, { currency: 'USD' });
    const { body } = await verify(reference);
    expect(body.data).toMatchObject({ status: 'success', amount: 100, currency: 'USD' });
    expect(standIn.transactions.get(reference)).toMatchObject({ amount: 500000, currency: 'NGN' });
  });

  it('answers 500 in server-error mode and drops the connection in hang-up mode, while the hosted page still works', async () => {
    const { access_code } = await initialize();
    standIn.mode = 'server-error';
    expect((await api('/transaction/verify/x')).status).toBe(500);
    expect((await fetch(`${standIn.checkoutOrigin}/checkout/${access_code}`)).status).toBe(200);
    standIn.mode = 'hang-up';
    await expect(api('/transaction/verify/x')).rejects.toThrow();
    standIn.mode = 'normal';
    expect((await api('/transaction/verify/x')).status).toBe(400);
  });
});

describe('Paystack stand-in: hosted checkout', () => {
  it('serves a page with the amount in naira, the email and the four buttons', async () => {
    const { access_code } = await initialize({ email: 'ada+<x>@example.com' });
    const res = await fetch(`${standIn.checkoutOrigin}/checkout/${access_code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Paystack test checkout</title>');
    expect(html).toContain('₦5,000.00');
    expect(html).toContain('ada+&#60;x&#62;@example.com');
    for (const label of ['Pay with card', 'Pay by bank transfer', 'Decline', 'Cancel payment']) expect(html).toContain(`>${label}</button>`);
    expect(html).not.toContain('<script');
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `/checkout/${access_code}`, authorization: undefined });
  });

  it('answers 404 for an unknown access code', async () => {
    expect((await fetch(`${standIn.checkoutOrigin}/checkout/unknown`)).status).toBe(404);
    expect((await press('unknown', 'pay')).status).toBe(404);
  });

  it.each([
    ['pay', { status: 'success', channel: 'card', gateway_response: 'Approved' }],
    ['transfer', { status: 'ongoing', channel: 'bank_transfer' }],
    ['decline', { status: 'failed', gateway_response: 'Declined' }],
    ['cancel', { status: 'abandoned', channel: null }],
  ] as const)('%s redirects to callback_url with the reference and settles the transaction', async (action, expected) => {
    const { access_code, reference } = await initialize();
    const res = await press(access_code, action);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://festival.test/donate/thanks');
    expect(Object.fromEntries(location.searchParams)).toEqual({ from: 'checkout', trxref: reference, reference });
    expect((await verify(reference)).body.data).toMatchObject(expected);
  });

  it('a card payment sends the signed charge.success webhook before redirecting', async () => {
    const { access_code, reference } = await initialize({ reference: 'ref-paid' });
    expect((await press(access_code, 'pay')).status).toBe(302);

    expect(receiver.requests).toHaveLength(1);
    const [hook] = receiver.requests;
    expect(hook).toMatchObject({ method: 'POST', url: '/api/paystack/webhook' });
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['x-paystack-signature']).toBe(createHmac('sha512', SECRET).update(hook!.body).digest('hex'));
    expect(JSON.parse(hook!.body)).toMatchObject({
      event: 'charge.success',
      data: {
        status: 'success',
        reference,
        amount: 500000,
        currency: 'NGN',
        channel: 'card',
        customer: { email: 'ada@example.com' },
        authorization: { last4: '4081', brand: 'visa', channel: 'card', reusable: true },
      },
    });
    expect(standIn.webhooks).toEqual([{ event: 'charge.success', reference, signature: hook!.headers['x-paystack-signature'], status: 200 }]);
    expect((await verify(reference)).body.data).toMatchObject({ status: 'success', paid_at: expect.any(String) });
  });

  it('pay?return=0 (the tab was closed) answers a page, not a redirect, and still sends the webhook', async () => {
    const { access_code } = await initialize();
    const res = await press(access_code, 'pay', '?return=0');
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Payment successful');
    expect(receiver.requests).toHaveLength(1);
  });

  it('does not hold the redirect much longer than 2 s for a webhook endpoint that never answers', async () => {
    receiver.handler = () => undefined;
    const { access_code } = await initialize();
    const started = performance.now();
    expect((await press(access_code, 'pay')).status).toBe(302);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(receiver.requests).toHaveLength(1);
  });

  it('a paid transaction stays paid whatever is pressed afterwards', async () => {
    const { access_code, reference } = await initialize();
    await press(access_code, 'pay');
    expect((await press(access_code, 'decline')).status).toBe(302);
    expect(standIn.transactions.get(reference)?.status).toBe('success');
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('Paystack stand-in: webhooks', () => {
  it('complete() confirms a bank transfer later and sends its webhook', async () => {
    const { access_code, reference } = await initialize();
    await press(access_code, 'transfer');
    expect(receiver.requests).toHaveLength(0);

    expect(await standIn.complete(reference)).toBe(200);
    expect((await verify(reference)).body.data).toMatchObject({ status: 'success', channel: 'bank_transfer', authorization: {} });
    expect(JSON.parse(receiver.requests[0]!.body)).toMatchObject({ event: 'charge.success', data: { reference, channel: 'bank_transfer' } });
  });

  it('complete({ send: false }) marks the transaction paid without a webhook', async () => {
    const { reference } = await initialize();
    expect(await standIn.complete(reference, { send: false, channel: 'ussd' })).toBeUndefined();
    expect(standIn.transactions.get(reference)).toMatchObject({ status: 'success', channel: 'ussd' });
    expect(receiver.requests).toHaveLength(0);
  });

  it('sendWebhook signs like Paystack unless given a forged signature', async () => {
    const { reference } = await initialize();
    const event = standIn.chargeSuccessEvent(reference);
    expect(event.data).toMatchObject({ status: 'success', reference });
    expect(standIn.transactions.get(reference)?.status).toBe('abandoned');

    expect(await standIn.sendWebhook(event)).toBe(200);
    expect(await standIn.sendWebhook(event, { signature: 'forged' })).toBe(401);
    expect(receiver.requests[1]!.headers['x-paystack-signature']).toBe('forged');
    expect(receiver.requests[0]!.body).toBe(JSON.stringify(event));
  });

  it('signPaystackBody is the hex HMAC-SHA512 of the raw body', () => {
    const raw = '{"event":"charge.success","data":{"amount":500000}}';
    expect(signPaystackBody(raw, SECRET)).toBe(createHmac('sha512', SECRET).update(raw).digest('hex'));
  });
});

describe('requestsWithCardData', () => {
  const request = (body: string) => ({ method: 'POST', path: '/x', authorization: undefined, body });
  it('finds card keys at any depth and test card numbers in any form; passes a card-free checkout', () => {
    expect(requestsWithCardData([request('{"email":"a@b.c","amount":"500000","reference":"itan-1234567890123456789"}')])).toEqual([]);
    expect(requestsWithCardData([request('{"card":{"number":"x"}}')])).toHaveLength(1);
    expect(requestsWithCardData([request('{"metadata":{"cvv":"408"}}')])).toHaveLength(1);
    expect(requestsWithCardData([request('cardNumber=4084 0840 8408 4081')])).toHaveLength(1);
  });
});
