import { STORED_FORM_MAIL_REASONS, STORED_FORM_SUBMIT_MESSAGES } from './stored';

/**
 * The forms' submit-level messages and their mails' reasons, by form: the stored forms' come from
 * their modules (stored/, docs/adding-a-form.md). Apart from messages.ts, which the field rules (and
 * so the stored forms) import: gathering the forms there would be an import cycle.
 */

/** Submit-level messages (spec §8) shown when the call fails and the server gave no message. */
export const SUBMIT_MESSAGES = {
  donation: 'Donation failed. Please try again.',
  registration: 'Registration failed. Please try again.',
  // Ours: the lost-ticket and staff forms.
  ticketResend: 'We could not send your tickets. Please try again.',
  staffLogin: 'Sign-in failed. Please try again.',
  ...STORED_FORM_SUBMIT_MESSAGES,
  unexpected: 'An error occurred. Please try again.',
} as const;

/**
 * Why a mail reached its recipient (issue 16: transactional mails say why; newsletters also carry
 * the unsubscribe link, backend/newsletter/unsubscribe.ts). For the mail builders to put at the foot.
 */
export const MAIL_REASONS = {
  registration: 'You are receiving this email because you registered for a free wristband for the Ìtàn Book & Arts Festival with this address.',
  donation: 'You are receiving this email because a donation to the Ìtàn Book & Arts Festival was made with this address. It is your receipt.',
  ticketResend: 'You are receiving this email because someone asked for the Ìtàn Book & Arts Festival tickets of this address to be sent again.',
  ...STORED_FORM_MAIL_REASONS,
  newsletter: 'You are receiving this email because you subscribed to the Ìtàn Festival newsletter. You can unsubscribe at any time:',
  newsletterConfirm: 'You are receiving this email because this address was entered in the newsletter form of the Ìtàn Book & Arts Festival website.',
  waitingList: 'You are receiving this email because you joined the waiting list of the Ìtàn Book & Arts Festival with this address.',
  ticketCancelled: 'You are receiving this email because the wristbands of a ticket registered to this address were given back through its ticket link.',
  ticketHolder:
    'You are receiving this email because you hold a ticket for the Ìtàn Book & Arts Festival registered to this address. It is a service message about your visit, not the newsletter. Your ticket:',
  inboxAlert: 'You are receiving this email because this address is set as the festival team’s inbox alert address (INBOX_ALERT_TO). The links need a staff sign-in.',
  privacy: 'How we handle your data:',
  questions: 'Questions? Write to us:',
} as const;
