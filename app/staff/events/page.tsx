import type { Metadata } from 'next';
import Link from 'next/link';
import { CardEditor } from '@/components/staff/card-editor';
import { HeroEditor } from '@/components/staff/hero-editor';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { getEvents, getHero, getPrograms } from '@/lib/content';
import { CARD_MESSAGES, HERO_MESSAGES, mediaIdOf } from '@/lib/contract/reports';
import { isPublishingEnabled, PUBLISHING_OFF_MESSAGE } from '@/lib/staff/publishing';
import { requireStaff } from '@/lib/staff/session';
import { cardAction, heroAction } from './actions';

export const metadata: Metadata = { title: 'Events & programme', robots: { index: false, follow: false } };

/** The home page's hero (issue 17 item 4). Staff only (checked here and in the action). */
export default async function StaffEventsPage({ searchParams }: { searchParams: Promise<{ done?: string | string[] }> }) {
  const staff = await requireStaff('/staff/events');
  if (!isPublishingEnabled()) {
    return (
      <StaffShell staff={staff} current="/staff/events" title="Events & programme">
        <p role="status">{PUBLISHING_OFF_MESSAGE}</p>
      </StaffShell>
    );
  }
  const [hero, events, programs] = await Promise.all([getHero(), getEvents(), getPrograms()]);
  const doneKey = (await searchParams).done;
  const done = doneKey === 'hero' ? HERO_MESSAGES.saved : doneKey === 'event' || doneKey === 'program' ? CARD_MESSAGES.saved : undefined;
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
          kind="event"
          itemKey={events.heroEvent.slug}
          heading={`Main event: ${events.heroEvent.title}`}
          withSubtitle
          initial={{ title: events.heroEvent.title, subtitle: events.heroEvent.subtitle, ...image(events.heroEvent.image) }}
        />
        {events.events.map((e) => (
          <CardEditor key={e.slug} action={cardAction} kind="event" itemKey={e.slug} heading={e.title} initial={{ title: e.title, ...image(e.image) }} />
        ))}
      </section>
      <section aria-labelledby="programme-title" className={styles.editor}>
        <h2 id="programme-title">Programme</h2>
        <p className={styles.itemMeta}>
          Session dates, times, venues and descriptions come from the site&apos;s built-in programme (see the{' '}
          <Link href="/programme" prefetch={false}>
            programme page
          </Link>
          ); they are not editable here yet.
        </p>
        {programs.map((p) => (
          <CardEditor key={p.id} action={cardAction} kind="program" itemKey={p.id} heading={p.title} withCategory initial={{ title: p.title, category: p.leftLabel, ...image(p.avatar) }} />
        ))}
      </section>
    </StaffShell>
  );
}
