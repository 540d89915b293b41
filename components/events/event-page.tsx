import Link from 'next/link';
import { FESTIVAL_ADDRESS } from '@/contract/fallbacks/event-details';
import { getVisit } from '@/lib/content';
import { sessionIcsPath } from '@/lib/content/programme';
import { getConfig } from '@/lib/config';
import { getEditionStatus } from '@/lib/edition';
import { registrationAction } from '@/contract/edition-text';
import { htmlToText } from '@/contract/html/sanitize';
import { eventJsonLd } from '@/lib/seo/json-ld';
import { JsonLd } from '@/lib/seo/json-ld-script';
import { PreviewNotice } from '@/components/info/preview-notice';
import { EventDetailView } from './event-detail-view';
import type { EventView } from './resolve-event';
import styles from './events.module.css';

/** An event's page (/{slug} and /events/{slug}): its Event JSON-LD and the detail view. */
export async function EventPage({ event, path, parentLabel }: { event: EventView; path: string; parentLabel: string }) {
  const { registrationUrl } = getConfig();
  const status = await getEditionStatus();
  // A past edition's session offers no registration: that festival is over.
  const register = event.session && event.session.edition !== status.edition.key ? undefined : registrationAction(status, { registrationUrl });
  // Sessions at the festival venue get its full address and map pin (/visit, issue 16).
  const atVenue = event.address === FESTIVAL_ADDRESS;
  const venue = atVenue ? (await getVisit()).venue : undefined;
  const timed = Boolean(event.startsAt && event.endsAt);
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
            place: venue,
            description: htmlToText(event.description),
            image: event.image,
            registrationUrl,
            ...(event.session
              ? { free: event.session.free, performers: event.session.speakers.map((p) => ({ name: p.name, path: `/speakers/${encodeURIComponent(p.slug)}` })) }
              : {}),
          })}
        />
      ) : null}
      <EventDetailView
        event={event}
        register={register}
        notice={event.session ? <PreviewNotice page="/programme" /> : undefined}
        crumbs={[{ label: 'Home', href: '/' }, { label: parentLabel, href: event.kind !== 'program' ? '/#whats-on' : event.session && event.session.edition !== status.edition.key ? `/programme/${encodeURIComponent(event.session.edition)}` : '/programme' }, { label: event.title }]}
      >
        {event.kind === 'program' && timed ? (
          <a href={sessionIcsPath(event.slug)} className={styles.secondaryLink} download>
            Add to calendar (.ics)
          </a>
        ) : null}
        {atVenue ? (
          <Link href="/visit" className={styles.secondaryLink}>
            Getting there and accessibility
          </Link>
        ) : null}
      </EventDetailView>
    </>
  );
}
