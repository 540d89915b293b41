import type { EventDetail, Events, Program } from '@/contract/content/schemas';

/** What an event page shows, from a full detail or, failing that, the card that linked to it. */
export interface EventView {
  slug: string;
  title: string;
  kind: EventDetail['kind'];
  image: string;
  /** Exact times when known (ISO with offset). */
  startsAt?: string;
  endsAt?: string;
  /** Free text date when only a card is known (a programme row's subtitle). */
  dateText?: string;
  venue?: string;
  address?: string;
  /** HTML (sanitised by the page) or plain text. */
  description: string;
}

export function viewFromDetail(d: EventDetail): EventView {
  return { ...d };
}

/**
 * An API event or programme may have no static detail (the API has no detail endpoint, spec §7):
 * the page is then built from the card itself, so every link on the home page leads somewhere real.
 */
export function viewFromCards(slug: string, kind: EventDetail['kind'], events: Events, programs: readonly Program[]): EventView | undefined {
  if (kind === 'event') {
    if (events.heroEvent.slug === slug) {
      const { title, image, subtitle } = events.heroEvent;
      return { slug, title, kind, image, description: subtitle };
    }
    const card = events.events.find((e) => e.slug === slug);
    return card ? { slug, title: card.title, kind, image: card.image, description: '' } : undefined;
  }
  const row = programs.find((p) => p.slug === slug);
  return row
    ? { slug, title: row.title, kind, image: row.avatar, dateText: row.subtitle, description: row.leftLabel ? `Part of the festival’s ${row.leftLabel.toLowerCase()} programme.` : '' }
    : undefined;
}
