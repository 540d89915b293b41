import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './calendar-days';

describe('calendar days', () => {
  it('adds days across a month, a year and a leap day', () => {
    expect(addDays('2027-10-24', 1)).toBe('2027-10-25');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-01-01', -1)).toBe('2027-12-31');
  });

  it('counts the days between two dates, negative when the second is earlier', () => {
    expect(daysBetween('2027-10-24', '2028-10-22')).toBe(364);
    expect(daysBetween('2028-10-22', '2027-10-24')).toBe(-364);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-10-24', '2027-10-24')).toBe(0);
  });

  it('the two agree: moving by the days between lands on the other date', () => {
    for (const [from, to] of [['2026-10-24', '2031-03-15'], ['2030-01-01', '2026-12-31']] as const) {
      expect(addDays(from, daysBetween(from, to))).toBe(to);
    }
  });
});
