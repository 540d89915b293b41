/**
 * How a donation's card is charged. The card number and CVC only pass through here on their
 * way to the gateway; nothing else in the backend keeps them.
 */
export interface ChargeRequest {
  amountKobo: number;
  currency: 'NGN';
  email: string;
  /** Our reference for the charge (the donation id), sent to the gateway. */
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
  charge(request: ChargeRequest): Promise<ChargeResult>;
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
