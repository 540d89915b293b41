import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import QRCode from 'qrcode';
import { TicketWorker } from '@/components/tickets/ticket-worker';
import { SAVED_TICKETS_PATH } from '@/components/tickets/offline-cache';
import { Container } from '@/components/ui/container';
import { getConfig, isDevelopment } from '@/lib/config';
import { FESTIVAL_FULL_NAME, FESTIVAL_NAME, WRISTBAND_HOURS, formatFestivalDates } from '@/contract/festival';
import { getEditionStatus } from '@/lib/edition';
import { admitsAtGate, getTicket, giveBackRefusal, ticketImageFileName, ticketImagePath, ticketQrText } from '@/lib/tickets';
import { EARLIER_EDITION_TICKET } from '@/contract/api/tickets';
import { GIVE_BACK_TEXT } from '@/contract/forms/waiting-list-messages';
import styles from './ticket.module.css';

export const metadata: Metadata = { title: 'Your festival ticket', robots: { index: false, follow: false } };

type Params = Promise<{ reference: string }>;
type Search = Promise<{ t?: string | string[] }>;

const at = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/**
 * The ticket: what the gate needs (QR code and reference), what the visitor needs (dates, venue,
 * wristbands). Server-rendered, the QR code as inline SVG, so it shows and prints without
 * JavaScript. Only the signed link opens it: a wrong or missing token is the same 404 as an
 * unknown reference. The QR code carries the gate pass the backend signs (checked offline at the
 * gate), or the ticket's link from a backend without one. The ticket worker (public/ticket-sw.js,
 * registered here) keeps the page on the phone, so it opens again with no signal; "Save ticket
 * image" downloads it as a PNG (ticket.png/route.ts).
 */
export default async function TicketPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { reference } = await params;
  const { t } = await searchParams;
  const token = typeof t === 'string' ? t : undefined;
  const ticket = await getTicket(reference, token);
  if (!ticket || !token) notFound();

  const svg = await QRCode.toString(ticketQrText(ticket, token, getConfig().siteUrl), { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  const dates = formatFestivalDates(ticket.festivalStartDate, ticket.festivalEndDate);
  const bands = `${ticket.numberOfTickets} wristband${ticket.numberOfTickets === 1 ? '' : 's'}`;
  // Nothing to show at the gate: the wristbands were given back, or the ticket is for an earlier edition.
  const void_ = !admitsAtGate(ticket);
  // "I can't come" while the wristbands can still go back: not from the festival's first day (issue 41).
  const givesBack = !giveBackRefusal(ticket, await getEditionStatus());

  return (
    <Container width="narrow" className={styles.page}>
      <article className={styles.ticket} aria-labelledby="ticket-title">
        <p className={styles.eyebrow}>{FESTIVAL_FULL_NAME}</p>
        <h1 id="ticket-title" className={styles.title}>
          Festival ticket
        </h1>
        {void_ ? null : (
          <div className={styles.qr} role="img" aria-label={`QR code of ticket ${ticket.reference}`} dangerouslySetInnerHTML={{ __html: svg }} />
        )}
        <p className={styles.reference} data-testid="ticket-reference">
          {ticket.reference}
        </p>
        {ticket.earlierEdition ? (
          <p className={styles.used} role="note" data-testid="ticket-earlier-edition">
            <strong>{EARLIER_EDITION_TICKET.title}.</strong>{' '}
            {EARLIER_EDITION_TICKET.text(ticket.editionYear, { startDate: ticket.festivalStartDate, endDate: ticket.festivalEndDate })}
          </p>
        ) : null}
        <dl className={styles.facts}>
          <dt>Name</dt>
          <dd data-testid="ticket-name">
            {ticket.firstName} {ticket.lastName}
          </dd>
          <dt>Wristbands</dt>
          <dd data-testid="ticket-wristbands">{bands}</dd>
          {ticket.earlierEdition ? (
            <>
              <dt>Edition</dt>
              <dd>{`${FESTIVAL_NAME} ${ticket.editionYear}`}</dd>
            </>
          ) : (
            <>
              <dt>Dates</dt>
              <dd>{dates}</dd>
              <dt>Venue</dt>
              <dd data-testid="ticket-venue">{ticket.venue}</dd>
            </>
          )}
        </dl>
        {ticket.cancelledAt ? (
          <p className={styles.used} data-testid="ticket-given-back">
            {GIVE_BACK_TEXT.givenBack(at.format(new Date(ticket.cancelledAt)))}
          </p>
        ) : ticket.earlierEdition ? null : ticket.checkedInAt ? (
          <p className={styles.used} data-testid="ticket-checked-in">
            Checked in at the gate on {at.format(new Date(ticket.checkedInAt))}.
          </p>
        ) : (
          <p className={styles.note}>
            Show this QR code (on your phone or printed) at the gate, or tell the volunteer your reference, to collect your{' '}
            {bands} for the {WRISTBAND_HOURS}-hour festival. Entry is free.
          </p>
        )}
      </article>
      {void_ ? null : (
        <p className={styles.save} data-testid="save-ticket">
          <a href={ticketImagePath(ticket.reference, token)} download={ticketImageFileName(ticket.reference)} className={styles.saveLink}>
            Save ticket image
          </a>{' '}
          <span>(a picture for your photos). Most phones also keep this page once it has opened, and it then opens with no signal.</span>
        </p>
      )}
      {givesBack ? (
        <p className={styles.note} data-testid="give-back">
          <Link href={`/tickets/${encodeURIComponent(ticket.reference)}/cancel?t=${encodeURIComponent(token)}`}>{GIVE_BACK_TEXT.link}</Link>: {GIVE_BACK_TEXT.linkHint}
        </p>
      ) : null}
      <nav className={styles.links} aria-label="Before you come">
        <Link href="/visit">How to get there</Link>
        <a href="/festival.ics">Add the festival to your calendar</a>
        <Link href="/tickets/resend">Send my ticket again</Link>
        {/* A full page load, not a client-side one: with no signal the worker answers it from the phone. */}
        <a href={SAVED_TICKETS_PATH}>Tickets on this phone</a>
      </nav>
      <TicketWorker enabled={!isDevelopment()} />
    </Container>
  );
}
