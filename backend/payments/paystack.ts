import { z } from 'zod';
import { digitsOnly } from '@/contract/forms/rules';
import {
  GatewayReferenceConflictError,
  GatewayUnavailableError,
  PAYMENT_MESSAGES,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
} from './gateway';

/**
 * Paystack's Charge API (https://paystack.com/docs/api/charge/): POST {base}/charge with the
 * secret key as a Bearer token, `email`, `amount` in kobo and a `card` object; the answer is
 * `{ status, message, data: { status, reference, gateway_response } }` where data.status is
 * 'success', 'failed', or a further step ('send_otp', 'send_pin', 'open_url', ...).
 */
const chargeResponseSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z
    .object({
      status: z.string().optional(),
      reference: z.string().optional(),
      gateway_response: z.string().optional(),
      message: z.string().nullable().optional(),
    })
    .passthrough()
    .nullable()
    .optional(),
});

/** GET /transaction/verify/:reference: what became of a transaction. */
const verifyResponseSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z
    .object({
      status: z.string(),
      reference: z.string().optional(),
      amount: z.coerce.number(),
      currency: z.string().optional(),
      gateway_response: z.string().nullable().optional(),
    })
    .passthrough()
    .nullable()
    .optional(),
});

/** Paystack's data.status values that ask the customer for a further step we cannot take here. */
const FURTHER_STEPS = ['send_otp', 'send_pin', 'send_phone', 'send_birthday', 'send_address', 'open_url', 'pending', 'ongoing'];

export interface PaystackOptions {
  secretKey: string;
  baseUrl?: string;
  /** Below the site's own 10 s limit so the visitor gets our message, not a timeout. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export function createPaystackGateway(options: PaystackOptions): PaymentGateway {
  const baseUrl = (options.baseUrl ?? 'https://api.paystack.co').replace(/\/+$/, '');
  const doFetch = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 8_000;

  /** One call: the status and parsed JSON, or GatewayUnavailableError for anything unusable. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
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
      // The error can carry the request; say only that the gateway was unreachable.
      throw new GatewayUnavailableError('Paystack could not be reached.');
    }
    if (response.status >= 500) throw new GatewayUnavailableError(`Paystack answered ${response.status}.`);
    if (response.status === 401 || response.status === 403) {
      throw new GatewayUnavailableError(`Paystack rejected our credentials (${response.status}).`);
    }
    try {
      return { status: response.status, json: await response.json() };
    } catch {
      throw new GatewayUnavailableError('Paystack answered with something that is not JSON.');
    }
  }

  /**
   * The reference was charged before (a retry of a donation whose first attempt got as far as
   * Paystack): Paystack refused to charge it again, so ask what became of the first charge.
   */
  async function earlierCharge(request: ChargeRequest): Promise<ChargeResult> {
    const { json } = await call('GET', `/transaction/verify/${encodeURIComponent(request.reference)}`);
    const parsed = verifyResponseSchema.safeParse(json);
    const data = parsed.success ? parsed.data.data : undefined;
    if (!parsed.success || !parsed.data.status || !data) {
      throw new GatewayUnavailableError('Paystack refused a duplicate reference but could not say what became of it.');
    }
    if (data.amount !== request.amountKobo || (data.currency !== undefined && data.currency !== request.currency)) {
      throw new GatewayReferenceConflictError();
    }
    if (data.status === 'success') {
      return { status: 'success', reference: data.reference ?? request.reference, gatewayResponse: data.gateway_response ?? 'Approved' };
    }
    if (FURTHER_STEPS.includes(data.status)) return { status: 'declined', message: PAYMENT_MESSAGES.extraVerification };
    return { status: 'declined', message: declineMessage(data.gateway_response) };
  }

  return {
    name: 'paystack',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      // Our reference goes to Paystack as the transaction reference: Paystack refuses a second
      // transaction with one it has seen ("Duplicate Transaction Reference"), so one reference is
      // charged at most once, whatever happens on our side between the charge and our commit.
      const { json } = await call('POST', '/charge', {
        email: request.email,
        amount: String(request.amountKobo),
        currency: request.currency,
        reference: request.reference,
        card: {
          number: digitsOnly(request.card.number),
          cvv: request.card.cvc,
          expiry_month: String(request.card.expiryMonth).padStart(2, '0'),
          expiry_year: String(request.card.expiryYear),
        },
      });
      const parsed = chargeResponseSchema.safeParse(json);
      if (!parsed.success) throw new GatewayUnavailableError('Paystack answered in an unexpected shape.');
      if (!parsed.data.status && /duplicate transaction reference/i.test(parsed.data.message ?? '')) return earlierCharge(request);

      const data = parsed.data.data ?? undefined;
      if (parsed.data.status && data?.status === 'success') {
        return {
          status: 'success',
          reference: data.reference ?? request.reference,
          gatewayResponse: data.gateway_response ?? 'Approved',
        };
      }
      if (data?.status && FURTHER_STEPS.includes(data.status)) {
        return { status: 'declined', message: PAYMENT_MESSAGES.extraVerification };
      }
      return { status: 'declined', message: declineMessage(data?.gateway_response ?? data?.message ?? parsed.data.message) };
    },
  };
}

/** The bank's reason in a sentence the visitor can act on. */
function declineMessage(reason: string | null | undefined): string {
  const text = reason?.trim();
  if (!text || /^declined\.?$/i.test(text) || /charge attempted/i.test(text)) return PAYMENT_MESSAGES.declined;
  return `Your card was declined: ${text.replace(/\.?$/, '.')} Please use another card.`;
}
