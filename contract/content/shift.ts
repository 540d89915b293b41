import { FALLBACK_FESTIVAL_START_DATE } from '@/contract/festival';
import type { EventDetail } from './schemas';

const DAY_MS = 86_400_000;

/**
 * The programme in contract/fallbacks/ is written around the default festival start
 * (FALLBACK_FESTIVAL_START_DATE). The configured dates are the one source of truth, so every
 * time moves by whole days with them: the programme keeps its shape around the festival.
 */
export function shiftEventDetail(detail: EventDetail, festivalStartDate: string): EventDetail {
  const days = Math.round(
    (Date.parse(`${festivalStartDate}T00:00:00Z`) - Date.parse(`${FALLBACK_FESTIVAL_START_DATE}T00:00:00Z`)) / DAY_MS,
  );
  if (days === 0) return detail;
  const shift = (iso: string) => {
    const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(iso)?.[1] ?? '+01:00';
    const local = new Date(Date.parse(iso) + days * DAY_MS + (offset === 'Z' ? 0 : offsetMs(offset)));
    return `${local.toISOString().slice(0, 19)}${offset === 'Z' ? 'Z' : offset}`;
  };
  return { ...detail, startsAt: shift(detail.startsAt), endsAt: shift(detail.endsAt) };
}

function offsetMs(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return sign * ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
}

