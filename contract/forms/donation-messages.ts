import { DONATION_RETRIES_PER_HOUR } from '@/contract/festival';
import { lookup } from '@/contract/lookup';

/**
 * What a donor reads around Paystack's checkout (issue 27): on the donation form, and on the page
 * Paystack sends them back to (/donations/return). One place, so tests and pages agree.
 */
export const CHECKOUT_FORM_TEXT = {
  section: 'Payment',
  howYouPay:
    "After you press Donate, you pay on Paystack's secure page: by card, bank transfer or USSD. Your card details go to Paystack only; they never reach the festival.",
} as const;

/** The built-in backend's payment sandbox (no Paystack key): shown on the donation pages (issue 43). */
export const SANDBOX_NOTICE = {
  title: 'Test mode: no money moves.',
  body: 'This site has no payment provider set up, so donations here are rehearsals: no card is charged and nothing reaches the festival.',
} as const;

/** The thank-you page when the receipt goes at once (the built-in backend mails it with the donation). */
export const THANK_YOU_RECEIPT_NOW = 'Your receipt is on its way to your email address now. It carries the reference below.';

/**
 * The donation form's fields as the error summary names them (GOV.UK: each link names its field,
 * "First name: This field is required"); the inline messages stay the spec's.
 */
export const DONATION_FIELD_LABELS = {
  amount: 'Donation amount',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  phone: 'Phone number',
  streetAddress: 'Street address',
  city: 'Town or city',
  state: 'State',
  zipcode: 'Postcode',
  cardHolder: 'Name on card',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry date',
  cardCvc: 'Security code (CVC)',
} as const;

export type ReturnView = 'pending' | 'failed' | 'abandoned' | 'review' | 'unknown' | 'unavailable';

export const RETURN_TEXT: Record<ReturnView, { title: string; body: string }> = {
  pending: {
    title: 'We are waiting for your bank',
    body: 'Paystack has not confirmed your payment yet. Bank transfers and USSD payments can take a few minutes. You do not need to pay again: your receipt will follow by email as soon as the payment is confirmed.',
  },
  failed: {
    title: 'Your payment did not go through',
    body: 'No money was taken. You can try again with the details you gave, perhaps with another card or by bank transfer.',
  },
  abandoned: {
    title: 'Your donation was not completed',
    body: "You left Paystack's page before paying, so no money was taken. You can try again with the details you gave.",
  },
  review: {
    title: 'We need to check your payment',
    body: 'Paystack reports a payment that does not match this donation. Our team will look at it and email you. Please do not pay again.',
  },
  unknown: {
    title: 'We could not find this donation',
    body: 'The link may be incomplete. If you paid, your receipt will reach you by email.',
  },
  unavailable: {
    title: 'We could not check your payment just now',
    body: 'If you paid, your receipt will follow by email once Paystack confirms it. You can check again in a minute.',
  },
};

export const RETURN_ACTIONS = {
  tryAgain: 'Try again',
  change: 'Change the details',
  checkAgain: 'Check again',
  donate: 'Make a donation',
  home: 'Back to the home page',
  /** Paystack's own words for a decline, when it gave some. */
  paystackSaid: (words: string) => `Paystack said: “${words}”`,
} as const;

/** The retry button's failures, shown on the return page (?notice=…). */
export const RETRY_NOTICES = {
  failed: 'We could not open a new payment just now. Nothing has been charged. Please try again shortly.',
  paid: 'This donation has already been paid. Thank you!',
  confirming: 'Your bank is still confirming this payment, so please do not pay again.',
  /** Issue 42: another "Try again" for this donation is opening its payment page right now. */
  busy: 'A new payment page for this donation is already being opened. Nothing has been charged. Please wait a moment and try again.',
  /** Issue 42: DONATION_RETRIES_PER_HOUR new payment pages in the last hour. */
  tooMany: `This donation has been tried again ${DONATION_RETRIES_PER_HOUR} times in the last hour, so no new payment page was opened. Nothing has been charged. Please try again later, or make a new donation.`,
} as const;
export type RetryNotice = keyof typeof RETRY_NOTICES;

/** The return page's notice for ?notice=… (its own entries only: ?notice=constructor is none). */
export function retryNoticeText(notice: unknown): string | undefined {
  return lookup(RETRY_NOTICES, notice);
}
