import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { EventPage as EventPageBody } from '@/components/events/event-page';
import { viewFromCards, viewFromDetail, type EventView } from '@/components/events/resolve-event';
import { getEventDetail, getEvents, getPrograms } from '@/lib/content';
import { htmlToText } from '@/contract/html/sanitize';
import { NOT_FOUND_TITLES } from '@/lib/not-found/headings';
import { pageMetadata } from '@/lib/seo/metadata';

/*
 * /{slug}: the home page's event-grid items (spec §2). Every other route has its own folder and
 * static segments win over this one, so it shadows nothing; a slug that is no known event is a
 * real 404. (The four strand slugs have their own pages: app/annual-festival etc.)
 */
type Params = Promise<{ slug: string }>;

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i;

async function resolveEvent(slug: string): Promise<EventView | undefined> {
  if (!SLUG.test(slug)) return undefined;
  const detail = await getEventDetail(slug, 'event');
  if (detail) return viewFromDetail(detail);
  const [events, programs] = await Promise.all([getEvents(), getPrograms()]);
  return viewFromCards(slug, 'event', events, programs);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const event = await resolveEvent(slug);
  if (!event) return { title: { absolute: NOT_FOUND_TITLES.page }, robots: { index: false } };
  return pageMetadata({
    title: event.title,
    description: htmlToText(event.description) || `${event.title} at the Ìtàn Book & Arts Festival.`,
    path: `/${encodeURIComponent(slug)}`,
    image: { url: event.image, alt: event.title },
  });
}

export default async function EventPage({ params }: { params: Params }) {
  const { slug } = await params;
  const event = await resolveEvent(slug);
  if (!event) {
    // A programme slug typed at the top level lives under /events/.
    if (SLUG.test(slug) && (await getEventDetail(slug, 'program'))) permanentRedirect(`/events/${encodeURIComponent(slug)}`);
    notFound();
  }
  return <EventPageBody event={event} path={`/${encodeURIComponent(slug)}`} parentLabel="Upcoming events" />;
}
