import { createHmac, randomBytes } from 'node:crypto';
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack's redirect checkout ("Standard"), answering in the shapes of
 * https://paystack.com/docs/api/transaction/:
 * - POST /transaction/initialize stores an 'abandoned' transaction and answers its authorization_url;
 * - GET /checkout/:access_code is the hosted page, whose buttons settle the transaction and send the
 *   browser back to callback_url with ?trxref=&reference=, as Paystack does;
 * - GET /transaction/verify/:reference tells what became of it;
 * - a payment sends the signed charge.success webhook to webhookUrl.
 * Every request is kept raw in `requests`, so a test can check that no card data ever reached it.
 * `mode` breaks only the API (server-to-server) calls; the hosted page keeps working, as it is
 * another host at Paystack.
 */
export interface StandInTransaction {
  reference: string;
  /** In kobo. */
  amount: number;
  currency: string;
  email: string;
  status: 'abandoned' | 'success' | 'failed' | 'ongoing';
  gateway_response: string;
  channel: string | null;
  callback_url: string;
  metadata: unknown;
  access_code: string;
  paid_at: string | null;
}

export interface RecordedRequest {
  method: string;
  /** With the query string. */
  path: string;
  authorization: string | undefined;
  /** Raw text, as received. */
  body: string;
}

/** What became of one webhook POST: its HTTP status, or why there was none. */
export interface WebhookDelivery {
  event: string;
  reference: unknown;
  signature: string;
  status?: number;
  error?: string;
}

export interface PaystackStandIn {
  /** API base, e.g. http://127.0.0.1:PORT (also the checkout origin). */
  url: string;
  /** Same as url: the hosted page is served by the same server. */
  checkoutOrigin: string;
  /** Every request received, in order, including checkout page requests. */
  requests: RecordedRequest[];
  transactions: Map<string, StandInTransaction>;
  /** Where signed webhooks go; settable after start. */
  webhookUrl: string | undefined;
  /** Every webhook sent, in the order their outcomes came in. */
  webhooks: WebhookDelivery[];
  /** Make verify answer differently for one reference (e.g. another amount or currency). */
  overrideVerify(reference: string, data: Partial<Pick<StandInTransaction, 'amount' | 'currency' | 'status'>>): void;
  /**
   * Marks a transaction paid (as a bank transfer/USSD that confirms later would) and, unless
   * send === false, sends its signed charge.success webhook; resolves with the webhook's HTTP status
   * (undefined when none was sent), rejects when the webhook could not be delivered.
   */
  complete(reference: string, options?: { send?: boolean; channel?: string }): Promise<number | undefined>;
  /** POSTs one signed event to webhookUrl exactly as Paystack does; returns the status. `signature` overrides the header (for forged ones). */
  sendWebhook(event: { event: string; data: Record<string, unknown> }, options?: { signature?: string }): Promise<number>;
  /** The charge.success event body Paystack would send for a transaction (as paid, even if it is not yet: for forged events). */
  chargeSuccessEvent(reference: string): { event: 'charge.success'; data: Record<string, unknown> };
  mode: 'normal' | 'server-error' | 'hang-up';
  close(): Promise<void>;
}

/** Hex HMAC-SHA512 of the raw body: what Paystack puts in x-paystack-signature. */
export function signPaystackBody(rawBody: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody, 'utf8').digest('hex');
}

/** How long a checkout redirect waits for the success webhook: Paystack's order (webhook, then redirect) without letting a slow site stall the browser. */
const WEBHOOK_WAIT_MS = 2_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

