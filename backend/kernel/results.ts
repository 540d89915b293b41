import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Outcome } from './idempotency';

/**
 * The contract's success answers for the keyed form endpoints (POST /api/forms/*, spec §7): one
 * table of their messages (a stored form's is in its module, backend/forms/), and the result pattern `{ success, data, <thing>Id, …extra, message }`.
 * Each feature's flow (tickets, newsletter, donations, forms) answers with these.
 */
export const FORM_MESSAGES = {
  newsletter: 'Successfully subscribed! Thank you.',
  registration: (ref: string) => `Registration confirmed. Your ticket reference is ${ref}.`,
  registrationFull: 'Registration is full: all wristbands for this edition have been claimed.',
  registrationFewLeft: (n: number) =>
    `Only ${n} wristband${n === 1 ? ' is' : 's are'} left for this edition. Please choose fewer tickets.`,
  donation: 'Thank you for your donation. A confirmation email will follow within 24 hours.',
  donationCheckout: "Your donation is ready: continue on Paystack's secure page to pay.",
} as const;

/** The answer's id field, named after the thing made (`partnershipId`, spec §7): each endpoint's result schema names its own. */
export type IdField = `${string}Id`;

/** The contract's success answer: `{ success, data, <thing>Id, …extra, message }`. */
export function success(
  idField: IdField,
  id: string,
  message: string,
  data: Record<string, unknown>,
  status: ContentfulStatusCode = 201,
  extra: Record<string, unknown> = {},
): Outcome {
  return { status, body: { success: true, data, [idField]: id, ...extra, message } };
}
