import { FALLBACK_FESTIVAL_START_DATE } from '@/contract/festival';
import { SEED_EDITION, festivalDescription, festivalTitle, type EditionFacts } from '@/contract/edition-copy';
import type { EventDetail, Events } from './schemas';
import { DAY_MS, daysBetween } from '@/contract/calendar-days';

/**
 * The programme in contract/fallbacks/ is written around the default festival start
 * (FALLBACK_FESTIVAL_START_DATE). The edition's dates are the one source of truth, so every
 * time moves by whole days with them: the programme keeps its shape around the festival. The
 * seeded festival title and description are written again for the edition (followEdition).
 */
export function shiftEventDetail(detail: EventDetail, edition: EditionFacts): EventDetail {
  const days = daysBetween(FALLBACK_FESTIVAL_START_DATE, edition.startDate);
  const title = followEdition(detail.title, edition);
  const description = followEdition(detail.description, edition);
  const copied = title === detail.title && description === detail.description ? detail : { ...detail, title, description };
  if (days === 0) return copied;
  const shift = (iso: string) => {
    const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(iso)?.[1] ?? '+01:00';
    const local = new Date(Date.parse(iso) + days * DAY_MS + (offset === 'Z' ? 0 : offsetMs(offset)));
    return `${local.toISOString().slice(0, 19)}${offset === 'Z' ? 'Z' : offset}`;
  };
  return { ...copied, startsAt: shift(detail.startsAt), endsAt: shift(detail.endsAt) };
}

/**
 * The built-in copy's festival title and description (contract/fallbacks/events.ts,
 * event-details.ts, and the database seeded from them), exactly as written for SEED_EDITION.
 */
export const SEEDED_EDITION_TITLE = festivalTitle(SEED_EDITION);
export const SEEDED_FESTIVAL_DESCRIPTION = festivalDescription(SEED_EDITION);

/**
 * Seeded copy that names the edition follows it (issues 28 and 40): the seeded title and
 * description, exactly as written, are written again for `edition` (its name and number, its
 * days' weekdays). Any other text, edited text included, keeps its words.
 */
export function followEdition(text: string, edition: EditionFacts): string {
  if (text === SEEDED_EDITION_TITLE) return festivalTitle(edition);
  if (text === SEEDED_FESTIVAL_DESCRIPTION) return festivalDescription(edition);
  return text;
}

/** The home page's events with the seeded festival title following the edition (edited titles keep theirs). */
export function eventsForEdition(events: Events, edition: EditionFacts): Events {
  const rename = <T extends { title: string }>(e: T): T => {
    const title = followEdition(e.title, edition);
    return title === e.title ? e : { ...e, title };
  };
  return { ...events, heroEvent: rename(events.heroEvent), events: events.events.map(rename) };
}

function offsetMs(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return sign * ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
}
