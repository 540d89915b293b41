/** The footer's newsletter sign-up: its states and consent wording (re-exported by messages.ts). */
export const NEWSLETTER_MESSAGES = {
  success: 'Successfully subscribed! Thank you.',
  error: 'Subscription failed. Please try again.',
  /** What the spec's client reports when the call fails: it treats failure as success. */
  fallbackSuccess: 'Subscribed successfully',
} as const;

/** What the newsletter sign-up asks the visitor to agree to (NDPA 2023 consent; issue 16). */
export const NEWSLETTER_CONSENT =
  'By subscribing you agree that we email you festival news about once a month. Every email has a one-click unsubscribe link.';
