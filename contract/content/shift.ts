import { FALLBACK_FESTIVAL_START_DATE, FESTIVAL_NAME } from '@/contract/festival';
import type { EventDetail, Events } from './schemas';

const DAY_MS = 86_400_000;

/**
 * The programme in contract/fallbacks/ is written around the default festival start
 * (FALLBACK_FESTIVAL_START_DATE). The configured dates are the one source of truth, so every
 * time moves by whole days with them: the programme keeps its shape around the festival. The
 * seeded festival title names the edition's year (followEditionYear).
 */
export function shiftEventDetail(detail: EventDetail, festivalStartDate: string): EventDetail {
  const days = Math.round(
    (Date.parse(`${festivalStartDate}T00:00:00Z`) - Date.parse(`${FALLBACK_FESTIVAL_START_DATE}T00:00:00Z`)) / DAY_MS,
  );
  const title = followEditionYear(detail.title, festivalStartDate);
  if (days === 0) return title === detail.title ? detail : { ...detail, title };
  const shift = (iso: string) => {
    const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(iso)?.[1] ?? '+01:00';
    const local = new Date(Date.parse(iso) + days * DAY_MS + (offset === 'Z' ? 0 : offsetMs(offset)));
    return `${local.toISOString().slice(0, 19)}${offset === 'Z' ? 'Z' : offset}`;
  };
  return { ...detail, title, startsAt: shift(detail.startsAt), endsAt: shift(detail.endsAt) };
}

/**
 * The built-in copy's name for the festival (contract/fallbacks/events.ts, event-details.ts, and
 * the database seeded from them), written for the edition of FALLBACK_FESTIVAL_START_DATE.
 */
export const SEEDED_EDITION_TITLE = `${FESTIVAL_NAME} ${FALLBACK_FESTIVAL_START_DATE.slice(0, 4)}: The Inaugural Edition`;

/**
 * Copy that names the year follows the edition (issue 28): the seeded title, exactly as written,
 * takes the current edition's year ("Ìtàn Festival 2026: The Inaugural Edition"). Any other text,
 * an edited title included, keeps its words.
 */
export function followEditionYear(text: string, festivalStartDate: string): string {
  if (text !== SEEDED_EDITION_TITLE) return text;
  return `${FESTIVAL_NAME} ${festivalStartDate.slice(0, 4)}${SEEDED_EDITION_TITLE.slice(`${FESTIVAL_NAME} 0000`.length)}`;
}

/** The home page's events with the seeded festival title following the edition's year (edited titles keep theirs). */
export function eventsForEdition(events: Events, festivalStartDate: string): Events {
  const rename = <T extends { title: string }>(e: T): T => {
    const title = followEditionYear(e.title, festivalStartDate);
    return title === e.title ? e : { ...e, title };
  };
  return { ...events, heroEvent: rename(events.heroEvent), events: events.events.map(rename) };
}

function offsetMs(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return sign * ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
}

