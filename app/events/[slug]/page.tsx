import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { EventDetailView } from '@/components/events/event-detail-view';
import { viewFromCards, viewFromDetail, type EventView } from '@/components/events/resolve-event';
import { getConfig } from '@/lib/config';
import { getEventDetail, getEvents, getPrograms } from '@/lib/content';
import { htmlToText } from '@/lib/html/sanitize';
import { eventJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/lib/seo/json-ld-script';
import { pageMetadata } from '@/lib/seo/metadata';

export const dynamic = 'force-dynamic';

type Params = Promise<{ slug: string }>;

/** A programme row's page (/events/{slug}, spec §2). */
async function resolveProgramme(slug: string): Promise<EventView | undefined> {
  const detail = getEventDetail(slug, 'program');
  if (detail) return viewFromDetail(detail);
  const [events, programs] = await Promise.all([getEvents(), getPrograms()]);
  return viewFromCards(slug, 'program', events, programs);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const event = await resolveProgramme(slug);
  if (!event) return { title: { absolute: 'Event not found · Ìtàn Festival' }, robots: { index: false } };
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
    if (getEventDetail(slug, 'event')) permanentRedirect(`/${encodeURIComponent(slug)}`);
    notFound();
  }
  const { registrationUrl } = getConfig();
  return (
    <>
      {event.startsAt && event.endsAt && event.venue ? (
        <JsonLd
          data={eventJsonLd({
            name: event.title,
            path: `/events/${encodeURIComponent(slug)}`,
            startsAt: event.startsAt,
            endsAt: event.endsAt,
            venue: event.venue,
            address: event.address ?? event.venue,
            description: htmlToText(event.description),
            image: event.image,
            registrationUrl,
          })}
        />
      ) : null}
      <EventDetailView
        event={event}
        registrationUrl={registrationUrl}
        crumbs={[{ label: 'Home', href: '/' }, { label: 'Programme', href: '/#whats-on' }, { label: event.title }]}
      />
    </>
  );
}
