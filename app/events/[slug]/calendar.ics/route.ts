import { getEventDetail, getProgramme } from '@/lib/content';
import { markdownToText } from '@/contract/html/markdown-text';
import { getConfig } from '@/lib/config';
import { buildCalendar } from '@/contract/feeds/ics';
import { FESTIVAL_FULL_NAME } from '@/contract/festival';
import { htmlToText } from '@/contract/html/sanitize';
import { FESTIVAL_ADDRESS } from '@/contract/fallbacks/event-details';

/** One programme session as an iCalendar file (/events/{slug}/calendar.ics; issue 16). */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  const { siteUrl } = getConfig();
  // A session of the programme (issue 40 part 3) wins, as on its page; else the session detail.
  const session = (await getProgramme()).sessions.find((s) => s.slug === slug);
  const detail = session
    ? {
        slug: session.slug,
        title: session.title,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        venue: session.room ? `${session.venue.name}, ${session.room}` : session.venue.name,
        address: session.venue.address ?? FESTIVAL_ADDRESS,
        text: markdownToText(session.description, siteUrl),
      }
    : await getEventDetail(slug, 'program').then((d) => d && { ...d, text: htmlToText(d.description) });
  if (!detail) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const page = `${siteUrl}/events/${encodeURIComponent(slug)}`;
  const body = buildCalendar({
    prodId: `-//${FESTIVAL_FULL_NAME}//Programme//EN`,
    name: detail.title,
    events: [
      {
        uid: `session-${detail.slug}-${detail.startsAt.slice(0, 10)}@${new URL(siteUrl).host}`,
        summary: detail.title,
        description: `${detail.text}\n${page}`,
        location: detail.venue === detail.address ? detail.venue : `${detail.venue} (${detail.address})`,
        url: page,
        timed: { start: detail.startsAt, end: detail.endsAt },
      },
    ],
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="itan-${slug.replace(/[^a-z0-9-]/gi, '')}.ics"`,
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
