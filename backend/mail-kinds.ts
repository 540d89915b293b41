import { donationReceiptMail } from './donations/receipt-mail';
import { STORED_FORMS } from './forms';
import { inboxAlertMail } from './inbox/alert-mail';
import { inboxReplyMail } from './inbox/reply-mail';
import { createMailOutbox, mailKinds, type MailOutbox, type MailOutboxDeps } from './mail';
import { newsletterCampaignMail } from './newsletter/campaign-mail';
import { newsletterConfirmMail } from './newsletter/confirm-mail';
import { newsletterWelcomeMail } from './newsletter/welcome-mail';
import { isSubscribed } from './newsletter/unsubscribe';
import { ticketHolderMail } from './tickets/announcements';
import { registrationMail } from './tickets/registration-mail';
import { ticketCancelledMail } from './tickets/ticket-cancelled-mail';
import { ticketResendMail } from './tickets/ticket-resend-mail';
import { waitingListJoinedMail } from './waiting-list/joined-mail';
import { waitingListOfferMail } from './waiting-list/offer-mail';
import { waitingListClosedMail, waitingListOfferEndedMail, waitingListOfferReminderMail, waitingListSkippedMail } from './waiting-list/notice-mails';

/**
 * The seam between the features and the mail outbox (composition root, like app.ts and start.ts):
 * each feature defines the mail it sends beside its own code (tickets/registration-mail.ts…) and
 * queues it with `kind.entry(recipient, payload)`; the outbox delivers an entry by its kind's name,
 * from this registry. backend/mail/ itself imports no feature. A new kind of mail is defined in its
 * feature and added here (a stored form's comes with it from backend/forms/index.ts).
 */
/** Announcements, the reminder and the thank-you to ticket holders (tickets/announcements.ts): the thank-you asks the newsletter whether the holder is subscribed. */
export const TICKET_HOLDER_MAIL = ticketHolderMail({ isSubscribed });

export const MAIL_KINDS = mailKinds([
  registrationMail,
  ticketResendMail,
  donationReceiptMail,
  // The stored forms' acknowledgements (backend/forms/index.ts).
  ...STORED_FORMS.flatMap((form) => (form.mail ? [form.mail] : [])),
  newsletterWelcomeMail,
  newsletterConfirmMail,
  newsletterCampaignMail,
  TICKET_HOLDER_MAIL,
  ticketCancelledMail,
  waitingListJoinedMail,
  waitingListOfferMail,
  waitingListSkippedMail,
  waitingListOfferReminderMail,
  waitingListOfferEndedMail,
  waitingListClosedMail,
  inboxReplyMail,
  inboxAlertMail,
]);

/** Kinds sent on purpose at a pace (a newsletter campaign): the staff dashboard does not count them as overdue. */
export const PACED_MAIL_KINDS: readonly string[] = MAIL_KINDS.all.filter((kind) => kind.pace).map((kind) => kind.name);

/** The mail outbox with every feature's kinds: what start.ts drains (and tests deliver with). */
export function mailOutbox(deps: Omit<MailOutboxDeps, 'kinds'>): MailOutbox {
  return createMailOutbox({ ...deps, kinds: MAIL_KINDS });
}

export type { MailOutbox };
