import type { EventCard, EventDetail, Events } from '@/contract/content/schemas';
import { formatEventWhen } from '@/components/events/event-when';

/** The words #whats-on adds when events have passed (issue 40). */
export const UPCOMING_TEXT = {
  /** Nothing left to come: every event's date has passed. */
  none: 'No new dates are announced yet.',
  newsletter: 'The newsletter has them first.',
} as const;

export interface FeaturedEvent extends EventCard {
  subtitle: string;
}

export interface UpcomingSelection {
  /** The event the section features: the hero event while it is to come (or on), else the first card still to come (its date as subtitle). */
  featured: FeaturedEvent | undefined;
  /** The other cards still to come, in their order (at most three). */
  grid: EventCard[];
}

/**
 * What "Upcoming Events" may still show at `now` (issue 40: past dates drop out by themselves). An
 * event whose detail (its date, by slug) has ended is not upcoming; a card without a detail is
 * undated and stays. The hero event, the festival, without a detail of its own is over when the
 * edition is (`festivalOver`: its phase is 'after'). When the hero event is over, the first card
 * still to come takes its place. Pure, so the clock is the caller's: the edition's (FESTIVAL_NOW in tests).
 */
export function upcomingEvents(events: Events, details: readonly EventDetail[], now: Date, festivalOver: boolean): UpcomingSelection {
  const dated = new Map(details.filter((d) => d.kind === 'event').map((d) => [d.slug, d]));
  const toCome = (slug: string, undated: boolean) => {
    const end = Date.parse(dated.get(slug)?.endsAt ?? '');
    return Number.isNaN(end) ? undated : end > now.getTime();
  };
  const cards = events.events.filter((e) => toCome(e.slug, true));
  if (toCome(events.heroEvent.slug, !festivalOver)) return { featured: events.heroEvent, grid: cards.slice(0, 3) };
  const [first, ...rest] = cards;
  const when = first && dated.get(first.slug);
  return { featured: first ? { ...first, subtitle: when ? `${formatEventWhen(when.startsAt, when.endsAt)} (Lagos time)` : '' } : undefined, grid: rest.slice(0, 3) };
}
