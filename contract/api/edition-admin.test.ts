import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/contract/forms/messages';
import { editionFrom } from '@/contract/edition';
import { EDITION_FORM_MESSAGES, VENUE_MAX_CHARS, editionFormValues, editionPayloadSchema } from './edition-admin';
import { gateSyncSchema } from './gate';

type Parse = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const errorsOf = (result: Parse) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

/** Issue 42: the edition's one-line field holds one line, and no NUL reaches a page. */
describe('the edition payload (/staff/edition)', () => {
  const base = { startDate: '2026-10-24', endDate: '2026-10-25', venue: 'Centenary Hall, Ake', capacity: '', registrationOpensAt: '', registrationClosesAt: '' };

  it('a venue with a line break, a bidi control, NUL or another control character is refused with its one-line message', () => {
    for (const venue of ['Hall\r\nX-Injected: 1', 'Hall\nB', 'Hall\rB', 'Hall\u2028B', 'Hall\u2029B', 'Hall\u0085B', 'Hall\u202EB', '\u2066Hall', 'Hall\u0000', '\u0000', 'Hall\u0007B', 'Hall\u001BB', 'Hall\n']) {
      const result = editionPayloadSchema.safeParse({ ...base, venue });
      expect(result.success, JSON.stringify(venue)).toBe(false);
      expect(errorsOf(result), JSON.stringify(venue)).toStrictEqual({ venue: EDITION_FORM_MESSAGES.venueOneLine });
    }
  });

  it('a one-line venue is kept, trimmed; the other venue messages are as before', () => {
    expect(editionPayloadSchema.parse({ ...base, venue: '  Ìtàn Hall, Ake \t' }).venue).toBe('Ìtàn Hall, Ake');
    expect(errorsOf(editionPayloadSchema.safeParse({ ...base, venue: '   ' }))).toEqual({ venue: EDITION_FORM_MESSAGES.venue });
    expect(errorsOf(editionPayloadSchema.safeParse({ ...base, venue: 12 }))).toEqual({ venue: EDITION_FORM_MESSAGES.venue });
    expect(errorsOf(editionPayloadSchema.safeParse({ ...base, venue: 'x'.repeat(VENUE_MAX_CHARS + 1) }))).toEqual({ venue: EDITION_FORM_MESSAGES.venueLong });
  });

  it('the name and number (issue 40): empty is null (the default), a name one line of at most 120, a number a whole number from 1 to 1,000', () => {
    expect(editionPayloadSchema.parse(base)).toMatchObject({ name: null, number: null });
    expect(editionPayloadSchema.parse({ ...base, name: '  ', number: ' ' })).toMatchObject({ name: null, number: null });
    expect(editionPayloadSchema.parse({ ...base, name: ' Ìtàn Festival 2026: Homecoming ', number: ' 2 ' })).toMatchObject({ name: 'Ìtàn Festival 2026: Homecoming', number: 2 });
    expect(editionPayloadSchema.parse({ ...base, number: 7 }).number).toBe(7);
    for (const name of ['Ìtàn\nFestival', 'Ìtàn\u0000', 'Ìtàn\u202EFestival', 'Ìtàn Festival\r\n']) {
      expect(errorsOf(editionPayloadSchema.safeParse({ ...base, name })), JSON.stringify(name)).toStrictEqual({ name: EDITION_FORM_MESSAGES.nameOneLine });
    }
    expect(errorsOf(editionPayloadSchema.safeParse({ ...base, name: 'x'.repeat(121) }))).toStrictEqual({ name: EDITION_FORM_MESSAGES.nameLong });
    expect(editionPayloadSchema.parse({ ...base, name: 'x'.repeat(120) }).name).toHaveLength(120);
    for (const number of ['0', '-1', '2.5', 'second', '1001', '1e2', 0, 2.5, 1001]) {
      expect(errorsOf(editionPayloadSchema.safeParse({ ...base, number })), String(number)).toStrictEqual({ number: EDITION_FORM_MESSAGES.number });
    }
    // The form shows the default values empty, so a save keeps them following the dates.
    const now = new Date('2026-01-01T00:00:00Z');
    expect(editionFormValues(editionFrom({ startDate: '2026-10-24' }, now))).toMatchObject({ name: '', number: '' });
    expect(editionFormValues(editionFrom({ startDate: '2026-10-24', name: 'Homecoming', number: 9 }, now))).toMatchObject({ name: 'Homecoming', number: '9' });
  });

  it('the dates and instants refuse NUL too (the base string schema: Invalid value)', () => {
    expect(errorsOf(editionPayloadSchema.safeParse({ ...base, startDate: '2026-10-24\u0000' }))).toEqual({ startDate: MESSAGES.invalid });
    expect(errorsOf(editionPayloadSchema.safeParse({ ...base, registrationOpensAt: '2026-09-01T09:00\u0000' })).registrationOpensAt).toBeDefined();
  });
});

describe('a gate phone’s name (staff, one line)', () => {
  const sync = (name: string) => ({ device: { id: 'device-0001', name }, scans: [] });
  it('refuses a line break or NUL, keeps a one-line name', () => {
    expect(errorsOf(gateSyncSchema.safeParse(sync('North\r\ndoor')))).toEqual({ 'device.name': MESSAGES.invalid });
    expect(errorsOf(gateSyncSchema.safeParse(sync('North\u0000door')))).toEqual({ 'device.name': MESSAGES.invalid });
    expect(gateSyncSchema.safeParse(sync(' North door ')).success).toBe(true);
  });
});
