import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { EventPage as EventPageBody } from '@/components/events/event-page';
import { viewFromCards, viewFromDetail, type EventView } from '@/components/events/resolve-event';
import { getEventDetail, getEvents, getPrograms } from '@/lib/content';
import { htmlToText } from '@/contract/html/sanitize';
import { NOT_FOUND_TITLES } from '@/lib/not-found/headings';
import { pageMetadata } from '@/lib/seo/metadata';

type Params = Promise<{ slug: string }>;

/** A programme row's page (/events/{slug}, spec §2). */
async function resolveProgramme(slug: string): Promise<EventView | undefined> {
  const detail = await getEventDetail(slug, 'program');
  if (detail) return viewFromDetail(detail);
  const [events, programs] = await Promise.all([getEvents(), getPrograms()]);
  return viewFromCards(slug, 'program', events, programs);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const event = await resolveProgramme(slug);
  if (!event) return { title: { absolute: NOT_FOUND_TITLES.event }, robots: { index: false } };
  return pageMetadata({
    title: event.title,
    description: htmlToText(event.description) || `${event.title} at the Ìtàn Book & Arts Festival.`,
    path: `/events/${encodeURIComponent(slug)}`,
    image: { url: event.image, alt: event.title },
  });
}

export default async function ProgrammePage({ params }: { params: Params }) {
  const { slug } = await params;
  const event = await resolveProgramme(slug);
  if (!event) {
    // An event-grid slug typed under /events/ lives at /{slug}.
    if (await getEventDetail(slug, 'event')) permanentRedirect(`/${encodeURIComponent(slug)}`);
    notFound();
  }
  return <EventPageBody event={event} path={`/events/${encodeURIComponent(slug)}`} parentLabel="Programme" />;
}
