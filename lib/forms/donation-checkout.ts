import 'server-only';
import { checkoutStartedSchema, donationStatusSchema, type DonationStatus } from '@/contract/api/donations';
import type { ResultPattern } from '@/contract/api/result';
import { call, capabilities, isApiError } from '@/lib/backend';
import { requestLogger } from '@/lib/log';

/**
 * Paystack's checkout page from the backend's answer to a checkout or retry: only an address on
 * PAYSTACK_CHECKOUT_ORIGIN is ever followed (the backend checks it too), so a wrong answer can
 * never send a donor, about to type a card number, to another site. Undefined otherwise.
 */
export function paystackPageFrom(result: Pick<ResultPattern, 'data'>): string | undefined {
  const started = checkoutStartedSchema.safeParse(result.data);
  const origin = capabilities().checkout?.origin;
  if (!started.success || !origin) return undefined;
  return new URL(started.data.authorizationUrl).origin === origin ? started.data.authorizationUrl : undefined;
}

export type StatusAnswer = { kind: 'found'; status: DonationStatus } | { kind: 'unknown' } | { kind: 'unavailable' };

/** What became of a donation (the backend asks Paystack while it is unpaid). */
export async function donationStatus(reference: string): Promise<StatusAnswer> {
  try {
    const { data } = await call('donationVerify', { body: { reference } });
    const status = donationStatusSchema.safeParse(data);
    return status.success ? { kind: 'found', status: status.data } : { kind: 'unavailable' };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) return { kind: 'unknown' };
    if (!isApiError(error)) (await requestLogger('donations')).error(`verify: unexpected ${error instanceof Error ? error.name : typeof error}`);
    return { kind: 'unavailable' };
  }
}

/** The page Paystack sends a donor back to, for one donation. */
export const returnPath = (reference: string) => `/donations/return?${new URLSearchParams({ reference }).toString()}`;

/** The thank-you page for a paid donation. */
export const thankYouPath = (status: Pick<DonationStatus, 'amount' | 'reference'>) =>
  `/donations/thank-you?${new URLSearchParams({ amount: String(status.amount), ref: status.reference }).toString()}`;
