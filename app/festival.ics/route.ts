import { getConfig } from '@/lib/config';
import { buildFestivalCalendar } from '@/contract/feeds/festival-calendar';

// The dates come from configuration, fixed at build: served as a static file.
export const dynamic = 'force-static';

/** "Add to calendar": the festival dates as an iCalendar file. */
export function GET(): Response {
  return new Response(buildFestivalCalendar(getConfig()), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="itan-festival.ics"',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
