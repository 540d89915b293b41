/**
 * How a donation's card is charged. The card number and CVC only pass through here on their
 * way to the gateway; nothing else in the backend keeps them.
 */
export interface ChargeRequest {
  amountKobo: number;
  currency: 'NGN';
  email: string;
  /**
   * Our reference for the charge, sent to the gateway as its transaction reference. A gateway
   * charges at most once per reference: a second charge with a reference it has seen answers what
   * became of the first (see PaymentGateway.charge). Derived from the request's Idempotency-Key, so
   * a retried donation can never be charged twice.
   */
  reference: string;
  card: {
    number: string;
    cvc: string;
    expiryMonth: number;
    expiryYear: number;
  };
}

export type ChargeResult =
  | { status: 'success'; reference: string; gatewayResponse: string }
  | { status: 'declined'; message: string };

export interface PaymentGateway {
  readonly name: string;
  /**
   * Charges the card once per reference. A reference the gateway has already seen is not charged
   * again: the answer is the first charge's outcome when amount and currency match, and
   * GatewayReferenceConflictError when they do not (another donation reused the reference).
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** The reference was already used for a charge of another amount or currency: nothing was charged now. */
export class GatewayReferenceConflictError extends Error {
  constructor(message = 'This payment reference was already used for a different charge.') {
    super(message);
    this.name = 'GatewayReferenceConflictError';
  }
}

/** The gateway could not be reached or answered nonsense: nothing was charged as far as we know. */
export class GatewayUnavailableError extends Error {
  constructor(message = 'The payment gateway is unavailable.') {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined by the bank. Please use another card.',
  sandboxUnknownCard: 'This card was declined. The test payment gateway only accepts the Paystack test card 4084 0840 8408 4081.',
  extraVerification:
    'Your bank asked for an extra verification step (such as an OTP) that this form cannot complete. Please use another card.',
  unavailable: 'The payment service is not responding right now. Your card has not been charged. Please try again shortly.',
} as const;
