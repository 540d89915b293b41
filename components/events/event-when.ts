import { FESTIVAL_TIME_ZONE } from '@/contract/festival';

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: FESTIVAL_TIME_ZONE });
const date = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: FESTIVAL_TIME_ZONE,
});
// en-GB writes "Friday, 24 October"; the site's style drops that comma.
const day = { format: (d: Date) => `${weekday.format(d)} ${date.format(d)}` };
const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: FESTIVAL_TIME_ZONE });

/**
 * An event's date and time in Lagos time, whatever the server's zone:
 * "Friday 24 October 2025, 10:00–11:30" or, across days,
 * "Friday 24 October 2025, 09:00 – Saturday 25 October 2025, 22:00".
 */
export function formatEventWhen(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime())) return startsAt;
  if (Number.isNaN(end.getTime())) return `${day.format(start)}, ${time.format(start)}`;
  const startDay = day.format(start);
  const endDay = day.format(end);
  if (startDay === endDay) return `${startDay}, ${time.format(start)}–${time.format(end)}`;
  return `${startDay}, ${time.format(start)} – ${endDay}, ${time.format(end)}`;
}
