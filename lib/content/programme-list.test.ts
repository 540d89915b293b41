import { describe, expect, it } from 'vitest';
import { joinProgramme, sessionsFallback, venuesFallback, type ProgrammeSession } from '@/contract/content/programme';
import { eventDetailsFallback, programsFallback } from '@/contract/fallbacks';
import {
  categoryMatches,
  filterChoices,
  filterFromSearch,
  filterHref,
  filterKey,
  filterSessions,
  sessionsByDay,
  sessionsFromEventDetails,
  speakerSessions,
  speakersByName,
} from './programme-list';
import { markNowAndNext, todayFirst } from './programme';

const EDITION = { key: '2027', startDate: '2027-10-22' };

/** The seeded programme for 2027, as pages get it. */
function seeded() {
  return joinProgramme(sessionsFallback(EDITION), [], venuesFallback());
}

function session(over: Partial<ProgrammeSession> & { slug: string }): ProgrammeSession {
  return {
    title: over.slug,
    edition: '2027',
    date: '2027-10-22',
    startsAt: '2027-10-22T10:00:00+01:00',
    endsAt: '2027-10-22T11:00:00+01:00',
    venue: { slug: 'main-hall', name: 'Main Hall', access: [] },
    category: 'Readings',
    speakers: [],
    description: 'x',
    access: [],
    free: true,
    ...over,
  };
}

describe('programme filters (issue 40 part 3)', () => {
  it('folds categories: "Ake" finds "Àkẹ́", "àkẹ́ readings" finds its link form, a part of a word finds nothing', () => {
    expect(filterKey('Àkẹ́ Readings')).toBe('ake-readings');
    expect(categoryMatches('Àkẹ́', 'Ake')).toBe(true);
    expect(categoryMatches('Àkẹ́', 'AKE')).toBe(true);
    expect(categoryMatches('Àkẹ́ Readings', 'àkẹ́ readings')).toBe(true);
    expect(categoryMatches('Àkẹ́ Readings', 'ake-readings')).toBe(true);
    expect(categoryMatches('Readings', 'Read')).toBe(false);
    expect(categoryMatches('Readings', '  ')).toBe(false);
    const sessions = [session({ slug: 'a', category: 'Àkẹ́' }), session({ slug: 'b', category: 'Poetry' })];
    expect(filterSessions(sessions, { category: 'Ake' }).map((s) => s.slug)).toEqual(['a']);
  });

  it('a category naming none exactly is looked for inside them, folded; one naming a category exactly keeps only it', () => {
    const sessions = [session({ slug: 'ake', category: 'Àkẹ́ Readings' }), session({ slug: 'plain', category: 'Readings' }), session({ slug: 'poetry', category: 'Poetry' })];
    expect(filterSessions(sessions, { category: 'Ake' }).map((s) => s.slug)).toEqual(['ake']);
    expect(filterSessions(sessions, { category: 'readings' }).map((s) => s.slug)).toEqual(['plain']);
    expect(filterSessions(sessions, { category: 'ake-readings' }).map((s) => s.slug)).toEqual(['ake']);
    expect(filterSessions(sessions, { category: 'READ' }).map((s) => s.slug)).toEqual(['ake', 'plain']);
    expect(filterSessions(sessions, { category: 'film' })).toEqual([]);
    expect(filterSessions(sessions, { category: '--' })).toEqual([]);
  });

  it('filters the seeded programme by day, category and venue, combined; an unknown value keeps nothing', () => {
    const { sessions } = seeded();
    expect(sessions).toHaveLength(5);
    const days = [...new Set(sessions.map((s) => s.date))];
    expect(days).toEqual(['2027-10-22', '2027-10-23']);
    expect(filterSessions(sessions, { day: '2027-10-22' }).map((s) => s.slug)).toEqual(['opening-reading-letters-from-ake', 'indigo-and-ink', 'poetry-under-olumo']);
    expect(filterSessions(sessions, { category: 'readings' }).map((s) => s.slug)).toEqual(['opening-reading-letters-from-ake']);
    expect(filterSessions(sessions, { venue: 'open-air-stage' }).map((s) => s.slug)).toEqual(['homecoming-closing-concert']);
    expect(filterSessions(sessions, { day: '2027-10-23', category: 'Film' }).map((s) => s.slug)).toEqual(['stories-on-screen']);
    expect(filterSessions(sessions, { day: '2027-10-22', category: 'Film' })).toEqual([]);
    expect(filterSessions(sessions, { venue: 'nowhere' })).toEqual([]);
    expect(filterSessions(sessions, { day: 'not-a-day' })).toEqual([]);
    expect(filterSessions(sessions, {})).toHaveLength(5);
  });

  it('reads ?day=&category=&venue= (first value, trimmed, blank is none) and writes links in one order', () => {
    expect(filterFromSearch({ day: '2027-10-22', category: [' Àkẹ́ ', 'x'], venue: '', other: 'y' })).toEqual({ day: '2027-10-22', category: 'Àkẹ́' });
    expect(filterFromSearch({})).toEqual({});
    expect(filterHref('/programme', { venue: 'main-hall', day: '2027-10-22' }, { category: 'poetry' })).toBe('/programme?day=2027-10-22&category=poetry&venue=main-hall');
    expect(filterHref('/programme/2025', { day: '2025-10-24' }, { day: undefined })).toBe('/programme/2025');
  });

  it('offers each day, category and venue once: days in order, the rest by folded name', () => {
    const choices = filterChoices(seeded().sessions);
    expect(choices.days).toEqual([
      { value: '2027-10-22', label: 'Fri 22 Oct' },
      { value: '2027-10-23', label: 'Sat 23 Oct' },
    ]);
    expect(choices.categories.map((c) => c.value)).toEqual(['film', 'music', 'poetry', 'readings', 'visual-art']);
    expect(choices.venues.map((v) => v.value)).toEqual(['centenary-hall', 'courtyard-stage', 'exhibition-hall', 'main-hall', 'open-air-stage']);
  });
});

