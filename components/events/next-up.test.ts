import { describe, expect, it } from 'vitest';
import { nextUp } from './next-up';

/** "Next up" lists only dates that have not passed (issue 40), at the clock it is given. */
describe('nextUp', () => {
  const circle = (day: string) => ({ startsAt: `${day}T15:00:00+01:00`, endsAt: `${day}T18:30:00+01:00` });
  const dates = [circle('2027-11-27'), circle('2027-09-27'), circle('2028-01-29')];

  it('drops a passed date and lists the rest soonest first', () => {
    expect(nextUp(dates, new Date('2027-09-01T12:00:00+01:00'))).toEqual([circle('2027-09-27'), circle('2027-11-27'), circle('2028-01-29')]);
    expect(nextUp(dates, new Date('2027-10-01T12:00:00+01:00'))).toEqual([circle('2027-11-27'), circle('2028-01-29')]);
  });

  it('keeps a date that is on now; drops it the moment it ends', () => {
    expect(nextUp(dates, new Date('2027-09-27T18:29:59+01:00'))[0]).toEqual(circle('2027-09-27'));
    expect(nextUp(dates, new Date('2027-09-27T18:30:00+01:00'))[0]).toEqual(circle('2027-11-27'));
  });

  it('nothing left once every date has passed; an unreadable end is left out', () => {
    expect(nextUp(dates, new Date('2028-02-01T00:00:00Z'))).toEqual([]);
    expect(nextUp([{ startsAt: 'soon', endsAt: 'later' }], new Date('2027-01-01T00:00:00Z'))).toEqual([]);
  });
});
