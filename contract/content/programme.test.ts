import { describe, expect, it } from 'vitest';
import { SEED_EDITION } from '../edition-copy';
import { FESTIVAL_ADDRESS } from '../fallbacks/event-details';
import { programsFallback } from '../fallbacks/programs';
import { entrySchema, type EntryData, type EntryField } from './entry-fields';
import { CONTENT_KINDS } from './kinds';
import { copySessions, joinProgramme, parseBook, sessionProblems, sessionsFallback, venuesFallback } from './programme';
import { programsOf, SESSION_DEFAULT_IMAGE, sessionAvatar, sessionDetail } from './programme-answers';

const venue = (slug: string, over: EntryData = {}): EntryData => ({ slug, name: slug.replace(/-/g, ' '), access: [], ...over });
const speaker = (slug: string, over: EntryData = {}): EntryData => ({ slug, name: slug, bio: 'Writes.', ...over });
const session = (slug: string, over: EntryData = {}): EntryData => ({
  slug,
  title: slug,
  edition: '2026',
  date: '2026-10-24',
  starts: '10:00',
  ends: '11:00',
  venue: 'main-hall',
  category: 'Readings',
  speakers: [],
  description: 'Text.',
  access: [],
  free: 'yes',
  ...over,
});

describe('the programme (contract/content/programme.ts)', () => {
  it('joinProgramme: sessions by start then title; a session whose venue is not published is left out; unknown speakers are dropped', () => {
    const { sessions, speakers, venues } = joinProgramme(
      [
        session('late', { starts: '18:00', ends: '19:00', speakers: ['ada', 'ghost'] }),
        session('nowhere', { venue: 'unpublished-hall' }),
        session('b-early', { starts: '09:00', ends: '10:00' }),
        session('a-early', { starts: '09:00', ends: '10:00', room: 'Room 2' }),
        session('day-two', { date: '2026-10-25', starts: '08:00', ends: '09:00' }),
        session('late', { title: 'a duplicate slug' }),
        { not: 'a session' },
      ],
      [speaker('ada', { books: ['Letters | https://books.example/letters', 'No link'] }), { slug: 'BAD SLUG' }],
      [venue('main-hall')],
    );
    expect(sessions.map((s) => s.slug)).toEqual(['a-early', 'b-early', 'late', 'day-two']);
    const late = sessions.find((s) => s.slug === 'late')!;
    expect(late.speakers.map((s) => s.slug)).toEqual(['ada']);
    expect(late.speakers[0]!.books).toEqual([{ title: 'Letters', url: 'https://books.example/letters' }, { title: 'No link' }]);
    expect(late).toMatchObject({ startsAt: '2026-10-24T18:00:00+01:00', endsAt: '2026-10-24T19:00:00+01:00', free: true, venue: { slug: 'main-hall' } });
    expect(sessions[0]!.room).toBe('Room 2');
    expect(speakers.map((s) => s.slug)).toEqual(['ada']);
    expect(venues.map((v) => v.slug)).toEqual(['main-hall']);
    // An exhibition over several days ends on its last day.
    expect(joinProgramme([session('show', { endDate: '2026-10-25', ends: '18:00' })], [], [venue('main-hall')]).sessions[0]!.endsAt).toBe('2026-10-25T18:00:00+01:00');
  });

  it('copySessions: moves each session to the same festival day of the other edition and gives it a slug of that year', () => {
    const copies = copySessions(
      [session('opening-2025', { edition: '2025', date: '2025-10-24' }), session('indigo', { edition: '2025', date: '2025-10-24', endDate: '2025-10-25' }), session('finale', { edition: '2025', date: '2025-10-25' })],
      { key: '2025', startDate: '2025-10-24' },
      { key: '2026', startDate: '2026-10-23' },
    );
    expect(copies.map((c) => [c.slug, c.edition, c.date, c.endDate])).toEqual([
      ['opening-2026', '2026', '2026-10-23', undefined],
      ['indigo-2026', '2026', '2026-10-23', '2026-10-24'],
      ['finale-2026', '2026', '2026-10-24', undefined],
    ]);
    expect(copies[0]).toMatchObject({ title: 'opening-2025', starts: '10:00', venue: 'main-hall' });
  });

  it('sessionProblems: a session ends after it starts; the last day is not before the first', () => {
    expect(sessionProblems(session('ok'))).toEqual([]);
    expect(sessionProblems(session('same', { ends: '10:00' }))).toEqual([{ field: 'ends', message: 'A session ends after it starts.' }]);
    expect(sessionProblems(session('back', { ends: '09:00' }))).toEqual([{ field: 'ends', message: 'A session ends after it starts.' }]);
    expect(sessionProblems(session('days', { endDate: '2026-10-25', ends: '09:00' }))).toEqual([]);
    expect(sessionProblems(session('before', { endDate: '2026-10-23' }))).toEqual([{ field: 'endDate', message: 'The last day cannot be before the first.' }]);
  });

  it('parseBook: "Title | https://…", the link optional, a bar without a link kept as the title', () => {
    expect(parseBook(' Letters from Ake | https://books.example/x ')).toEqual({ title: 'Letters from Ake', url: 'https://books.example/x' });
    expect(parseBook('Just a title')).toEqual({ title: 'Just a title' });
    expect(parseBook('Either | or')).toEqual({ title: 'Either | or' });
    expect(parseBook(' | https://books.example/x')).toEqual({ title: '| https://books.example/x' });
  });

  it("the seeded programme is the edition's: its sessions name seeded venues and fit the kind's fields and checks", () => {
    const edition = { ...SEED_EDITION, key: '2027', startDate: '2027-10-22' };
    const venues = new Set(venuesFallback().map((v) => v.slug));
    const seeded = sessionsFallback(edition);
    expect(seeded).toHaveLength(programsFallback.length);
    for (const s of seeded) {
      expect(venues.has(String(s.venue))).toBe(true);
      expect(s.edition).toBe('2027');
      expect(String(s.date) >= '2027-10-22').toBe(true);
      expect(entrySchema(CONTENT_KINDS.sessions.fields).safeParse(s).success).toBe(true);
      expect(sessionProblems(s)).toEqual([]);
    }
  });
});

