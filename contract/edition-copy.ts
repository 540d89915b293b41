import { FALLBACK_FESTIVAL_START_DATE, FESTIVAL_FULL_NAME, FESTIVAL_TIME_ZONE } from './festival';
import { defaultEditionName, defaultEditionNumber, editionKeyOfDate, type Edition } from './edition';
import { addDays, daysBetween } from './calendar-days';

/**
 * The words copy uses for an edition (issue 40, "no prose that lies about dates"): its ordinal,
 * its days' weekdays, and the seeded prose that names them. Built-in copy never writes a weekday,
 * a year, "first" or "inaugural" itself: it is computed here from the edition's dates, name and
 * number, so it stays true for whatever year the dates roll forward to.
 */

/** What the seeded prose needs of an edition. */
export type EditionFacts = Pick<Edition, 'key' | 'startDate' | 'endDate' | 'name' | 'number'>;

const ORDINAL_WORDS = [
  'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth',
] as const;

const COUNT_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'] as const;

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinalNumber(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** 1 → "first", 3 → "third" (to twentieth), then "21st". */
export function ordinalWord(n: number): string {
  return ORDINAL_WORDS[n - 1] ?? ordinalNumber(n);
}

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

// Pure: client components may import this module (see contract/festival.ts).
const weekdayFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: FESTIVAL_TIME_ZONE });
const dayMonthFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: FESTIVAL_TIME_ZONE });
const hourMinuteFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: FESTIVAL_TIME_ZONE });

/** "Sunday": the weekday of a YYYY-MM-DD in Lagos (noon, so the day never slips). */
export function weekdayOf(date: string): string {
  return weekdayFormat.format(new Date(`${date}T12:00:00+01:00`));
}

/** A programme card's subtitle from the session's start: "Friday 24 October · 10:00" (Lagos). */
export function sessionSubtitle(startsAt: string): string {
  const d = new Date(startsAt);
  return `${weekdayFormat.format(d)} ${dayMonthFormat.format(d)} · ${hourMinuteFormat.format(d)}`;
}

/** How many festival days the edition has (its first and last day included). */
export function festivalDayCount(edition: Pick<Edition, 'startDate' | 'endDate'>): number {
  const days = daysBetween(edition.startDate, edition.endDate) + 1;
  return Math.max(1, days);
}

/** The hours a wristband covers: every day of the edition (48 for the spec's two-day festival). */
export function wristbandHours(edition: Pick<Edition, 'startDate' | 'endDate'>): number {
  return festivalDayCount(edition) * 24;
}

/** The home page's edition heading: "Two days. One city. Every story." for a two-day edition. */
export function editionHeading(edition: Pick<Edition, 'startDate' | 'endDate'>): string {
  const days = festivalDayCount(edition);
  const count = days === 1 ? 'One day' : `${capitalised(COUNT_WORDS[days - 1] ?? String(days))} days`;
  return `${count}. One city. Every story.`;
}

/** 1 → "The Inaugural Edition", 3 → "The Third Edition", 21 → "The 21st Edition". */
export function editionOrdinalTitle(number: number): string {
  return number === 1 ? 'The Inaugural Edition' : `The ${capitalised(ordinalWord(number))} Edition`;
}

/** The home page's #register eyebrow: "The inaugural edition", "The third edition". */
export function editionEyebrow(number: number): string {
  return number === 1 ? 'The inaugural edition' : `The ${ordinalWord(number)} edition`;
}

/**
 * The seeded festival event's title: its default name and its ordinal ("Ìtàn Festival 2027: The
 * Third Edition"), or the name alone when staff or the configuration named the edition.
 */
export function festivalTitle(edition: Pick<Edition, 'key' | 'name' | 'number'>): string {
  return edition.name === defaultEditionName(edition.key) ? `${edition.name}: ${editionOrdinalTitle(edition.number)}` : edition.name;
}

/**
 * The seeded festival event's description (trusted HTML): how long it lasts and the weekdays of
 * its first and last day, from the edition's dates.
 */
export function festivalDescription(edition: Pick<Edition, 'startDate' | 'endDate'>): string {
  const days = festivalDayCount(edition);
  const first = weekdayOf(edition.startDate);
  const last = weekdayOf(edition.endDate);
  const span = days === 1 ? `For one day, ${first},` : `For ${COUNT_WORDS[days - 1] ?? days} days`;
  const until = days === 1 ? 'the last encore that night' : `the last encore on ${last} night`;
  return (
    `<p>${span} Ake becomes a festival town. ${FESTIVAL_FULL_NAME} fills Centenary Hall and its grounds with readings, panel conversations, an adire and illustration exhibition, an open-mic night, film screenings, a book market and a closing concert.</p>` +
    `<p>Everything is free. Register once and collect a wristband that admits you to every session for the full ${wristbandHours(edition)} hours of the festival, from the opening reading on ${first} morning to ${until}.</p>` +
    '<p>Bring your friends, your children and your questions. There will be food from Abeokuta’s best bukas, a children’s corner with story hours, and booksellers from across the South-West.</p>'
  );
}

/**
 * The edition the built-in copy (contract/fallbacks/) is seeded for: the default days of
 * FALLBACK_FESTIVAL_START_DATE's year, with their default name and number. The seeded festival
 * title and description are written for it, and stored so by the built-in backend's seed; when
 * shown they are written again for the current edition (contract/content/shift.ts).
 */
export const SEED_EDITION: EditionFacts = {
  key: editionKeyOfDate(FALLBACK_FESTIVAL_START_DATE),
  startDate: FALLBACK_FESTIVAL_START_DATE,
  endDate: addDays(FALLBACK_FESTIVAL_START_DATE, 1),
  name: defaultEditionName(editionKeyOfDate(FALLBACK_FESTIVAL_START_DATE)),
  number: defaultEditionNumber(editionKeyOfDate(FALLBACK_FESTIVAL_START_DATE)),
};
