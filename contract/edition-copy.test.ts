import { describe, expect, it } from 'vitest';
import {
  aboutFallback,
  contactInfoFallback,
  donationPolicyFallback,
  eventDetailsFallback,
  eventsFallback,
  heroFallback,
  podcastsFallback,
  programsFallback,
  visitFallback,
  volunteerBenefitsFallback,
  volunteerRolesFallback,
} from './fallbacks';
import { editionFrom, type Edition } from './edition';
import {
  SEED_EDITION,
  editionEyebrow,
  editionOrdinalTitle,
  festivalDescription,
  festivalTitle,
  ordinalNumber,
  ordinalWord,
  sessionSubtitle,
  weekdayOf,
} from './edition-copy';
import { EXAMPLE_TEAM_TEXT, isExampleTeamName } from './fallbacks/about';
import { SEEDED_EDITION_TITLE, SEEDED_FESTIVAL_DESCRIPTION, eventsForEdition, followEdition, shiftEventDetail } from './content/shift';
import { FIRST_EDITION_YEAR } from './festival';

/**
 * No prose that lies about dates (issue 40): the built-in copy's weekdays, years and ordinals come
 * from the edition's data. The default 2027 edition is 24–25 October 2027, a Sunday and a Monday;
 * 2028's is a Tuesday and a Wednesday.
 */
const NOW = new Date('2027-01-01T00:00:00Z');
const edition = (startDate: string, endDate: string, extra: Partial<Pick<Edition, 'name' | 'number' | 'key'>> = {}) => editionFrom({ startDate, endDate, ...extra }, NOW);
const E2027 = edition('2027-10-24', '2027-10-25');
const E2028 = edition('2028-10-24', '2028-10-25');
const festival = eventDetailsFallback.find((d) => d.slug === 'annual-festival')!;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The visible words of the festival's events and details as shown for `e` (no ISO times, slugs or image paths). */
function shownCopy(e: Edition): string {
  const events = eventsForEdition(eventsFallback, e);
  const details = eventDetailsFallback.map((d) => shiftEventDetail(d, e));
  return [events.heroEvent.title, events.heroEvent.subtitle, ...events.events.map((c) => c.title), ...details.flatMap((d) => [d.title, d.venue, d.address, d.description])].join('\n');
}

describe('ordinals and weekdays', () => {
  it('numbers and words', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinalNumber)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th', '112th']);
    expect([1, 2, 3, 20, 21].map(ordinalWord)).toEqual(['first', 'second', 'third', 'twentieth', '21st']);
    expect([1, 2, 3, 21].map(editionOrdinalTitle)).toEqual(['The Inaugural Edition', 'The Second Edition', 'The Third Edition', 'The 21st Edition']);
    expect([1, 3].map(editionEyebrow)).toEqual(['The inaugural edition', 'The third edition']);
  });

  it('weekdays are Lagos days, whatever the server’s zone', () => {
    expect(weekdayOf('2025-10-24')).toBe('Friday');
    expect(weekdayOf('2027-10-24')).toBe('Sunday');
    expect(weekdayOf('2027-10-25')).toBe('Monday');
    expect(weekdayOf('2028-10-24')).toBe('Tuesday');
    expect(sessionSubtitle('2027-10-24T23:30:00+01:00')).toBe('Sunday 24 October · 23:30');
  });
});

