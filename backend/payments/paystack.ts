import { z } from 'zod';
import { GatewayUnavailableError } from './gateway';

/**
 * Paystack's redirect checkout (https://paystack.com/docs/payments/accept-payments/, "Redirect"):
 * the server initialises a transaction and sends the donor to the authorization_url Paystack
 * answers with; Paystack's own page takes the card (PIN, OTP, 3-D Secure), bank transfer or USSD
 * payment and sends the browser back to our callback_url. Card data never passes through this
 * project: nothing here has a field for it, and the request bodies are built from the two shapes
 * below only.
 */
export interface InitializeRequest {
  email: string;
  amountKobo: number;
  currency: 'NGN';
  reference: string;
  callbackUrl: string;
  metadata: Record<string, string | number>;
}

export type InitializeResult = { kind: 'created'; authorizationUrl: string } | { kind: 'duplicate-reference' };

/** What Paystack says became of a transaction (GET /transaction/verify/:reference). */
export interface PaystackTransaction {
  reference: string;
  /** success, failed, abandoned, ongoing, pending, processing, queued, reversed. */
  status: string;
  amountKobo: number;
  currency: string;
  channel: string | null;
  gatewayResponse: string | null;
  paidAt: string | null;
  cardLast4: string | null;
  cardBrand: string | null;
}

export type VerifyResult = { kind: 'found'; transaction: PaystackTransaction } | { kind: 'not-found' };

export interface PaystackCheckout {
  /** The origin authorization URLs must have (PAYSTACK_CHECKOUT_ORIGIN): nothing else is followed. */
  readonly checkoutOrigin: string;
  initialize(request: InitializeRequest): Promise<InitializeResult>;
  verify(reference: string): Promise<VerifyResult>;
}

const envelope = z.object({ status: z.boolean(), message: z.string().optional() });

const initializeSchema = envelope.extend({
  data: z.object({ authorization_url: z.url() }).passthrough().nullable().optional(),
});

/** The transaction as Paystack describes it, in verify answers and in webhook events alike. */
export const paystackTransactionSchema = z
  .object({
    status: z.string(),
    reference: z.string(),
    amount: z.coerce.number().int(),
    currency: z.string(),
    channel: z.string().nullable().optional(),
    gateway_response: z.string().nullable().optional(),
    paid_at: z.string().nullable().optional(),
    authorization: z
      .object({ last4: z.string().nullable().optional(), brand: z.string().nullable().optional(), card_type: z.string().nullable().optional() })
      .passthrough()
      .nullable()
      .optional(),
  })
  .passthrough();

export function toPaystackTransaction(data: z.output<typeof paystackTransactionSchema>): PaystackTransaction {
  const card = data.channel === 'card' ? data.authorization : undefined;
  return {
    reference: data.reference,
    status: data.status,
    amountKobo: data.amount,
    currency: data.currency,
    channel: data.channel ?? null,
    gatewayResponse: data.gateway_response ?? null,
    paidAt: data.paid_at ?? null,
    cardLast4: card?.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : null,
    cardBrand: (card?.brand ?? card?.card_type)?.trim() || null,
  };
}

const verifySchema = envelope.extend({ data: paystackTransactionSchema.nullable().optional() });

export interface PaystackOptions {
  secretKey: string;
  baseUrl: string;
  checkoutOrigin: string;
  /** Below the site's own 10 s limit, so the donor gets our message rather than a timeout. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export function createPaystackCheckout(options: PaystackOptions): PaystackCheckout {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 8_000;
  const checkoutOrigin = new URL(options.checkoutOrigin).origin;

  /** One call: the HTTP status and parsed JSON, or GatewayUnavailableError for anything unusable. */
  async function call(method: 'GET' | 'POST', path: string, body?: InitializeBody): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      // The error can carry the request (and its key): say only that Paystack was unreachable.
      throw new GatewayUnavailableError('Paystack could not be reached.');
    }
    if (response.status >= 500) throw new GatewayUnavailableError(`Paystack answered ${response.status}.`);
    if (response.status === 401 || response.status === 403) {
      throw new GatewayUnavailableError(`Paystack rejected our secret key (${response.status}).`);
    }
    try {
      return { status: response.status, json: await response.json() };
    } catch {
      throw new GatewayUnavailableError('Paystack answered with something that is not JSON.');
    }
  }

  return {
    checkoutOrigin,
    async initialize(request) {
      const { json } = await call('POST', '/transaction/initialize', {
        email: request.email,
        amount: String(request.amountKobo),
        currency: request.currency,
        reference: request.reference,
        callback_url: request.callbackUrl,
        metadata: request.metadata,
      });
      const parsed = initializeSchema.safeParse(json);
      if (!parsed.success) throw new GatewayUnavailableError('Paystack answered the checkout in an unexpected shape.');
      if (!parsed.data.status) {
        if (/duplicate transaction reference/i.test(parsed.data.message ?? '')) return { kind: 'duplicate-reference' };
        throw new GatewayUnavailableError(`Paystack refused the checkout: ${parsed.data.message ?? 'no reason given'}.`);
      }
      const url = parsed.data.data?.authorization_url;
      // Only ever send a donor to Paystack's own checkout page.
      if (!url || new URL(url).origin !== checkoutOrigin) {
        throw new GatewayUnavailableError(`Paystack's checkout address is not on ${checkoutOrigin}.`);
      }
      return { kind: 'created', authorizationUrl: url };
    },
    async verify(reference) {
      const { status, json } = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const parsed = verifySchema.safeParse(json);
      if (!parsed.success) throw new GatewayUnavailableError('Paystack answered the verification in an unexpected shape.');
      if (!parsed.data.status || !parsed.data.data) {
        if (status === 400 || status === 404) return { kind: 'not-found' };
        throw new GatewayUnavailableError(`Paystack could not verify the transaction: ${parsed.data.message ?? 'no reason given'}.`);
      }
      return { kind: 'found', transaction: toPaystackTransaction(parsed.data.data) };
    },
  };
}

/** Every field Paystack's initialize is ever sent: no card, by construction. */
interface InitializeBody {
  email: string;
  amount: string;
  currency: 'NGN';
  reference: string;
  callback_url: string;
  metadata: Record<string, string | number>;
}
