import { getConfig } from '@/lib/config';
import { htmlToText } from '@/lib/html/sanitize';
import { eventJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/lib/seo/json-ld-script';
import { EventDetailView } from './event-detail-view';
import type { EventView } from './resolve-event';

/** An event's page (/{slug} and /events/{slug}): its Event JSON-LD and the detail view. */
export function EventPage({ event, path, parentLabel }: { event: EventView; path: string; parentLabel: string }) {
  const { registrationUrl } = getConfig();
  return (
    <>
      {event.startsAt && event.endsAt && event.venue ? (
        <JsonLd
          data={eventJsonLd({
            name: event.title,
            path,
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
        crumbs={[{ label: 'Home', href: '/' }, { label: parentLabel, href: '/#whats-on' }, { label: event.title }]}
      />
    </>
  );
}