describe('the seeded festival title and description are written for the edition', () => {
  it('the seed is written for the first edition, exactly as databases seeded before issue 40 hold it', () => {
    expect(SEED_EDITION).toEqual({ key: '2025', startDate: '2025-10-24', endDate: '2025-10-25', name: 'Ìtàn Festival 2025', number: 1 });
    expect(FIRST_EDITION_YEAR).toBe(2025);
    expect(SEEDED_EDITION_TITLE).toBe('Ìtàn Festival 2025: The Inaugural Edition');
    expect(eventsFallback.heroEvent.title).toBe(SEEDED_EDITION_TITLE);
    expect(festival.title).toBe(SEEDED_EDITION_TITLE);
    // The description as the seed stored it before: a database seeded then still follows the edition.
    expect(SEEDED_FESTIVAL_DESCRIPTION).toBe(
      '<p>For two days Ake becomes a festival town. Ìtàn Book & Arts Festival fills Centenary Hall and its grounds with readings, panel conversations, an adire and illustration exhibition, an open-mic night, film screenings, a book market and a closing concert.</p>' +
        '<p>Everything is free. Register once and collect a wristband that admits you to every session for the full 48 hours of the festival, from the opening reading on Friday morning to the last encore on Saturday night.</p>' +
        '<p>Bring your friends, your children and your questions. There will be food from Abeokuta’s best bukas, a children’s corner with story hours, and booksellers from across the South-West.</p>',
    );
    expect(festival.description).toBe(SEEDED_FESTIVAL_DESCRIPTION);
  });

  it('2027 (Sunday and Monday, the 3rd): the festival page names Sunday and Monday, never Friday or Saturday, nor “inaugural”', () => {
    const shown = shiftEventDetail(festival, E2027);
    expect(shown.title).toBe('Ìtàn Festival 2027: The Third Edition');
    expect(shown.description).toContain('from the opening reading on Sunday morning to the last encore on Monday night');
    expect(shown.description).not.toMatch(/Friday|Saturday|inaugural/i);
    expect(shown.startsAt).toBe('2027-10-24T09:00:00+01:00');
    expect(eventsForEdition(eventsFallback, E2027).heroEvent.title).toBe('Ìtàn Festival 2027: The Third Edition');
  });

  it('2028 (Tuesday and Wednesday, the 4th): its own weekdays', () => {
    const shown = shiftEventDetail(festival, E2028);
    expect(shown.title).toBe('Ìtàn Festival 2028: The Fourth Edition');
    expect(shown.description).toContain('from the opening reading on Tuesday morning to the last encore on Wednesday night');
  });

  it('a named or numbered edition, one day or three: the copy says what the data says', () => {
    expect(festivalTitle(edition('2027-10-24', '2027-10-25', { number: 1 }))).toBe('Ìtàn Festival 2027: The Inaugural Edition');
    expect(festivalTitle(edition('2027-10-24', '2027-10-25', { name: 'Ìtàn Festival 2027: Homecoming' }))).toBe('Ìtàn Festival 2027: Homecoming');
    // A postponed edition keeps its key's name and number.
    expect(festivalTitle(edition('2028-01-15', '2028-01-16', { key: '2027' }))).toBe('Ìtàn Festival 2027: The Third Edition');
    const oneDay = festivalDescription(edition('2027-10-23', '2027-10-23'));
    expect(oneDay).toContain('For one day, Saturday, Ake becomes a festival town.');
    expect(oneDay).toContain('from the opening reading on Saturday morning to the last encore that night');
    const threeDays = festivalDescription(edition('2027-10-22', '2027-10-24'));
    expect(threeDays).toContain('For three days Ake');
    expect(threeDays).toContain('on Friday morning to the last encore on Sunday night');
  });

  it('text that is not the seed’s, edited text included, keeps its words', () => {
    expect(followEdition('Ìtàn Festival 2025: Our Second Year', E2027)).toBe('Ìtàn Festival 2025: Our Second Year');
    expect(followEdition('<p>From Friday to Saturday.</p>', E2027)).toBe('<p>From Friday to Saturday.</p>');
    const edited = { ...eventsFallback, heroEvent: { ...eventsFallback.heroEvent, title: 'The Festival Returns' } };
    expect(eventsForEdition(edited, E2027).heroEvent.title).toBe('The Festival Returns');
    expect(eventsForEdition(eventsFallback, E2027).events).toEqual(eventsFallback.events);
    const other = eventDetailsFallback.find((d) => d.slug === 'bi-monthly')!;
    expect(shiftEventDetail(other, E2027).title).toBe(other.title);
    expect(shiftEventDetail(other, E2027).description).toBe(other.description);
    // On the seed's own dates nothing changes.
    expect(shiftEventDetail(festival, editionFrom({ startDate: '2025-10-24', endDate: '2025-10-25' }, NOW))).toBe(festival);
  });
});

describe('the built-in copy names no weekday, year or ordinal of its own', () => {
  it('as shown for 2027 and 2028: only the edition’s own year and weekdays', () => {
    for (const [e, year, days] of [
      [E2027, '2027', ['Sunday', 'Monday']],
      [E2028, '2028', ['Tuesday', 'Wednesday']],
    ] as const) {
      const copy = shownCopy(e);
      for (const y of copy.match(/\b(19|20)\d{2}\b/g) ?? []) expect(y, `a year in the ${year} copy`).toBe(year);
      for (const day of WEEKDAYS) if (!(days as readonly string[]).includes(day)) expect(copy, `${day} in the ${year} copy`).not.toContain(day);
      expect(copy).not.toMatch(/inaugural|\bfirst edition\b/i);
      // Month names would move with the dates too.
      expect(copy).not.toMatch(/\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/);
    }
  });

  it('the page copy (hero, visit, volunteering, podcasts, donations, contact) names no weekday, year or “inaugural”', () => {
    const copy = JSON.stringify([heroFallback, visitFallback, volunteerRolesFallback, volunteerBenefitsFallback, podcastsFallback, donationPolicyFallback, contactInfoFallback]);
    for (const day of WEEKDAYS) expect(copy, day).not.toContain(day);
    expect(copy).not.toMatch(/\b(19|20)\d{2}\b|inaugural/i);
  });

  it('the programme rows’ times are their sessions’ (no weekday written by hand)', () => {
    for (const row of programsFallback) {
      expect(row.subtitle).toBe(sessionSubtitle(eventDetailsFallback.find((d) => d.slug === row.slug)!.startsAt));
    }
  });

  it('the about timeline dates “the inaugural festival” by the first edition’s year; example details say they are examples', () => {
    const inaugural = aboutFallback.timeline.filter((t) => /inaugural|first .*festival/i.test(`${t.title} ${t.body}`));
    expect(inaugural.map((t) => t.year)).toEqual([FIRST_EDITION_YEAR]);
    // Every seeded name is marked as an example on /about until staff replace it; a real name is not.
    expect(aboutFallback.team.every((m) => isExampleTeamName(m.name))).toBe(true);
    expect(isExampleTeamName('Wole Soyinka')).toBe(false);
    expect(EXAMPLE_TEAM_TEXT.note).toContain(EXAMPLE_TEAM_TEXT.mark);
    expect(contactInfoFallback.email).toMatch(/\.example\.org$/);
    expect(contactInfoFallback.note).toMatch(/examples/);
  });
});