const CHECKOUT_ACTIONS = {
  pay: 'Pay with card',
  transfer: 'Pay by bank transfer',
  decline: 'Decline',
  cancel: 'Cancel payment',
} as const;
type CheckoutAction = keyof typeof CHECKOUT_ACTIONS;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendPage(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>\n`,
  );
}

function formatAmount(kobo: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-NG', { style: 'currency', currency }).format(kobo / 100);
  } catch {
    return `${currency} ${(kobo / 100).toFixed(2)}`;
  }
}

/** Paystack takes the amount in kobo as a number or a numeric string; anything but a positive whole number is refused. */
function parseAmount(value: unknown): number | undefined {
  const amount = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(amount) && amount > 0 ? amount : undefined;
}

export async function startPaystackStandIn(options: { secretKey: string; webhookUrl?: string }): Promise<PaystackStandIn> {
  const { secretKey } = options;
  // Verify's id and created_at are not part of StandInTransaction (tests set transactions directly).
  const created = new Map<string, { id: number; created_at: string }>();
  const overrides = new Map<string, Partial<Pick<StandInTransaction, 'amount' | 'currency' | 'status'>>>();
  // Aborts webhooks still in flight on close(), so none outlives the test.
  const closing = new AbortController();

  const transactionData = (tx: StandInTransaction): Record<string, unknown> => {
    const { id, created_at } = created.get(tx.reference) ?? { id: 0, created_at: tx.paid_at ?? new Date(0).toISOString() };
    return {
      id,
      domain: 'test',
      status: tx.status,
      reference: tx.reference,
      amount: tx.amount,
      currency: tx.currency,
      gateway_response: tx.gateway_response,
      channel: tx.channel,
      paid_at: tx.paid_at,
      created_at,
      metadata: tx.metadata,
      customer: { email: tx.email },
      authorization:
        tx.status === 'success' && tx.channel === 'card'
          ? { last4: '4081', brand: 'visa', card_type: 'visa ', bank: 'TEST BANK', channel: 'card', reusable: true }
          : {},
    };
  };

  const find = (reference: string): StandInTransaction => {
    const tx = state.transactions.get(reference);
    if (!tx) throw new Error(`Paystack stand-in: no transaction ${reference}`);
    return tx;
  };

  const markPaid = (tx: StandInTransaction, channel: string): void => {
    Object.assign(tx, { status: 'success', channel, gateway_response: 'Approved', paid_at: new Date().toISOString() });
  };

  const state: PaystackStandIn = {
    url: '',
    checkoutOrigin: '',
    requests: [],
    transactions: new Map(),
    webhookUrl: options.webhookUrl,
    webhooks: [],
    mode: 'normal',
    overrideVerify(reference, data) {
      overrides.set(reference, { ...overrides.get(reference), ...data });
    },
    async complete(reference, completeOptions = {}) {
      const tx = find(reference);
      markPaid(tx, completeOptions.channel ?? tx.channel ?? 'bank_transfer');
      if (completeOptions.send === false || state.webhookUrl === undefined) return undefined;
      return state.sendWebhook(state.chargeSuccessEvent(reference));
    },
    async sendWebhook(event, sendOptions = {}) {
      const target = state.webhookUrl;
      if (target === undefined) throw new Error('Paystack stand-in: webhookUrl is not set');
      const raw = JSON.stringify(event);
      const signature = sendOptions.signature ?? signPaystackBody(raw, secretKey);
      const delivery: WebhookDelivery = { event: event.event, reference: event.data.reference, signature };
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
          body: raw,
          signal: AbortSignal.any([closing.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
        });
        await res.arrayBuffer(); // frees the keep-alive connection
        delivery.status = res.status;
        return res.status;
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
        throw error;
      } finally {
        state.webhooks.push(delivery);
      }
    },
    chargeSuccessEvent(reference) {
      const tx = find(reference);
      const paid: StandInTransaction =
        tx.status === 'success'
          ? tx
          : { ...tx, status: 'success', channel: tx.channel ?? 'card', gateway_response: 'Approved', paid_at: tx.paid_at ?? new Date().toISOString() };
      return { event: 'charge.success', data: transactionData(paid) };
    },
    close: async () => undefined,
  };

  const initialize = (res: ServerResponse, raw: string): void => {
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { status: false, message: 'Invalid JSON body' });
    }
    if (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(body.email)) {
      return sendJson(res, 400, { status: false, message: 'Invalid Email Address Passed' });
    }
    const amount = parseAmount(body.amount);
    if (amount === undefined) return sendJson(res, 400, { status: false, message: 'Invalid Amount Sent' });
    const reference = typeof body.reference === 'string' && body.reference !== '' ? body.reference : `T${randomBytes(8).toString('hex')}`;
    if (state.transactions.has(reference)) return sendJson(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    const access_code = randomBytes(8).toString('hex');
    state.transactions.set(reference, {
      reference,
      amount,
      currency: typeof body.currency === 'string' ? body.currency : 'NGN',
      email: body.email,
      status: 'abandoned',
      gateway_response: 'The transaction was not completed',
      channel: null,
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : '',
      metadata: body.metadata ?? null,
      access_code,
      paid_at: null,
    });
    created.set(reference, { id: created.size + 1, created_at: new Date().toISOString() });
    sendJson(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${state.checkoutOrigin}/checkout/${access_code}`, access_code, reference },
    });
  };

  const verify = (res: ServerResponse, reference: string): void => {
    const tx = state.transactions.get(reference);
    if (!tx) return sendJson(res, 400, { status: false, message: 'Transaction reference not found' });
    sendJson(res, 200, { status: true, message: 'Verification successful', data: transactionData({ ...tx, ...overrides.get(reference) }) });
  };

  const api = (req: http.IncomingMessage, res: ServerResponse, pathname: string, raw: string): void => {
    if (state.mode === 'hang-up') {
      req.socket.destroy();
      return;
    }
    if (state.mode === 'server-error') return sendJson(res, 500, { status: false, message: 'An error occurred' });
    if (req.headers.authorization !== `Bearer ${secretKey}`) return sendJson(res, 401, { status: false, message: 'Invalid key' });
    if (req.method === 'POST' && pathname === '/transaction/initialize') return initialize(res, raw);
    const verifyMatch = req.method === 'GET' ? /^\/transaction\/verify\/([^/]+)$/.exec(pathname) : null;
    if (verifyMatch) return verify(res, decodeURIComponent(verifyMatch[1]!));
    sendJson(res, 404, { status: false, message: 'Not found' });
  };

  const checkoutPage = (res: ServerResponse, tx: StandInTransaction): void => {
    const forms = Object.entries(CHECKOUT_ACTIONS)
      .map(
        ([action, label]) =>
          `<form method="post" action="/checkout/${encodeURIComponent(tx.access_code)}/${action}"><button type="submit">${label}</button></form>`,
      )
      .join('');
    sendPage(
      res,
      200,
      'Paystack test checkout',
      `<h1>Paystack test checkout</h1><p>Pay <strong>${escapeHtml(formatAmount(tx.amount, tx.currency))}</strong> as ` +
        `<strong>${escapeHtml(tx.email)}</strong></p>${forms}`,
    );
  };

  const checkoutAction = async (res: ServerResponse, tx: StandInTransaction, action: CheckoutAction, query: URLSearchParams): Promise<void> => {
    // A paid transaction stays paid, whatever is pressed afterwards (a second tab, the back button).
    let paidNow = false;
    if (tx.status !== 'success') {
      if (action === 'pay') {
        markPaid(tx, 'card');
        paidNow = true;
      } else if (action === 'transfer') {
        Object.assign(tx, { status: 'ongoing', channel: 'bank_transfer', gateway_response: 'Transaction ongoing' });
      } else if (action === 'decline') {
        Object.assign(tx, { status: 'failed', channel: 'card', gateway_response: 'Declined' });
      }
    }
    if (paidNow && state.webhookUrl !== undefined) {
      // The outcome is kept in state.webhooks either way; a failure must not break the page.
      const delivered = state.sendWebhook(state.chargeSuccessEvent(tx.reference)).catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([delivered, new Promise((resolve) => (timer = setTimeout(resolve, WEBHOOK_WAIT_MS)))]);
      clearTimeout(timer);
    }
    // The customer closed the tab after paying (or no callback_url was given): no redirect, only the webhook tells the site.
    if ((action === 'pay' && query.get('return') === '0') || tx.callback_url === '') {
      const done = tx.status === 'success';
      return sendPage(res, 200, done ? 'Payment successful' : 'Payment not completed', `<h1>${done ? 'Payment successful' : 'Payment not completed'}</h1>`);
    }
    const location = new URL(tx.callback_url);
    location.searchParams.set('trxref', tx.reference);
    location.searchParams.set('reference', tx.reference);
    res.writeHead(302, { Location: location.toString() });
    res.end();
  };

  const checkout = async (req: http.IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams): Promise<void> => {
    const [, , code = '', action, ...rest] = pathname.split('/');
    const tx = [...state.transactions.values()].find((t) => t.access_code === decodeURIComponent(code));
    if (tx && rest.length === 0) {
      if (req.method === 'GET' && action === undefined) return checkoutPage(res, tx);
      if (req.method === 'POST' && action !== undefined && Object.hasOwn(CHECKOUT_ACTIONS, action)) {
        return checkoutAction(res, tx, action as CheckoutAction, query);
      }
    }
    sendPage(res, 404, 'Checkout not found', '<h1>Checkout not found</h1><p>This payment link is invalid or has expired.</p>');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      state.requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body: raw });
      const { pathname, searchParams } = new URL(req.url ?? '/', state.url);
      if (pathname === '/checkout' || pathname.startsWith('/checkout/')) {
        checkout(req, res, pathname, searchParams).catch((error: unknown) => {
          if (!res.headersSent) sendPage(res, 500, 'Error', `<h1>Error</h1><p>${escapeHtml(String(error))}</p>`);
        });
        return;
      }
      api(req, res, pathname, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.checkoutOrigin = state.url;
  state.close = () =>
    new Promise<void>((resolve) => {
      closing.abort();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** Paystack's test cards, the ones a test could have typed somewhere. */
export const TEST_CARD_NUMBERS = ['4084084084084081', '4084080000005408', '5060666666666666666', '507850785078507812'] as const;
const CARD_KEYS = /^(card|cards|pan|number|cvv|cvc|cvv2|expiry|expiry_month|expiry_year|exp_month|exp_year|pin)$/i;

/**
 * The requests that carried card data: a card-shaped key anywhere in a JSON body, or a test card
 * number anywhere in any body (digits only, so spaced or dashed forms count too). Empty when the
 * project kept its promise that card data never reaches Paystack from it.
 */
export function requestsWithCardData(requests: readonly RecordedRequest[]): RecordedRequest[] {
  const hasCardKey = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(hasCardKey);
    if (value === null || typeof value !== 'object') return false;
    return Object.entries(value).some(([key, v]) => CARD_KEYS.test(key) || hasCardKey(v));
  };
  return requests.filter((request) => {
    const digits = request.body.replace(/[\s-]/g, '');
    if (TEST_CARD_NUMBERS.some((n) => digits.includes(n))) return true;
    try {
      return hasCardKey(JSON.parse(request.body));
    } catch {
      return false;
    }
  });
}
