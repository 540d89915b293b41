import { buildFestivalCalendar } from '@/contract/feeds/festival-calendar';
import { FESTIVAL_FULL_NAME, WRISTBAND_HOURS, wristbands } from '@/contract/festival';
import { gateKeysOf, ticketPass } from './gate/keys';
import { ticketUrl } from './links';
import { button, escapeHtml, facts, mailLayout, paragraph } from '../mail/html';
import type { Edition } from '@/contract/edition';
import type { ComposeContext, ComposedMail, RenderContext } from '../mail/kind';
import { festivalFacts, why } from '../mail/parts';
import { qrPng } from '../mail/qr-png';

const QR_CID = 'ticket-qr@itan.festival';

export interface TicketRow {
  ticket_reference: string;
  first_name: string;
  last_name: string;
  number_of_tickets: number;
  edition: string | null;
  cancelled_at: string | null;
}

/** What a ticket mail's render is given beside the edition: a ticket's gate pass (gate/keys.ts ticketPass), or null. */
export interface GatePassContext {
  gatePass: (row: Parameters<typeof ticketPass>[1]) => Promise<string | null>;
}

/** The `extend` step of the ticket mail kinds: the gate keys of this database, for the edition the mail is about. */
export function gatePassContext(ctx: ComposeContext, edition: Edition): GatePassContext {
  const keys = gateKeysOf(ctx);
  return { gatePass: (row) => ticketPass(keys, row, edition) };
}

/** The ticket mail: on registering (one ticket) and on asking for them again (every ticket of the address). */
export async function ticketMail(ctx: RenderContext & GatePassContext, rows: TicketRow[], resend: boolean): Promise<ComposedMail> {
  const { siteUrl } = ctx.config;
  const { dates, venue } = festivalFacts(ctx.edition);
  const first = rows[0]!;
  const links = rows.map((row) => ({ row, url: ticketUrl(ctx.signer, siteUrl, row.ticket_reference) }));
  // The first ticket's QR code is attached inline (its gate pass, which an offline gate checks by
  // its signature; its link when it has none); every ticket's link is in the text and HTML.
  const qr = await qrPng((await ctx.gatePass(first)) ?? links[0]!.url);
  const calendar = buildFestivalCalendar({
    siteUrl,
    festivalStartDate: ctx.edition.startDate,
    festivalEndDate: ctx.edition.endDate,
    venue: ctx.edition.venue,
    registrationUrl: '/register',
  });
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
