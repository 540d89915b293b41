/** Days an address that never confirmed its sign-up is kept, then forgotten (backend/newsletter/confirm.ts). */
export const NEWSLETTER_UNCONFIRMED_DAYS = 30;

/** The footer's newsletter sign-up: its states and consent wording (re-exported by messages.ts). */
export const NEWSLETTER_MESSAGES = {
  success: 'Successfully subscribed! Thank you.',
  /** Shown with the spec's success sentence (issue 43): the step that remains, double opt-in. */
  nextStep: `One more step: open the email we just sent and confirm your address with its link. An address not confirmed within ${NEWSLETTER_UNCONFIRMED_DAYS} days is forgotten.`,
  error: 'Subscription failed. Please try again.',
  /** What the spec's client reports when the call fails: it treats failure as success. */
  fallbackSuccess: 'Subscribed successfully',
} as const;

/** What the newsletter sign-up asks the visitor to agree to (NDPA 2023 consent; issue 16). */
export const NEWSLETTER_CONSENT =
  'By subscribing you agree that we email you festival news about once a month. We first send a link to confirm your address. Every email has a one-click unsubscribe link.';

/**
 * Double opt-in (issue 31): the page a confirmation mail links to (/newsletter/confirm) and the
 * backend's answers to POST /api/newsletter/confirm/. The sign-up form's texts stay the spec's.
 */
export const NEWSLETTER_CONFIRM_MESSAGES = {
  title: 'Confirm your subscription',
  question: 'Send festival news, about once a month, to',
  button: 'Confirm my subscription',
  done: 'Thank you: your subscription is confirmed. We will send you festival news about once a month.',
  doneTitle: 'You are subscribed',
  refused: 'This confirmation link is not valid or has expired. Please subscribe again with the form at the bottom of any page.',
  unsubscribed: 'This address has unsubscribed since it confirmed. To receive the newsletter again, subscribe with the form at the bottom of any page.',
  failed: 'We could not confirm your subscription just now. Please try again.',
} as const;
