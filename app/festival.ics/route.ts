import { getConfig } from '@/lib/config';
import { getEditionStatus } from '@/lib/edition';
import { buildFestivalCalendar } from '@/contract/feeds/festival-calendar';

/** "Add to calendar": the current edition's dates as an iCalendar file (they follow /staff/edition). */
export async function GET(): Promise<Response> {
  const { siteUrl, registrationUrl } = getConfig();
  const { edition, registration } = await getEditionStatus();
  // Registration offered or still to come: the file says where; closed or over: it does not.
  const offered = registration !== 'closed';
  const calendar = buildFestivalCalendar({
    siteUrl,
    registrationUrl: offered ? registrationUrl : undefined,
    festivalStartDate: edition.startDate,
    festivalEndDate: edition.endDate,
    venue: edition.venue,
  });
  return new Response(calendar, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="itan-festival.ics"',
      'Cache-Control': 'public, max-age=300',
    },
  });
}
