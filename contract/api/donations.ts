import { z } from 'zod';
import { text } from '@/contract/text';
import { DONATION_CURRENCY } from '@/contract/festival';
import { donationPayloadSchema } from './forms';

/**
 * The live donation path (issue 27): Paystack's redirect checkout. The donor's card, bank transfer
 * or USSD payment happens on Paystack's own page; these are the backend calls the site makes around
 * it. The spec's POST /api/forms/donations/ (card in the payload) stays the sandbox's and an
 * external backend's path.
 */
export const DONATION_API = {
  /** POST: store the donation as pending and open a Paystack checkout for it. */
  checkout: '/api/donations/checkout',
  /** POST { reference }: what became of a donation (asks Paystack while it is pending). */
  verify: '/api/donations/verify',
  /** POST { reference }: a new checkout with the same donor and amount, after a failed or abandoned one. */
  retry: '/api/donations/retry',
  /** Paystack's webhook, signed with the secret key (paste https://<site>/api/payments/paystack/webhook in Paystack's dashboard). */
  webhook: '/api/payments/paystack/webhook',
} as const;

/** The donation payload of spec §7 without the card: Paystack's page takes the payment. */
export const donationCheckoutPayloadSchema = donationPayloadSchema.omit({ card: true });
export type DonationCheckoutPayload = z.output<typeof donationCheckoutPayloadSchema>;

/** Paystack allows letters, digits, '-', '.' and '=' in a transaction reference. */
export const paymentReferenceSchema = text()
  .trim()
  .regex(/^[A-Za-z0-9.=-]{6,100}$/, 'Not a payment reference');

export const donationReferencePayloadSchema = z.object({ reference: paymentReferenceSchema });

/**
 * A donation's state: `pending` until Paystack says otherwise (a bank transfer can take a while),
 * `succeeded` once paid, `failed` (declined), `abandoned` (never paid: the donor left, or the
 * checkout expired), `review` (Paystack reports a payment that does not match what was asked:
 * a person must look).
 */
export const DONATION_STATES = ['pending', 'succeeded', 'failed', 'abandoned', 'review'] as const;
export type DonationState = (typeof DONATION_STATES)[number];

/** POST /api/donations/checkout and /retry, 201: where to send the donor. */
export const checkoutStartedSchema = z.object({
  id: text().min(1),
  reference: paymentReferenceSchema,
  status: z.literal('pending'),
  amount: z.number().positive(),
  currency: z.literal(DONATION_CURRENCY),
  authorizationUrl: z.url({ protocol: /^https?$/ }),
});
export type CheckoutStarted = z.output<typeof checkoutStartedSchema>;

/** POST /api/donations/verify, 200. `verified`: Paystack answered this time (false: its last known state). */
export const donationStatusSchema = z.object({
  id: text().min(1),
  reference: paymentReferenceSchema,
  status: z.enum(DONATION_STATES),
  amount: z.number().positive(),
  currency: z.literal(DONATION_CURRENCY),
  channel: text().nullable(),
  /** Paystack's words for the outcome ("Declined", "Insufficient Funds"), when it gave some. */
  gatewayResponse: text().nullable(),
  verified: z.boolean(),
});
export type DonationStatus = z.output<typeof donationStatusSchema>;
