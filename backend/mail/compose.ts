import type Mail from 'nodemailer/lib/mailer';
import { z } from 'zod';
import { buildFestivalCalendar } from '@/contract/feeds/festival-calendar';
import { FESTIVAL_FULL_NAME, FESTIVAL_VENUE, WRISTBAND_HOURS, formatFestivalDates, formatNaira } from '@/contract/festival';
import type { BackendConfig } from '../config';
import type { Db } from '../db/schema';
import type { Signer } from '../lib/signing';
import { PermanentFailure } from '../outbox/drain';
import type { OutboxEntry } from '../outbox/queue';
import { getContentBlock } from '../db/queries/content';
import { isSubscribed, newsletterUnsubscribeLinks } from '../newsletter/unsubscribe';
import { ticketUrl } from '../tickets/links';
import { donationPolicyFallback } from '@/contract/fallbacks/donation-policy';
import { donationPolicySchema } from '@/contract/content/schemas';
import { MAIL_REASONS } from '@/contract/forms/messages';
import { button, escapeHtml, facts, mailLayout, paragraph } from './html';
import { qrPng } from './qr-png';

/**
 * Every mail the backend sends, by outbox kind. An entry carries ids, not copies: the mail is
 * composed at delivery from the rows as they are then, so a record deleted on request (a data
 * request) is never mailed afterwards. Text and HTML parts say the same.
 */
export const MAIL_KINDS = {
  registration: z.object({ registrationId: z.string().min(1) }),
  ticketResend: z.object({}),
  donationReceipt: z.object({ donationId: z.string().min(1) }),
  partnershipAck: z.object({ partnershipId: z.string().min(1) }),
  volunteerAck: z.object({ volunteerId: z.string().min(1) }),
  newsletterWelcome: z.object({}),
} as const;

export type MailKind = keyof typeof MAIL_KINDS;
export type MailPayload<K extends MailKind> = z.output<(typeof MAIL_KINDS)[K]>;

export interface ComposeContext {
  db: Db;
  signer: Signer;
  config: Pick<BackendConfig, 'siteUrl' | 'mailFrom' | 'festivalStartDate' | 'festivalEndDate'>;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: Mail.Attachment[];
  headers?: Record<string, string>;
}

const QR_CID = 'ticket-qr@itan.festival';
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/** The foot of every mail: why it came (MAIL_REASONS), where to ask, the privacy notice. */
function why(reason: keyof typeof MAIL_REASONS, siteUrl: string, extra?: string): { text: string; html: string } {
  const lines = [
    `${MAIL_REASONS[reason]}${extra ? ` ${extra}` : ''}`,
    `${MAIL_REASONS.questions} ${siteUrl}/contact`,
    `${MAIL_REASONS.privacy} ${siteUrl}/privacy`,
  ];
  return { text: lines.join('\n'), html: lines.map(linkify).join('<br>') };
}

