/**
 * Every user-facing message of the forms, exactly as spec §4 and §8 word them, in one place.
 * Messages the spec does not word (card checks, length caps) are ours and marked so.
 */
import { DONATION_MIN_NGN, PROPOSAL_MIN_CHARS, TICKETS_MAX, TICKETS_MIN } from '../festival'; // relative: next.config.ts loads it (through contract/text.ts), and Next's config loader knows no @/ alias

export const MESSAGES = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  donationMinimum: `Minimum donation amount is ₦${DONATION_MIN_NGN}`,
  cardNumberRequired: 'Card number is required',
  cardExpiryRequired: 'Card expiry is required',
  cvcRequired: 'CVC is required',
  cardHolderRequired: 'Cardholder name is required',
  proposalMinimum: `Please provide detailed information about your partnership proposal (minimum ${PROPOSAL_MIN_CHARS} characters)`,
  ticketsRange: `Number of tickets must be between ${TICKETS_MIN} and ${TICKETS_MAX}`,
  invalid: 'Invalid value',
  // Ours: the spec names these checks only as "custom rule".
  cardNumberInvalid: 'Please enter a valid card number',
  cardExpiryInvalid: 'Please enter the expiry as MM/YY',
  cardExpired: 'This card has expired',
  cvcInvalid: 'CVC must be 3 or 4 digits',
  currencyInvalid: 'Only Naira (NGN) donations are accepted',
  roleRequired: 'Please choose at least one role',
  topicRequired: 'Please choose a topic',
} as const;

export const minLengthMessage = (n: number) => `Minimum ${n} characters required`;
export const maxValueMessage = (n: number) => `Maximum value is ${n}`;
/** Ours: a cap that keeps stored text sane. */
export const maxLengthMessage = (n: number) => `Maximum ${n} characters allowed`;

// The newsletter's own (on every page, in the footer's client component): a module of their own so
// the browser is not sent every form's messages (issue 15).
export { NEWSLETTER_CONFIRM_MESSAGES, NEWSLETTER_CONSENT, NEWSLETTER_MESSAGES } from './newsletter-messages';

/** Ours: the gate check-in page's answers, worded for a volunteer reading them at a glance. */
export const CHECK_IN_MESSAGES = {
  checkedIn: 'Checked in',
  already: 'Already checked in',
  unknown: 'No ticket with this reference',
  invalid: 'Enter a ticket reference such as ITN-7K3Q9P.',
  failed: 'Check-in failed. Please try again.',
} as const;

/** Newsletter unsubscribe (issue 16): the link page, its action and the one-click endpoint. */
export const UNSUBSCRIBE_MESSAGES = {
  done: 'You have been unsubscribed. We will send no more newsletters to this address.',
  refused: 'This unsubscribe link is not valid. Please use the link in your latest newsletter, or write to us.',
  failed: 'We could not unsubscribe you just now. Please try again.',
} as const;

/** Beside every form's submit button (issue 16). */
export const PRIVACY_NOTE = {
  text: 'We use your details only for this request and never sell them.',
  link: 'How we handle your data',
} as const;

/**
 * Ours (issue 32): the registration form's answers when the address already holds its registration
 * for this edition (REGISTRATIONS_PER_EMAIL). No second registration is made either way; the ticket
 * goes to the address again while the lost-ticket resend allows it this hour.
 */
export const REGISTRATION_MESSAGES = {
  alreadyRegisteredResent:
    'This email address is already registered for the festival, so no new registration was made. We have sent your ticket to it again: please check your inbox (and spam folder).',
  /** The resend's hourly cap is reached: nothing more is sent now. */
  alreadyRegistered:
    'This email address is already registered for the festival, so no new registration was made. Its ticket was sent to it several times in the last hour: please check your inbox (and spam folder), or use “Send my ticket again” later.',
} as const;
