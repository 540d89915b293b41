import { randomUUID } from 'node:crypto';
import { digitsOnly } from '@/contract/forms/rules';
import { GatewayReferenceConflictError, PAYMENT_MESSAGES, type ChargeRequest, type ChargeResult, type PaymentGateway } from './gateway';

/** Paystack's documented test cards: one that succeeds, one the bank declines. */
export const SANDBOX_CARDS = {
  success: '4084084084084081',
  declined: '4084080000005408',
} as const;

/**
 * The default gateway: behaves like Paystack's test mode without leaving the machine, so the
 * site works end to end with no payment account. No real money moves.
 */
export function createSandboxGateway(): PaymentGateway {
  // Like Paystack, one transaction per reference (kept for the life of the process).
  const seen = new Map<string, { amountKobo: number; result: ChargeResult }>();
  const decide = (request: ChargeRequest): ChargeResult => {
    const number = digitsOnly(request.card.number);
    if (number === SANDBOX_CARDS.success) {
      return { status: 'success', reference: request.reference || `sandbox_${randomUUID()}`, gatewayResponse: 'Approved' };
    }
    if (number === SANDBOX_CARDS.declined) return { status: 'declined', message: PAYMENT_MESSAGES.declined };
    return { status: 'declined', message: PAYMENT_MESSAGES.sandboxUnknownCard };
  };
  return {
    name: 'sandbox',
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const earlier = seen.get(request.reference);
      if (earlier) {
        if (earlier.amountKobo !== request.amountKobo) throw new GatewayReferenceConflictError();
        return earlier.result;
      }
      const result = decide(request);
      seen.set(request.reference, { amountKobo: request.amountKobo, result });
      // A sandbox for one process: keep the most recent references, not every one ever made.
      if (seen.size > 50_000) seen.delete(seen.keys().next().value!);
      return result;
    },
  };
}
