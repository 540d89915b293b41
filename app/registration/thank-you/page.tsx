import type { Metadata } from 'next';
import { getEdition } from '@/lib/edition';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from '@/components/forms/page.module.css';
import { TICKET_TOKEN_PATTERN, ticketLinkPath } from '@/contract/api/tickets';
import { editionName } from '@/contract/edition';
import { FESTIVAL_FULL_NAME, TICKETS_MAX, TICKETS_MIN, WRISTBAND_HOURS, formatFestivalDates } from '@/contract/festival';
import { readReference, readTickets, type SearchParams } from '@/components/forms/thank-you-params';

export const metadata: Metadata = { title: 'Registration confirmed', robots: { index: false } };

/**
 * After a registration. The edition's name, dates and venue come from the current edition
 * (lib/edition.ts; not the spec's contradictory 'October 15-22, 2025'); the ticket count and
 * reference come from the redirect's query, checked before they are shown. Nothing here offers
 * registration again (issue 28: once registration has closed there must be no way back to it).
 */
export default async function RegistrationThankYou({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const reference = readReference(params.ref);
  const tickets = readTickets(params.tickets, TICKETS_MIN, TICKETS_MAX);
  const token = typeof params.t === 'string' && TICKET_TOKEN_PATTERN.test(params.t) ? params.t : undefined;
  const ticketHref = reference && token ? ticketLinkPath(reference, token) : undefined;
  const edition = await getEdition();
  const dates = formatFestivalDates(edition.startDate, edition.endDate);
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} eyebrow="Registration complete" title="Thank you for registering!" />
      <div className={styles.panel}>
        <p>
          We look forward to welcoming you to <span data-testid="edition-name">{editionName(edition)}</span>, the{' '}
          {FESTIVAL_FULL_NAME}, {dates}, at {edition.venue}. Show your
          ticket reference at the gate to collect your {WRISTBAND_HOURS}-hour festival wristband.
        </p>
        <dl className={styles.facts}>
          <dt>Festival dates</dt>
          <dd data-testid="festival-dates">{dates}</dd>
          {tickets !== undefined ? (
            <>
              <dt>Tickets</dt>
              <dd data-testid="ticket-count">
                {tickets} {tickets === 1 ? 'ticket' : 'tickets'}
              </dd>
            </>
          ) : null}
          {reference ? (
            <>
              <dt>Ticket reference</dt>
              <dd className={styles.reference} data-testid="ticket-reference">
                {reference}
              </dd>
            </>
          ) : null}
        </dl>
        <p>Keep your ticket reference: you will need it at the gate.</p>
        {ticketHref ? <p>We have emailed your ticket, with its QR code, to the address you gave.</p> : null}
      </div>
      <div className={styles.actions}>
        {ticketHref ? <ButtonLink href={ticketHref}>Open your ticket</ButtonLink> : null}
        <ButtonLink href="/festival.ics" variant={ticketHref ? 'outline' : undefined}>
          Add the festival to your calendar
        </ButtonLink>
        <ButtonLink href="/visit" variant="outline">
          Plan your visit
        </ButtonLink>
        <ButtonLink href="/" variant="outline">
          Back to the home page
        </ButtonLink>
      </div>
    </Container>
  );
}
