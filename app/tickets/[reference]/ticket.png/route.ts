import type { NextRequest } from 'next/server';
import { renderTicketImage } from '@/components/tickets/ticket-image';
import { formatFestivalDates, FESTIVAL_NAME } from '@/contract/festival';
import { getConfig } from '@/lib/config';
import { admitsAtGate, getTicket, ticketImageFileName, ticketQrText } from '@/lib/tickets';

/**
 * "Save ticket image" (issue 29): the ticket's QR code with its reference, edition, dates and
 * venue as one PNG, downloaded to the phone. Signed like the ticket page (lib/tickets.ts getTicket):
 * a wrong or missing token is the same 404 as an unknown reference, and so is a ticket with
 * nothing to show at the gate (given back, or an earlier edition's).
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  const tokens = request.nextUrl.searchParams.getAll('t');
  const token = tokens.length === 1 ? tokens[0] : undefined;
  const ticket = await getTicket(reference, token);
  if (!ticket || !token || !admitsAtGate(ticket)) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } });
  }
  return renderTicketImage(
    {
      qrText: ticketQrText(ticket, token, getConfig().siteUrl),
      reference: ticket.reference,
      edition: `${FESTIVAL_NAME} ${ticket.editionYear}`,
      dates: formatFestivalDates(ticket.festivalStartDate, ticket.festivalEndDate),
      venue: ticket.venue,
      wristbands: ticket.numberOfTickets,
    },
    {
      'Content-Disposition': `attachment; filename="${ticketImageFileName(ticket.reference)}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  );
}
