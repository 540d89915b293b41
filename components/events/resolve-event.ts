import type { EventDetail, Events, Program } from '@/contract/content/schemas';
import type { ProgrammeSession } from '@/contract/content/programme';
import { FESTIVAL_ADDRESS } from '@/contract/fallbacks/event-details';
import { renderReportMarkdown } from '@/contract/html/markdown';

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
  /** A session of the programme (issue 40 part 3): who, access, admission, its edition. */
  session?: SessionFacts;
}

export interface SessionFacts {
  edition: string;
  room?: string;
  speakers: Array<{ slug: string; name: string; role?: string; photo?: string }>;
  access: string[];
  free: boolean;
}

/** A programme session's page: its description's Markdown rendered (and sanitised) like a report's. */
export function viewFromSession(s: ProgrammeSession): EventView {
  return {
    slug: s.slug,
    title: s.title,
    kind: 'program',
    image: s.image ?? s.avatar ?? s.speakers.find((p) => p.photo)?.photo ?? '/images/placeholder.webp',
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    venue: s.room ? `${s.venue.name} · ${s.room}` : s.venue.name,
    // A venue without its own address is at the festival's (contract/content/programme.ts).
    address: s.venue.address ?? FESTIVAL_ADDRESS,
    description: renderReportMarkdown(s.description),
    session: {
      edition: s.edition,
      ...(s.room ? { room: s.room } : {}),
      speakers: s.speakers.map((p) => ({ slug: p.slug, name: p.name, ...(p.role ? { role: p.role } : {}), ...(p.photo ? { photo: p.photo } : {}) })),
      access: s.access.length > 0 ? s.access : s.venue.access,
      free: s.free,
    },
  };
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
