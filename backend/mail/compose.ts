import type Mail from 'nodemailer/lib/mailer';
import type { z } from 'zod';
import { PermanentFailure } from '../outbox/drain';
import type { OutboxEntry } from '../outbox/queue';
import type { ComposeContext } from './kind';
import { donationReceiptMail } from './kinds/donation-receipt';
import { inboxReplyMail } from './kinds/inbox-reply';
import { newsletterConfirmMail } from './kinds/newsletter-confirm';
import { newsletterWelcomeMail } from './kinds/newsletter-welcome';
import { newsletterCampaignMail } from './kinds/newsletter-campaign';
import { partnershipAckMail } from './kinds/partnership-ack';
import { registrationMail } from './kinds/registration';
import { ticketCancelledMail } from './kinds/ticket-cancelled';
import { ticketResendMail } from './kinds/ticket-resend';
import { volunteerAckMail } from './kinds/volunteer-ack';
import { waitingListJoinedMail } from './kinds/waiting-list-joined';
import { waitingListOfferMail } from './kinds/waiting-list-offer';

export type { ComposeContext, ComposedMail } from './kind';

/**
 * Every mail the backend sends, by outbox kind: one module each under kinds/. An entry carries
 * ids, not copies: the mail is composed at delivery from the rows as they are then, so a record
 * deleted on request (a data request) is never mailed afterwards. Text and HTML parts say the same.
 */
export const MAIL_KINDS = {
  registration: registrationMail,
  ticketResend: ticketResendMail,
  donationReceipt: donationReceiptMail,
  partnershipAck: partnershipAckMail,
  volunteerAck: volunteerAckMail,
  newsletterWelcome: newsletterWelcomeMail,
  newsletterConfirm: newsletterConfirmMail,
  newsletterCampaign: newsletterCampaignMail,
  ticketCancelled: ticketCancelledMail,
  waitingListJoined: waitingListJoinedMail,
  waitingListOffer: waitingListOfferMail,
  inboxReply: inboxReplyMail,
} as const;

export type MailKind = keyof typeof MAIL_KINDS;
export type MailPayload<K extends MailKind> = z.output<(typeof MAIL_KINDS)[K]['payload']>;

const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(MAIL_KINDS, kind);

/** The whole message for an outbox entry: the same Message-ID on every attempt. */
export async function composeMessage(entry: OutboxEntry, ctx: ComposeContext): Promise<Mail.Options> {
  if (!isMailKind(entry.kind)) throw new PermanentFailure(`Unknown mail kind ${entry.kind}`);
  const mail = await MAIL_KINDS[entry.kind].compose(entry, ctx);
  const domain = /@([^>\s]+)>?\s*$/.exec(ctx.config.mailFrom)?.[1] ?? 'localhost';
  return {
    from: ctx.config.mailFrom,
    to: entry.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments ?? [],
    messageId: `<${entry.id}@${domain}>`,
    // Staff answer people from the inbox: their answers must reach someone even when MAIL_FROM is a no-reply address.
    ...(ctx.config.mailReplyTo ? { replyTo: ctx.config.mailReplyTo } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    date: new Date(),
  };
}

/** Helper for the form handlers: the mail entry of each kind (validated payload). */
export function mailEntry<K extends MailKind>(kind: K, recipient: string, payload: MailPayload<K>) {
  return { topic: 'mail' as const, kind, recipient, payload: MAIL_KINDS[kind].payload.parse(payload) as MailPayload<K> };
}
