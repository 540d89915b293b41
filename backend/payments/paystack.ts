import { z } from 'zod';
import { digitsOnly } from '@/lib/forms/rules';
import {
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

  return {
    name: 'paystack',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/charge`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.secretKey}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify({
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
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        // The error can carry the request; say only that the gateway was unreachable.
        throw new GatewayUnavailableError('Paystack could not be reached.');
      }
      if (response.status >= 500) throw new GatewayUnavailableError(`Paystack answered ${response.status}.`);

      let json: unknown;
      try {
        json = await response.json();
      } catch {
        throw new GatewayUnavailableError('Paystack answered with something that is not JSON.');
      }
      const parsed = chargeResponseSchema.safeParse(json);
      if (!parsed.success) throw new GatewayUnavailableError('Paystack answered in an unexpected shape.');
      if (response.status === 401 || response.status === 403) {
        throw new GatewayUnavailableError(`Paystack rejected our credentials (${response.status}).`);
      }

      const data = parsed.data.data ?? undefined;
      if (parsed.data.status && data?.status === 'success') {
        return {
          status: 'success',
          reference: data.reference ?? request.reference,
          gatewayResponse: data.gateway_response ?? 'Approved',
        };
      }
      if (data?.status && ['send_otp', 'send_pin', 'send_phone', 'send_birthday', 'send_address', 'open_url', 'pending'].includes(data.status)) {
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
