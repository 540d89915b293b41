import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import QRCode from 'qrcode';
import { Container } from '@/components/ui/container';
import { getConfig } from '@/lib/config';
import { FESTIVAL_FULL_NAME, FESTIVAL_VENUE, WRISTBAND_HOURS, formatFestivalDates } from '@/contract/festival';
import { getTicket } from '@/lib/tickets';
import styles from './ticket.module.css';

export const metadata: Metadata = { title: 'Your festival ticket', robots: { index: false, follow: false } };

type Params = Promise<{ reference: string }>;
type Search = Promise<{ t?: string | string[] }>;

const at = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/**
 * The ticket: what the gate needs (QR code and reference), what the visitor needs (dates, venue,
 * wristbands). Server-rendered, the QR code as inline SVG, so it shows and prints without
 * JavaScript. Only the signed link opens it: a wrong or missing token is the same 404 as an
 * unknown reference.
 */
export default async function TicketPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { reference } = await params;
  const { t } = await searchParams;
  const token = typeof t === 'string' ? t : undefined;
  const ticket = await getTicket(reference, token);
  if (!ticket || !token) notFound();

  const link = `${getConfig().siteUrl}/tickets/${encodeURIComponent(ticket.reference)}?t=${encodeURIComponent(token)}`;
  const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  const dates = formatFestivalDates(ticket.festivalStartDate, ticket.festivalEndDate);
  const bands = `${ticket.numberOfTickets} wristband${ticket.numberOfTickets === 1 ? '' : 's'}`;

  return (
    <Container width="narrow" className={styles.page}>
      <article className={styles.ticket} aria-labelledby="ticket-title">
        <p className={styles.eyebrow}>{FESTIVAL_FULL_NAME}</p>
        <h1 id="ticket-title" className={styles.title}>
          Festival ticket
        </h1>
        <div className={styles.qr} role="img" aria-label={`QR code of ticket ${ticket.reference}`} dangerouslySetInnerHTML={{ __html: svg }} />
        <p className={styles.reference} data-testid="ticket-reference">
          {ticket.reference}
        </p>
        <dl className={styles.facts}>
          <dt>Name</dt>
          <dd data-testid="ticket-name">
            {ticket.firstName} {ticket.lastName}
          </dd>
          <dt>Wristbands</dt>
          <dd data-testid="ticket-wristbands">{bands}</dd>
          <dt>Dates</dt>
          <dd>{dates}</dd>
          <dt>Venue</dt>
          <dd>{FESTIVAL_VENUE}</dd>
        </dl>
        {ticket.checkedInAt ? (
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
      <nav className={styles.links} aria-label="Before you come">
        <Link href="/visit">How to get there</Link>
        <a href="/festival.ics">Add the festival to your calendar</a>
        <Link href="/tickets/resend">Send my ticket again</Link>
      </nav>
    </Container>
  );
}