/** Escapes a line and turns its https?:// addresses into links. */
function linkify(line: string): string {
  return escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function festivalFacts(config: ComposeContext['config']) {
  return { dates: formatFestivalDates(config.festivalStartDate, config.festivalEndDate), venue: FESTIVAL_VENUE };
}

interface TicketRow {
  ticket_reference: string;
  first_name: string;
  last_name: string;
  number_of_tickets: number;
}

async function ticketMail(ctx: ComposeContext, rows: TicketRow[], resend: boolean): Promise<ComposedMail> {
  const { siteUrl } = ctx.config;
  const { dates, venue } = festivalFacts(ctx.config);
  const first = rows[0]!;
  const links = rows.map((row) => ({ row, url: ticketUrl(ctx.signer, siteUrl, row.ticket_reference) }));
  // The first ticket's QR code is attached inline; every ticket's link is in the text and HTML.
  const qr = await qrPng(links[0]!.url);
  const calendar = buildFestivalCalendar({
    siteUrl,
    festivalStartDate: ctx.config.festivalStartDate,
    festivalEndDate: ctx.config.festivalEndDate,
    registrationUrl: '/register',
  });
  const wristbands = (n: number) => `${n} wristband${n === 1 ? '' : 's'}`;
  const subject = resend
    ? `Your ${FESTIVAL_FULL_NAME} ticket${rows.length === 1 ? '' : 's'}`
    : `Your ticket ${first.ticket_reference}: ${FESTIVAL_FULL_NAME}, ${dates}`;
  const reason = why(resend ? 'ticketResend' : 'registration', siteUrl);

  const textTickets = links
    .map(({ row, url }) => `Ticket reference: ${row.ticket_reference}\nName: ${row.first_name} ${row.last_name}\nWristbands: ${row.number_of_tickets}\nYour ticket: ${url}`)
    .join('\n\n');
  const text = [
    `Dear ${first.first_name},`,
    '',
    resend ? 'Here are your festival tickets again.' : `You are registered for the ${FESTIVAL_FULL_NAME}. Entry is free.`,
    '',
    textTickets,
    '',
    `Dates: ${dates}`,
    `Venue: ${venue}`,
    '',
    `At the gate, show the QR code on your ticket page (or tell us your ticket reference) to collect your ${WRISTBAND_HOURS}-hour wristband${rows.some((r) => r.number_of_tickets > 1) ? 's' : ''}.`,
    `How to get there: ${siteUrl}/visit`,
    'The attached calendar file adds the festival to your calendar.',
    '',
    reason.text,
  ].join('\n');

  const htmlTickets = links
    .map(
      ({ row, url }, index) =>
        facts([
          ['Ticket reference', row.ticket_reference],
          ['Name', `${row.first_name} ${row.last_name}`],
          ['Wristbands', wristbands(row.number_of_tickets)],
        ]) +
        (index === 0
          ? `<p style="margin:0 0 16px"><img src="cid:${QR_CID}" width="180" height="180" alt="QR code of ticket ${escapeHtml(row.ticket_reference)}: show it at the gate" style="display:block;border:0"></p>`
          : '') +
        button(url, rows.length === 1 ? 'Open your ticket' : `Open ticket ${row.ticket_reference}`) +
        paragraph(`Or copy this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`),
    )
    .join('');
  const html = mailLayout({
    title: resend ? 'Your festival tickets' : 'You are registered',
    body:
      paragraph(`Dear ${escapeHtml(first.first_name)},`) +
      paragraph(resend ? 'Here are your festival tickets again.' : `You are registered for the ${escapeHtml(FESTIVAL_FULL_NAME)}. Entry is free.`) +
      htmlTickets +
      facts([
        ['Dates', dates],
        ['Venue', venue],
      ]) +
      paragraph(
        `At the gate, show the QR code on your ticket page (or tell us your ticket reference) to collect your ${WRISTBAND_HOURS}-hour wristband. ` +
          `<a href="${escapeHtml(`${siteUrl}/visit`)}">How to get there</a>.`,
      ),
    footer: reason.html,
  });
  return {
    subject,
    text,
    html,
    attachments: [
      { filename: `ticket-${first.ticket_reference}.png`, content: qr, contentType: 'image/png', cid: QR_CID },
      { filename: 'itan-festival.ics', content: calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  };
}

/** The receipt and refund policy as the site shows it on /donations (the stored copy, else the built-in one). */
async function donationPolicy(db: Db) {
  const stored = donationPolicySchema.safeParse(await getContentBlock(db, 'donation-policy').catch(() => undefined));
  return stored.success ? stored.data : donationPolicyFallback;
}

/** A short "we received it" mail: greeting, a few lines, the foot. */
function acknowledgement(a: { firstName: string; subject: string; title: string; lines: string[]; reason: { text: string; html: string } }): ComposedMail {
  return {
    subject: a.subject,
    text: [`Dear ${a.firstName},`, '', ...a.lines, '', a.reason.text].join('\n'),
    html: mailLayout({
      title: a.title,
      body: paragraph(`Dear ${escapeHtml(a.firstName)},`) + a.lines.map((l) => paragraph(escapeHtml(l))).join(''),
      footer: a.reason.html,
    }),
  };
}

const gone = (what: string) => new PermanentFailure(`${what} no longer exists (deleted before the mail was sent)`);

async function compose(entry: OutboxEntry, ctx: ComposeContext): Promise<ComposedMail> {
  const { db } = ctx;
  const { siteUrl } = ctx.config;
  switch (entry.kind as MailKind) {
    case 'registration': {
      const { registrationId } = MAIL_KINDS.registration.parse(entry.payload);
      const row = await db.selectFrom('registrations').selectAll().where('id', '=', registrationId).executeTakeFirst();
      if (!row) throw gone('The registration');
      return ticketMail(ctx, [row], false);
    }
    case 'ticketResend': {
      const rows = await db
        .selectFrom('registrations')
        .selectAll()
        .where('email', '=', entry.recipient)
        .orderBy('created_at')
        .execute();
      if (rows.length === 0) throw gone('Every registration of this address');
      return ticketMail(ctx, rows, true);
    }
    case 'donationReceipt': {
      const { donationId } = MAIL_KINDS.donationReceipt.parse(entry.payload);
      const row = await db.selectFrom('donations').selectAll().where('id', '=', donationId).executeTakeFirst();
      if (!row) throw gone('The donation');
      const amount = formatNaira(row.amount_kobo / 100);
      const when = dateTime.format(new Date(row.created_at));
      const card = `${row.card_brand || 'Card'} ending ${row.card_last4}`;
      const reason = why('donation', siteUrl);
      const policy = await donationPolicy(db);
      const rows: Array<[string, string]> = [
        ['Amount', amount],
        ['Date', `${when} (Lagos time)`],
        ['Reference', row.gateway_reference],
        ['Paid with', card],
      ];
      return {
        subject: `Receipt for your donation of ${amount}`,
        text: [
          `Dear ${row.first_name},`,
          '',
          `Thank you for your donation to the ${FESTIVAL_FULL_NAME}. This is your receipt.`,
          '',
          ...rows.map(([k, v]) => `${k}: ${v}`),
          '',
          'Receipts and refunds',
          ...policy.refund,
          '',
          reason.text,
        ].join('\n'),
        html: mailLayout({
          title: 'Your donation receipt',
          body:
            paragraph(`Dear ${escapeHtml(row.first_name)},`) +
            paragraph(`Thank you for your donation to the ${escapeHtml(FESTIVAL_FULL_NAME)}. This is your receipt.`) +
            facts(rows) +
            paragraph('<strong>Receipts and refunds</strong>') +
            policy.refund.map((line) => paragraph(escapeHtml(line))).join(''),
          footer: reason.html,
        }),
      };
    }
    case 'partnershipAck': {
      const { partnershipId } = MAIL_KINDS.partnershipAck.parse(entry.payload);
      const row = await db.selectFrom('partnerships').selectAll().where('id', '=', partnershipId).executeTakeFirst();
      if (!row) throw gone('The partnership proposal');
      return acknowledgement({
        firstName: row.first_name,
        subject: 'We received your partnership proposal',
        title: 'We received your proposal',
        lines: [
          `Thank you for your partnership proposal${row.organization ? ` on behalf of ${row.organization}` : ''}. It has reached the festival team.`,
          'A member of the team will reply within 5 business days.',
        ],
        reason: why('partnership', siteUrl),
      });
    }
    case 'volunteerAck': {
      const { volunteerId } = MAIL_KINDS.volunteerAck.parse(entry.payload);
      const row = await db.selectFrom('volunteer_applications').selectAll().where('id', '=', volunteerId).executeTakeFirst();
      if (!row) throw gone('The volunteer application');
      return acknowledgement({
        firstName: row.first_name,
        subject: 'We received your volunteer application',
        title: 'Thank you for volunteering',
        lines: [
          'Thank you for offering to volunteer at the festival. Your application has reached the volunteer coordinators.',
          'They will be in touch about roles and a briefing before the festival.',
        ],
        reason: why('volunteer', siteUrl),
      });
    }
    case 'newsletterWelcome': {
      // Unsubscribed (or deleted on request) before the welcome went out: it is not sent.
      if (!(await isSubscribed(db, entry.recipient))) throw new PermanentFailure('No longer subscribed');
      const links = newsletterUnsubscribeLinks(ctx.signer, siteUrl, entry.recipient);
      const reason = why('newsletter', siteUrl, links.pageUrl);
      const lines = [
        `Thank you for subscribing to news of the ${FESTIVAL_FULL_NAME}.`,
        'About once a month we write with new event reports, podcast episodes, the programme as it takes shape, and registration when it opens.',
      ];
      return {
        subject: `Welcome to the ${FESTIVAL_FULL_NAME} newsletter`,
        text: ['Hello,', '', ...lines, '', `Read the latest reports: ${siteUrl}/highlights`, '', reason.text].join('\n'),
        html: mailLayout({
          title: 'Welcome to the newsletter',
          body:
            paragraph('Hello,') +
            lines.map((l) => paragraph(escapeHtml(l))).join('') +
            button(`${siteUrl}/highlights`, 'Read the latest reports'),
          footer: reason.html,
        }),
        headers: links.headers,
      };
    }
    default:
      throw new PermanentFailure(`Unknown mail kind ${entry.kind}`);
  }
}

/** The whole message for an outbox entry: the same Message-ID on every attempt. */
export async function composeMessage(entry: OutboxEntry, ctx: ComposeContext): Promise<Mail.Options> {
  const mail = await compose(entry, ctx);
  const domain = /@([^>\s]+)>?\s*$/.exec(ctx.config.mailFrom)?.[1] ?? 'localhost';
  return {
    from: ctx.config.mailFrom,
    to: entry.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments ?? [],
    messageId: `<${entry.id}@${domain}>`,
    ...(mail.headers ? { headers: mail.headers } : {}),
    date: new Date(),
  };
}

/** Helper for the form handlers: the mail entry of each kind (validated payload). */
export function mailEntry<K extends MailKind>(kind: K, recipient: string, payload: MailPayload<K>) {
  return { topic: 'mail' as const, kind, recipient, payload: MAIL_KINDS[kind].parse(payload) };
}
