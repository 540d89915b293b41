import { describe, expect, it } from 'vitest';
import type { AdminEntry } from '@/contract/api/entries';
import { CONTENT_KINDS } from '@/contract/content/kinds';
import { chosenEdition, chosenFirst, datedRowLabel, editionsOf, refOptions, refValues, sortByDate, whenLabel } from './entry-rows';
import { postedEntryValues } from './entry-form';
import { formDataToObject } from '@/contract/forms/form-state';

const orderedBy = CONTENT_KINDS.sessions.orderedBy;

const entry = (id: string, draft: Record<string, unknown>, status: AdminEntry['status'] = 'published', position = 0): AdminEntry => ({
  id,
  position,
  status,
  draft,
  published: status === 'draft' ? null : draft,
  updatedAt: '2027-01-01T00:00:00Z',
  updatedBy: null,
});

describe("the staff list's dated rows (sessions)", () => {
  it('names a session by its day, start and title: "Sat 24 Oct 10:00 · Title"', () => {
    expect(datedRowLabel({ date: '2026-10-24', starts: '10:00' }, orderedBy, 'Opening reading')).toBe('Sat 24 Oct 10:00 · Opening reading');
    // 2027-10-24 is a Sunday: the weekday comes from the date, never from the seed.
    expect(whenLabel({ date: '2027-10-24', starts: '18:30' }, orderedBy)).toBe('Sun 24 Oct 18:30');
    expect(whenLabel({ date: '2027-10-24' }, orderedBy)).toBe('Sun 24 Oct');
    expect(datedRowLabel({ date: 'soon', starts: '25:00:00' }, orderedBy, 'Untimed')).toBe('Untimed');
    expect(datedRowLabel({}, orderedBy, 'Nothing yet')).toBe('Nothing yet');
  });

  it('orders by day and time, then by place in the list', () => {
    const rows = [
      entry('c', { date: '2027-10-25', starts: '09:00' }, 'published', 0),
      entry('b', { date: '2027-10-24', starts: '18:00' }, 'published', 1),
      entry('a', { date: '2027-10-24', starts: '10:00' }, 'published', 3),
      entry('a2', { date: '2027-10-24', starts: '10:00' }, 'published', 2),
    ];
    expect(sortByDate(rows, orderedBy).map((e) => e.id)).toEqual(['a2', 'a', 'b', 'c']);
  });

  it('lists the editions with sessions and the current one, newest first; an unknown ?edition= shows the current one', () => {
    const rows = [entry('1', { edition: '2025' }), entry('2', { edition: '2026' }), entry('3', { edition: '2025' }), entry('4', {})];
    const editions = editionsOf(rows, orderedBy, '2027');
    expect(editions).toEqual(['2027', '2026', '2025']);
    expect(chosenEdition('2025', editions, '2027')).toBe('2025');
    expect(chosenEdition(['2026', '2025'], editions, '2027')).toBe('2026');
    expect(chosenEdition('1999', editions, '2027')).toBe('2027');
    expect(chosenEdition(undefined, editions, '2027')).toBe('2027');
    expect(chosenEdition('constructor', editions, '2027')).toBe('2027');
  });
});

describe("a ref field's options", () => {
  const speakers = [
    entry('s1', { slug: 'tunde-bello', name: 'Tunde Bello' }),
    entry('s2', { slug: 'chika-okafor', name: 'Chika Okafor' }, 'draft'),
    entry('s3', { name: 'No link name yet' }, 'draft'),
    entry('s4', { slug: 'ada-eze', name: '' }, 'changed'),
  ];

  it('offers every entry by its link name, named by the label field, drafts marked; keeps a value that names none', () => {
    expect(refOptions(speakers, 'name', ['gone-speaker', 'tunde-bello'])).toEqual([
      { value: 'tunde-bello', label: 'Tunde Bello' },
      { value: 'chika-okafor', label: 'Chika Okafor (draft)' },
      { value: 'ada-eze', label: 'ada-eze' },
      { value: 'gone-speaker', label: 'gone-speaker (not found)' },
    ]);
  });

  it('puts the chosen ones first, in their kept order, then the rest by name', () => {
    const options = refOptions(speakers, 'name', []);
    expect(chosenFirst(options, ['tunde-bello', 'ada-eze']).map((o) => o.value)).toEqual(['tunde-bello', 'ada-eze', 'chika-okafor']);
    expect(chosenFirst(options, []).map((o) => o.value)).toEqual(['ada-eze', 'chika-okafor', 'tunde-bello']);
  });

  it('reads a form value as its slugs: a list, or lines', () => {
    expect(refValues(['a', ' b ', '', 3])).toEqual(['a', 'b']);
    expect(refValues('a\r\nb\n\n c ')).toEqual(['a', 'b', 'c']);
    expect(refValues(undefined)).toEqual([]);
  });
});

describe("an entry form's posted values (the editor's action)", () => {
  const kind = CONTENT_KINDS.sessions;
  const post = (pairs: Array<[string, string]>) => {
    const data = new FormData();
    for (const [k, v] of pairs) data.append(k, v);
    return formDataToObject(data);
  };

  it("reads a multiple ref's ticked boxes as a list in the order posted; one box is a list of one, none an empty list", () => {
    expect(postedEntryValues(kind, post([['kind', 'sessions'], ['speakers', 'tunde-bello'], ['speakers', 'chika-okafor'], ['venue', 'main-hall']]))).toMatchObject({
      kind: 'sessions',
      speakers: ['tunde-bello', 'chika-okafor'],
      venue: 'main-hall',
    });
    expect(postedEntryValues(kind, post([['speakers', 'ada-eze']])).speakers).toEqual(['ada-eze']);
    expect(postedEntryValues(kind, post([['title', 'x']])).speakers).toEqual([]);
  });

  it("keeps the Add form's one-time key when it has the contract's form, and drops anything else", () => {
    expect(postedEntryValues(kind, post([['key', 'AbCdEfGhIjKlMnOpQrStUv']])).key).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(postedEntryValues(kind, post([['key', 'short']]))).not.toHaveProperty('key');
    expect(postedEntryValues(kind, post([['key', 'has spaces in it, not a key at all']]))).not.toHaveProperty('key');
  });
});
