import type { Metadata } from 'next';
import Link from 'next/link';
import { CardEditor } from '@/components/staff/card-editor';
import { EventDetailEditor } from '@/components/staff/event-detail-editor';
import { HeroEditor } from '@/components/staff/hero-editor';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { getAllEventDetails, getEvents, getHero } from '@/lib/content';
import { descriptionHtmlToText, EVENT_DETAIL_MESSAGES, isoToLagosLocal } from '@/contract/api/event-details';
import { CARD_MESSAGES, HERO_MESSAGES, mediaIdOf } from '@/contract/api/reports';
import { capabilities } from '@/lib/backend';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { staffPage } from '@/lib/staff/action';
import { cardAction, eventDetailAction, heroAction } from './actions';

export const metadata: Metadata = { title: 'Events & programme', robots: { index: false, follow: false } };

/** The home page's hero (issue 17 item 4). Staff only (checked here and in the action). */
export default staffPage({ role: 'staff', page: '/staff/events' }, async function StaffEventsPage(staff, { searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  if (!capabilities().publishing) {
    return (
      <StaffShell staff={staff} current="/staff/events" title="Events & programme">
        <p role="status">{PUBLISHING_OFF_MESSAGE}</p>
      </StaffShell>
    );
  }
  const [hero, events, allDetails] = await Promise.all([getHero(), getEvents(), getAllEventDetails()]);
  // The programme's sessions are content entries now (/staff/content/sessions): only the events' details are edited here.
  const details = allDetails.filter((d) => d.kind !== 'program');
  const doneKey = (await searchParams).done;
  const done = doneKey === 'hero' ? HERO_MESSAGES.saved : doneKey === 'event' ? CARD_MESSAGES.saved : doneKey === 'detail' ? EVENT_DETAIL_MESSAGES.saved : undefined;
  const image = (url: string) => ({ imageUrl: url, imageId: mediaIdOf(url) ?? '' });
  const imageId = mediaIdOf(hero.heroImage);
  return (
    <StaffShell staff={staff} current="/staff/events" title="Events & programme">
      {done ? (
        <p role="status" className={styles.flash}>
          {done}
        </p>
      ) : null}
      <HeroEditor
        action={heroAction}
        initial={{ title: hero.title, body: hero.body, ctaText: hero.ctaText, imageUrl: hero.heroImage, imageAlt: hero.heroImageAlt ?? '', imageId: imageId ?? '' }}
      />
      <section aria-labelledby="events-title" className={styles.editor}>
        <h2 id="events-title">Events on the home page</h2>
        <CardEditor
          action={cardAction}
         
          itemKey={events.heroEvent.slug}
          heading={`Main event: ${events.heroEvent.title}`}
          withSubtitle
          initial={{ title: events.heroEvent.title, subtitle: events.heroEvent.subtitle, ...image(events.heroEvent.image) }}
        />
        {events.events.map((e) => (
          <CardEditor key={e.slug} action={cardAction} itemKey={e.slug} heading={e.title} initial={{ title: e.title, ...image(e.image) }} />
        ))}
      </section>
      <section aria-labelledby="programme-title" className={styles.editor}>
        <h2 id="programme-title">Programme</h2>
        <p>
          The programme&apos;s sessions, with their days, times and places, are edited under{' '}
          <Link href="/staff/content/sessions">sessions</Link>, the people in them under{' '}
          <Link href="/staff/content/speakers">speakers and artists</Link>, and the places under{' '}
          <Link href="/staff/content/venues">venues</Link>.
        </p>
      </section>
      <section aria-labelledby="details-title" className={styles.editor}>
        <h2 id="details-title">Dates, times and places</h2>
        <p className={styles.itemMeta}>What each event&apos;s page and the home page show. Times are Lagos time (WAT, UTC+1).</p>
        {details.map((d) => (
          <EventDetailEditor
            key={d.slug}
            action={eventDetailAction}
            slug={d.slug}
            heading={`Event: ${d.title}`}
            initial={{
              title: d.title,
              startsAt: isoToLagosLocal(d.startsAt),
              endsAt: isoToLagosLocal(d.endsAt),
              venue: d.venue,
              address: d.address,
              description: descriptionHtmlToText(d.description),
            }}
          />
        ))}
      </section>
    </StaffShell>
  );
});
