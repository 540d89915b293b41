import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { EventPage as EventPageBody } from '@/components/events/event-page';
import { viewFromCards, viewFromDetail, viewFromSession, type EventView } from '@/components/events/resolve-event';
import { getEventDetail, getEvents, getProgramme, getPrograms } from '@/lib/content';
import { htmlToText } from '@/contract/html/sanitize';
import { NOT_FOUND_TITLES } from '@/lib/not-found/headings';
import { pageMetadata } from '@/lib/seo/metadata';

type Params = Promise<{ slug: string }>;

/**
 * A programme session's page (/events/{slug}, spec §2): a session of the programme (any edition,
 * issue 40 part 3) wins; otherwise a session detail, else the programme row that links here.
 */
const resolveProgramme = cache(async (slug: string): Promise<EventView | undefined> => {
  const session = (await getProgramme()).sessions.find((s) => s.slug === slug);
  if (session) return viewFromSession(session);
  const detail = await getEventDetail(slug, 'program');
  if (detail) return viewFromDetail(detail);
  const [events, programs] = await Promise.all([getEvents(), getPrograms()]);
  return viewFromCards(slug, 'program', events, programs);
});

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