describe('programme by day', () => {
  it('groups sessions by day in time order, with venue, room, speakers, access and admission', () => {
    const sessions = [
      session({ slug: 'late', startsAt: '2027-10-22T18:00:00+01:00', endsAt: '2027-10-22T19:00:00+01:00', free: false }),
      session({ slug: 'next-day', date: '2027-10-23', startsAt: '2027-10-23T09:00:00+01:00', endsAt: '2027-10-23T10:00:00+01:00' }),
      session({
        slug: 'early',
        room: 'Room 2',
        access: ['Step-free'],
        speakers: [{ slug: 'chika-okafor', name: 'Chika Okafor', bio: 'b', books: [] }],
      }),
    ];
    const days = sessionsByDay(sessions);
    expect(days.map((d) => [d.date, d.label, d.sessions.map((s) => s.slug)])).toEqual([
      ['2027-10-22', 'Friday 22 October 2027', ['early', 'late']],
      ['2027-10-23', 'Saturday 23 October 2027', ['next-day']],
    ]);
    expect(days[0]!.sessions[0]).toMatchObject({
      venue: 'Main Hall',
      room: 'Room 2',
      speakers: [{ slug: 'chika-okafor', name: 'Chika Okafor' }],
      access: ['Step-free'],
      free: true,
      path: '/events/early',
      icsPath: '/events/early/calendar.ics',
    });
    expect(days[0]!.sessions[1]!.free).toBe(false);
  });

  it('a session without access notes of its own shows its venue’s', () => {
    const [day] = sessionsByDay([session({ slug: 's', venue: { slug: 'v', name: 'V', access: ['Seated'] } })]);
    expect(day!.sessions[0]!.access).toEqual(['Seated']);
  });

  it('keeps the now/next marks and "today first" working on the grouped sessions', () => {
    const days = sessionsByDay(seeded().sessions);
    const now = new Date('2027-10-23T14:30:00+01:00');
    const marked = todayFirst(markNowAndNext(days, now), '2027-10-23');
    expect(marked[0]!.today).toBe(true);
    expect(marked[0]!.sessions.map((s) => [s.slug, s.mark])).toEqual([
      ['stories-on-screen', 'now'],
      ['homecoming-closing-concert', 'next'],
    ]);
  });
});

describe('with an external API: programme rows and session details as sessions', () => {
  it('maps the fallback rows and details to the current edition, each at a venue named by its text, no speakers', () => {
    const view = sessionsFromEventDetails(programsFallback, eventDetailsFallback, '2025');
    expect(view.sessions.map((s) => s.slug)).toEqual(['opening-reading-letters-from-ake', 'indigo-and-ink', 'poetry-under-olumo', 'stories-on-screen', 'homecoming-closing-concert']);
    const first = view.sessions[0]!;
    expect(first).toMatchObject({ edition: '2025', date: '2025-10-24', category: 'Readings', speakers: [], free: true, startsAt: '2025-10-24T10:00:00+01:00' });
    expect(first.venue).toMatchObject({ slug: 'centenary-hall-ake-abeokuta', name: 'Centenary Hall, Ake, Abeokuta' });
    expect(view.speakers).toEqual([]);
    expect(view.unscheduled).toEqual([]);
    // Filters work on them as on the built-in programme's.
    expect(filterSessions(view.sessions, { venue: 'centenary-hall-ake-abeokuta' }).map((s) => s.slug)).toContain('opening-reading-letters-from-ake');
  });

  it('a row with no session detail is listed apart, never dropped', () => {
    const rows = [...programsFallback, { ...programsFallback[0]!, id: 'x', slug: 'no-detail', title: 'No detail yet' }];
    const view = sessionsFromEventDetails(rows, eventDetailsFallback, '2025');
    expect(view.unscheduled.map((u) => u.slug)).toEqual(['no-detail']);
    expect(view.sessions.map((s) => s.slug)).not.toContain('no-detail');
  });
});

describe('speakers', () => {
  const chika = { slug: 'chika-okafor', name: 'Chika Okafor', bio: 'b', books: [] };
  it("splits a speaker's sessions: this year's, then each past edition's, newest first", () => {
    const sessions = [
      session({ slug: 'a-2027', speakers: [chika] }),
      session({ slug: 'b-2025', edition: '2025', speakers: [chika] }),
      session({ slug: 'c-2026', edition: '2026', speakers: [chika] }),
      session({ slug: 'd-2026', edition: '2026', speakers: [chika] }),
      session({ slug: 'someone-else', speakers: [] }),
    ];
    const split = speakerSessions(sessions, 'chika-okafor', '2027');
    expect(split.current.map((s) => s.slug)).toEqual(['a-2027']);
    expect(split.past.map((p) => [p.edition, p.sessions.map((s) => s.slug)])).toEqual([
      ['2026', ['c-2026', 'd-2026']],
      ['2025', ['b-2025']],
    ]);
    expect(speakerSessions(sessions, 'nobody', '2027')).toEqual({ current: [], past: [] });
  });

  it('orders speakers by their folded names', () => {
    const names = speakersByName([
      { ...chika, slug: 'z', name: 'Zainab Bello' },
      { ...chika, slug: 'o', name: 'Ọlábísí Àjàyí' },
      { ...chika, slug: 'a', name: 'Àdìgún Ọlá' },
      { ...chika, slug: 'b', name: 'Bisi Adé' },
    ]).map((s) => s.slug);
    expect(names).toEqual(['a', 'b', 'o', 'z']);
  });
});
