/**
 * The sandbox's card charge (backend/payments/sandbox.ts): the spec's card form, where no money
 * moves. Only the sandbox implements it: real payments go through Paystack's checkout page
 * (./paystack.ts), so a card number never leaves this process for anywhere.
 */
export interface ChargeRequest {
  amountKobo: number;
  currency: 'NGN';
  email: string;
  /**
   * Our reference for the charge. Derived from the request's Idempotency-Key, so a retried
   * donation is never charged twice: a reference already charged answers the first charge.
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
   * Charges the card once per reference. A reference already seen is not charged again: the
   * answer is the first charge's outcome when the amount matches, and
   * GatewayReferenceConflictError when it does not (another donation reused the reference).
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** The reference was already used for a charge of another amount: nothing was charged now. */
export class GatewayReferenceConflictError extends Error {
  constructor(message = 'This payment reference was already used for a different charge.') {
    super(message);
    this.name = 'GatewayReferenceConflictError';
  }
}

/** The payment service could not be reached or answered nonsense: nothing was charged as far as we know. */
export class GatewayUnavailableError extends Error {
  constructor(message = 'The payment gateway is unavailable.') {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}

export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined by the bank. Please use another card.',
  sandboxUnknownCard: 'This card was declined. The test payment gateway only accepts the Paystack test card 4084 0840 8408 4081.',
  unavailable: 'The payment service is not responding right now. Your card has not been charged. Please try again shortly.',
  /** Paystack could not open a checkout: nothing was asked of the donor yet. */
  checkoutUnavailable: 'The payment service is not responding right now. Nothing has been charged. Please try again shortly.',
  /** Card data sent to a backend that takes payments on Paystack's page (never forwarded anywhere). */
  cardNotTaken: "Card details are not taken here: donations are paid on Paystack's secure page. Nothing has been charged.",
  checkoutOff: 'Paystack checkout is not set up on this backend (PAYSTACK_SECRET_KEY is unset): donations use the card form.',
  unknownDonation: 'We could not find a donation with this reference.',
  alreadyPaid: 'This donation has already been paid. Thank you!',
  stillConfirming: 'Your bank is still confirming this payment, so please do not pay again. Your receipt will follow by email.',
} as const;
