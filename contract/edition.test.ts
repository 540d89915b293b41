import { describe, expect, it } from 'vitest';
import { FIRST_EDITION_YEAR } from './festival';
import {
  defaultEditionName,
  defaultEditionNumber,
  defaultFestivalDates,
  editionDates,
  editionFrom,
  editionKeySchema,
  editionKeyYear,
  editionName,
  editionNameSchema,
  editionNumberSchema,
  editionPhase,
  editionStatus,
  festivalEndsAt,
  festivalStartsAt,
  formatInstant,
  givingBackOpen,
  instantSchema,
  lagosDate,
  parseInstant,
  registrationState,
  registrationWindowState,
  REGISTRATION_WINDOW_MESSAGES,
  walkInWindowState,
  type Edition,
} from './edition';

const at = (iso: string) => new Date(iso);

describe('the default edition rolls forward to the next 24–25 October that has not ended', () => {
  it('24 November 2026 (the edition is over): 24–25 October 2027', () => {
    expect(defaultFestivalDates(at('2026-11-24T12:00:00+01:00'))).toEqual({ startDate: '2027-10-24', endDate: '2027-10-25' });
  });

  it('before October: this year’s', () => {
    expect(defaultFestivalDates(at('2026-01-01T00:00:00+01:00'))).toEqual({ startDate: '2026-10-24', endDate: '2026-10-25' });
    expect(defaultFestivalDates(at('2026-10-24T10:00:00+01:00'))).toEqual({ startDate: '2026-10-24', endDate: '2026-10-25' });
  });

  it('25 October 23:59 Lagos is still this year’s festival; 26 October 00:00 Lagos is next year’s', () => {
    expect(defaultFestivalDates(at('2026-10-25T23:59:59+01:00')).startDate).toBe('2026-10-24');
    // 22:59 UTC on the 25th is 23:59 in Lagos: still the festival's last day.
    expect(defaultFestivalDates(at('2026-10-25T22:59:59Z')).startDate).toBe('2026-10-24');
    expect(defaultFestivalDates(at('2026-10-26T00:00:00+01:00')).startDate).toBe('2027-10-24');
    expect(defaultFestivalDates(at('2026-10-25T23:00:00Z')).startDate).toBe('2027-10-24');
  });

  it('the last minutes of a Lagos year (31 December 23:30 UTC is already 1 January in Lagos)', () => {
    expect(lagosDate(at('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(defaultFestivalDates(at('2026-12-31T23:30:00Z')).startDate).toBe('2027-10-24');
  });

  it('editionFrom: no settings → the rolled-forward dates, the default venue, no limit, open now, closing when the festival ends', () => {
    const edition = editionFrom({}, at('2026-11-24T12:00:00Z'));
    expect(edition).toEqual({
      key: '2027',
      name: 'Ìtàn Festival 2027',
      number: 3,
      startDate: '2027-10-24',
      endDate: '2027-10-25',
      venue: 'Centenary Hall, Ake, Abeokuta',
      capacity: null,
      registrationOpensAt: null,
      registrationClosesAt: '2027-10-25T23:00:00.000Z',
    });
  });

  it('editionFrom: the key is the start date’s year unless one is set (issue 41); the key schema takes a year and labels', () => {
    expect(editionFrom({ startDate: '2027-10-24' }, at('2027-01-01T00:00:00Z')).key).toBe('2027');
    expect(editionFrom({ startDate: '2027-10-31' }, at('2027-01-01T00:00:00Z')).key).toBe('2027');
    expect(editionFrom({ startDate: '2028-01-09', key: '2027' }, at('2027-01-01T00:00:00Z')).key).toBe('2027');
    expect(editionFrom({ startDate: '2027-04-10', key: null }, at('2027-01-01T00:00:00Z')).key).toBe('2027');
    for (const key of ['2027', '2027-autumn', '2027-10-24', '2027-Lagos-2']) expect(editionKeySchema.safeParse(key).success, key).toBe(true);
    for (const key of ['', 'autumn', '27', '2027.1', '2027-', '2027 autumn', '2027--x', `2027-${'a'.repeat(40)}`]) expect(editionKeySchema.safeParse(key).success, key).toBe(false);
    expect(editionKeyYear('2027-autumn')).toBe('2027');
  });

  it('editionFrom: the name and number default from the dates (the number counted from FIRST_EDITION_YEAR, 2025: the 1st); set ones win (issue 40)', () => {
    expect(FIRST_EDITION_YEAR).toBe(2025);
    const now = at('2025-01-01T00:00:00Z');
    expect(editionFrom({ startDate: '2025-10-24' }, now)).toMatchObject({ name: 'Ìtàn Festival 2025', number: 1 });
    expect(editionFrom({ startDate: '2027-10-24' }, now)).toMatchObject({ name: 'Ìtàn Festival 2027', number: 3 });
    expect(editionFrom({ startDate: '2028-10-22' }, now)).toMatchObject({ name: 'Ìtàn Festival 2028', number: 4 });
    // Before the first festival (a rehearsal's dates): the 1st, never 0 or less.
    expect(editionFrom({ startDate: '2023-10-24' }, now).number).toBe(1);
    // Null, empty or blank: the default; set values win, trimmed.
    expect(editionFrom({ startDate: '2027-10-24', name: null, number: null }, now)).toMatchObject({ name: 'Ìtàn Festival 2027', number: 3 });
    expect(editionFrom({ startDate: '2027-10-24', name: '   ', number: 0 }, now)).toMatchObject({ name: 'Ìtàn Festival 2027', number: 3 });
    expect(editionFrom({ startDate: '2027-10-24', name: ' Ìtàn Festival 2027: Homecoming ', number: 5 }, now)).toMatchObject({ name: 'Ìtàn Festival 2027: Homecoming', number: 5 });
    // They follow the key, the edition's identity: 2027's festival postponed to January 2028 is still 2027's, the 3rd.
    expect(editionFrom({ startDate: '2028-01-16', key: '2027' }, now)).toMatchObject({ name: 'Ìtàn Festival 2027', number: 3 });
    expect(editionFrom({ startDate: '2027-04-10', key: '2027-spring' }, now)).toMatchObject({ name: 'Ìtàn Festival 2027', number: 3 });
    // Rolled-forward dates roll the defaults with them.
    expect(editionFrom({}, at('2027-10-26T12:00:00+01:00'))).toMatchObject({ startDate: '2028-10-24', name: 'Ìtàn Festival 2028', number: 4 });
    expect(defaultEditionName('2030')).toBe('Ìtàn Festival 2030');
    expect(defaultEditionNumber('2030-spring')).toBe(6);
    expect(editionName({ startDate: '2027-10-24', name: 'Ìtàn Festival 2027: Homecoming' })).toBe('Ìtàn Festival 2027: Homecoming');
  });

  it('FESTIVAL_EDITION_NAME and FESTIVAL_EDITION_NUMBER: one line, a whole number from 1 to 1000', () => {
    expect(editionNameSchema.parse('  Ìtàn Festival 2027  ')).toBe('Ìtàn Festival 2027');
    for (const bad of ['', 'two\nlines', 'x'.repeat(121)]) expect(editionNameSchema.safeParse(bad).success, bad).toBe(false);
    expect(editionNumberSchema.parse('3')).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'three', '1001']) expect(editionNumberSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('editionFrom: configured dates win, a start alone is a one-day festival', () => {
    expect(editionFrom({ startDate: '2026-11-27', endDate: '2026-11-28' }, at('2030-01-01T00:00:00Z'))).toMatchObject({ startDate: '2026-11-27', endDate: '2026-11-28' });
    expect(editionFrom({ startDate: '2026-11-27' }, at('2026-01-01T00:00:00Z'))).toMatchObject({ startDate: '2026-11-27', endDate: '2026-11-27', registrationClosesAt: '2026-11-27T23:00:00.000Z' });
  });
});

describe('festival days are Lagos days', () => {
  it('starts at 00:00 Lagos on the first day, ends at 00:00 Lagos after the last', () => {
    const dates = { startDate: '2026-10-24', endDate: '2026-10-25' };
    expect(festivalStartsAt(dates).toISOString()).toBe('2026-10-23T23:00:00.000Z');
    expect(festivalEndsAt(dates).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('names and dates the edition', () => {
    expect(editionName({ startDate: '2027-10-24' })).toBe('Ìtàn Festival 2027');
    expect(editionDates({ startDate: '2027-10-24', endDate: '2027-10-25' })).toBe('24–25 October 2027');
  });
});

describe('instants as configured', () => {
  it('a date is the start of that day in Lagos, a time without offset is Lagos time, an offset is kept', () => {
    expect(parseInstant('2026-09-01')?.toISOString()).toBe('2026-08-31T23:00:00.000Z');
    expect(parseInstant('2026-09-01T09:00')?.toISOString()).toBe('2026-09-01T08:00:00.000Z');
    expect(parseInstant('2026-09-01T09:00:00Z')?.toISOString()).toBe('2026-09-01T09:00:00.000Z');
    expect(parseInstant('1 September')).toBeUndefined();
    expect(instantSchema.safeParse('tomorrow').success).toBe(false);
  });

  it('formats an instant in Lagos time', () => {
    expect(formatInstant('2026-09-01T08:00:00Z')).toBe('1 September 2026, 09:00');
    expect(REGISTRATION_WINDOW_MESSAGES.notYet('2026-09-01T08:00:00Z')).toBe('Registration is not open yet. It opens on 1 September 2026, 09:00 (Lagos time).');
  });
});

/** 24–25 October 2026; registration 1 September 09:00 Lagos until the festival ends; 100 wristbands. */
const edition: Edition = {
  key: '2026',
  name: 'Ìtàn Festival 2026',
  number: 2,
  startDate: '2026-10-24',
  endDate: '2026-10-25',
  venue: 'Centenary Hall, Ake, Abeokuta',
  capacity: 100,
  registrationOpensAt: '2026-09-01T08:00:00.000Z',
  registrationClosesAt: '2026-10-25T23:00:00.000Z',
};

describe('every phase boundary', () => {
  it('announced until registration opens, to the millisecond', () => {
    expect(editionPhase(edition, at('2026-09-01T07:59:59.999Z'), 100)).toBe('announced');
    expect(registrationWindowState(edition, at('2026-09-01T07:59:59.999Z'))).toBe('not-yet');
    expect(editionPhase(edition, at('2026-09-01T08:00:00.000Z'), 100)).toBe('open');
  });

  it('open while places remain; sold out at none (or fewer); unknown places (null) never sell out', () => {
    const now = at('2026-10-01T12:00:00Z');
    expect(editionPhase(edition, now, 1)).toBe('open');
    expect(editionPhase(edition, now, 0)).toBe('sold-out');
    expect(registrationState(edition, now, 0)).toBe('sold-out');
    expect(editionPhase(edition, now, null)).toBe('open');
  });

  it('closed from the moment the window closes, before the festival', () => {
    const early = { ...edition, registrationClosesAt: '2026-10-20T23:00:00.000Z' };
    expect(editionPhase(early, at('2026-10-20T22:59:59.999Z'), 5)).toBe('open');
    expect(editionPhase(early, at('2026-10-20T23:00:00.000Z'), 5)).toBe('closed');
    expect(editionPhase(early, at('2026-10-20T23:00:00.000Z'), 0)).toBe('closed');
  });

  it('live from 00:00 Lagos on the first day until 00:00 Lagos after the last; registration may still be open then', () => {
    expect(editionPhase(edition, at('2026-10-23T22:59:59.999Z'), 5)).toBe('open');
    expect(editionPhase(edition, at('2026-10-23T23:00:00.000Z'), 5)).toBe('live');
    expect(registrationState(edition, at('2026-10-23T23:00:00.000Z'), 5)).toBe('open');
    expect(editionPhase(edition, at('2026-10-25T22:59:59.999Z'), 0)).toBe('live');
    expect(registrationState(edition, at('2026-10-25T22:59:59.999Z'), 0)).toBe('sold-out');
  });

  it('after from 00:00 Lagos after the last day, registration closed', () => {
    const now = at('2026-10-25T23:00:00.000Z');
    expect(editionPhase(edition, now, 5)).toBe('after');
    expect(registrationState(edition, now, 5)).toBe('closed');
  });

  it('the status: the waiting list only when sold out and available', () => {
    const now = at('2026-10-01T12:00:00Z');
    expect(editionStatus(edition, now, 0, true)).toMatchObject({ phase: 'sold-out', registration: 'sold-out', waitingList: true, remaining: 0, now: now.toISOString() });
    expect(editionStatus(edition, now, 0, false).waitingList).toBe(false);
    expect(editionStatus(edition, now, 3, true).waitingList).toBe(false);
  });
});

describe('the festival days’ own rules, on the edition’s one clock (issue 41)', () => {
  it('wristbands may be given back until 00:00 Lagos on the first day, never after', () => {
    expect(givingBackOpen(edition, at('2026-09-15T12:00:00Z'))).toBe(true);
    // 23:59:59 on the 23rd in Lagos is 22:59:59 UTC: still the day before.
    expect(givingBackOpen(edition, at('2026-10-23T22:59:59.999Z'))).toBe(true);
    expect(givingBackOpen(edition, at('2026-10-23T23:00:00.000Z'))).toBe(false);
    expect(givingBackOpen(edition, at('2026-10-25T12:00:00+01:00'))).toBe(false);
    expect(givingBackOpen(edition, at('2026-10-26T12:00:00+01:00'))).toBe(false);
  });

  it('walk-ins: while the public may register, and on the festival days even when the public window closed earlier', () => {
    const early = { ...edition, registrationClosesAt: '2026-10-20T23:00:00.000Z' };
    expect(walkInWindowState(early, at('2026-08-31T12:00:00Z'))).toBe('not-yet');
    expect(walkInWindowState(early, at('2026-10-01T12:00:00Z'))).toBe('open');
    expect(walkInWindowState(early, at('2026-10-22T12:00:00Z'))).toBe('closed');
    expect(registrationWindowState(early, at('2026-10-24T10:00:00+01:00'))).toBe('closed');
    expect(walkInWindowState(early, at('2026-10-23T23:00:00.000Z'))).toBe('open');
    expect(walkInWindowState(early, at('2026-10-25T22:59:59.999Z'))).toBe('open');
    expect(walkInWindowState(early, at('2026-10-25T23:00:00.000Z'))).toBe('closed');
    // A window that opens only on the day: the festival days open it for walk-ins.
    const late = { ...edition, registrationOpensAt: '2026-10-25T08:00:00.000Z' };
    expect(walkInWindowState(late, at('2026-10-24T10:00:00+01:00'))).toBe('open');
    expect(walkInWindowState(late, at('2026-10-23T10:00:00+01:00'))).toBe('not-yet');
  });
});