describe("the programme's answers (contract/content/programme-answers.ts)", () => {
  const { sessions } = joinProgramme(
    [
      session('with-avatar', { avatar: '/images/a.webp', image: '/images/i.webp', speakers: ['ada'] }),
      session('with-speaker', { starts: '11:00', ends: '12:00', image: '/images/i.webp', speakers: ['bare', 'ada'] }),
      session('with-image', { starts: '12:00', ends: '13:00', image: '/images/i.webp', room: 'Room 2' }),
      session('bare', { starts: '13:00', ends: '14:00', description: '<script>x</script>' }),
      session('last-year', { edition: '2025', date: '2025-10-24' }),
    ],
    [speaker('ada', { photo: '/images/ada.webp' }), speaker('bare')],
    [venue('main-hall', { name: 'Main Hall', address: 'Ake Road' })],
  );

  it("a row's picture: the session's avatar, else its first speaker's photo, else its image, else the default", () => {
    expect(sessions.filter((s) => s.edition === '2026').map(sessionAvatar)).toEqual(['/images/a.webp', '/images/ada.webp', '/images/i.webp', SESSION_DEFAULT_IMAGE]);
  });

  it("programsOf: the edition's sessions as the spec's rows (id = slug, the category, the start as subtitle)", () => {
    const rows = programsOf(sessions, '2026');
    expect(rows.map((r) => r.id)).toEqual(['with-avatar', 'with-speaker', 'with-image', 'bare']);
    expect(rows[2]).toEqual({ id: 'with-image', leftLabel: 'Readings', title: 'with-image', subtitle: 'Saturday 24 October · 12:00', avatar: '/images/i.webp', slug: 'with-image' });
  });

  it("sessionDetail: venue and room, the venue's address (else the festival's), the description as sanitised HTML", () => {
    const withImage = sessionDetail(sessions.find((s) => s.slug === 'with-image')!);
    expect(withImage).toMatchObject({ kind: 'program', venue: 'Main Hall, Room 2', address: 'Ake Road', description: '<p>Text.</p>', image: '/images/i.webp' });
    const bare = sessionDetail(sessions.find((s) => s.slug === 'bare')!);
    expect(bare.description).toBe('<p>bare</p>');
    expect(bare.image).toBe(SESSION_DEFAULT_IMAGE);
    const noAddress = joinProgramme([session('x')], [], [venue('main-hall')]).sessions[0]!;
    expect(sessionDetail(noAddress).address).toBe(FESTIVAL_ADDRESS);
  });
});

describe('the ref field (contract/content/entry-fields.ts)', () => {
  const fields: EntryField[] = [
    { name: 'venue', label: 'Venue', kind: 'ref', ref: 'venues' },
    { name: 'speakers', label: 'Speakers', kind: 'ref', ref: 'speakers', multiple: true, max: 2, optional: true },
  ];
  const schema = entrySchema(fields);
  const errors = (input: Record<string, unknown>) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('keeps one slug, or a list of them (one a line from a form), in the order chosen', () => {
    expect(schema.parse({ venue: ' main-hall ', speakers: 'ada\nwole-ade' })).toEqual({ venue: 'main-hall', speakers: ['ada', 'wole-ade'] });
    expect(schema.parse({ venue: 'main-hall', speakers: ['wole-ade', 'ada'] })).toEqual({ venue: 'main-hall', speakers: ['wole-ade', 'ada'] });
    expect(schema.parse({ venue: 'main-hall', speakers: '' })).toEqual({ venue: 'main-hall' });
  });

  it('checks only the form of a slug: required, small letters and hyphens, each once, at most max', () => {
    expect(errors({})).toHaveProperty('venue');
    expect(Object.keys(errors({ venue: 'Main Hall' }))).toEqual(['venue']);
    expect(Object.keys(errors({ venue: 'main-hall', speakers: ['ada', 'ada'] }))).toEqual(['speakers']);
    expect(Object.keys(errors({ venue: 'main-hall', speakers: ['a', 'b', 'c'] }))).toEqual(['speakers']);
    expect(Object.keys(errors({ venue: 'main-hall', speakers: ['Not A Slug'] }))).toEqual(['speakers']);
    // Whether the slug names an entry is the backend's check.
    expect(errors({ venue: 'no-such-hall' })).toEqual({});
  });
});
