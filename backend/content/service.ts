import { festivalNow } from '../kernel/clock';
import type { EventDetailInput, StoredEventDetail } from '@/contract/api/event-details';
import { mediaUrl, type CardInput, type HeroInput } from '@/contract/api/reports';
import type { EventDetail, Events, Hero } from '@/contract/content/schemas';
import { recordAudit } from '../audit/log';
import type { Db, DbDialect } from '../db/schema';
import type { StaffUser } from '../kernel/deps';
import { getEvents, getHero, getStoredEventDetails, lockContentBlock, publicEventDetail, putContentBlock, updateContentBlock } from './queries';

/**
 * Staff editing of the site's content (issue 17 item 4): the hero, the events' cards, event and
 * session details, programme rows. Each read-change-write holds its block (PostgreSQL locks the
 * row first; SQLite's write transactions already queue) and is audited in the same transaction.
 */

/** A new image replaces the old one; without one the current image (and its alt text) stays. */
export async function saveHero(db: Db, dialect: DbDialect, staff: StaffUser, input: HeroInput): Promise<Hero> {
  return db.transaction().execute(async (trx) => {
    await lockContentBlock(trx, dialect, 'hero');
    const current = await getHero(trx);
    const next: Hero = {
      title: input.title,
      body: input.body,
      ctaText: input.ctaText,
      heroImage: input.imageId ? mediaUrl(input.imageId) : (current?.heroImage ?? '/images/content/hero.webp'),
      ...(input.imageId ? { heroImageAlt: input.imageAlt } : current?.heroImageAlt ? { heroImageAlt: input.imageAlt || current.heroImageAlt } : {}),
    };
    await putContentBlock(trx, 'hero', next, festivalNow().toISOString());
    await recordAudit(trx, staff, { action: 'hero.update', targetType: 'content', targetId: 'hero', summary: input.title });
    return next;
  });
}

/** One card of the home page's events (the hero event or a grid card), by its slug; false when there is none. */
export async function saveEventCard(db: Db, dialect: DbDialect, staff: StaffUser, slug: string, input: CardInput): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockContentBlock(trx, dialect, 'events');
    const events = await getEvents(trx);
    if (!events) return false;
    const image = (current: string) => (input.imageId ? mediaUrl(input.imageId) : current);
    let next: Events;
    if (events.heroEvent.slug === slug) {
      next = { ...events, heroEvent: { ...events.heroEvent, title: input.title, subtitle: input.subtitle || events.heroEvent.subtitle, image: image(events.heroEvent.image) } };
    } else if (events.events.some((e) => e.slug === slug)) {
      next = { ...events, events: events.events.map((e) => (e.slug === slug ? { ...e, title: input.title, image: image(e.image) } : e)) };
    } else return false;
    await updateContentBlock(trx, 'events', next, festivalNow().toISOString());
    await recordAudit(trx, staff, { action: 'event.update', targetType: 'event', targetId: slug, summary: input.title });
    return true;
  });
}

/**
 * One event's detail, marked `editedAt`, so from now on its times are served exactly as saved (no
 * FESTIVAL_START_DATE shift). The detail as the site shows it; undefined when there is none;
 * 'session' for a programme session's slug (its details are its entry's now, issue 40 part 3).
 */
export async function saveEventDetail(db: Db, dialect: DbDialect, staff: StaffUser, slug: string, input: EventDetailInput): Promise<EventDetail | 'session' | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockContentBlock(trx, dialect, 'event-details');
    const details = await getStoredEventDetails(trx);
    const current = details?.find((d) => d.slug === slug);
    if (!details || !current) return undefined;
    if (current.kind === 'program') return 'session';
    const at = festivalNow().toISOString();
    const next: StoredEventDetail = { ...current, ...input, editedAt: at };
    await updateContentBlock(trx, 'event-details', details.map((d) => (d.slug === slug ? next : d)), at);
    await recordAudit(trx, staff, { action: 'event-detail.update', targetType: 'event', targetId: slug, summary: `${input.title}: ${input.startsAt} – ${input.endsAt}, ${input.venue}` });
    return publicEventDetail(next);
  });
}
