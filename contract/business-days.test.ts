import { describe, expect, it } from 'vitest';
import { businessDaysAfter, easterSunday, endOfLagosDay, isLagosWorkingDay, lagosDate, nigerianHolidays, proposalDeadline, contactDeadline } from './business-days';
import { isOverdue } from './api/inbox';

const due = (iso: string) => businessDaysAfter(new Date(iso), 5);

describe('Lagos working days', () => {
  it('Easter falls where the calendars say (so Good Friday and Easter Monday do)', () => {
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(nigerianHolidays(2026)).toEqual(['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-06-12', '2026-10-01', '2026-12-25', '2026-12-26']);
  });

  it('weekends and the computable public holidays are not working days', () => {
    expect(isLagosWorkingDay('2025-09-05')).toBe(true); // a Friday
    expect(isLagosWorkingDay('2025-09-06')).toBe(false); // Saturday
    expect(isLagosWorkingDay('2025-09-07')).toBe(false); // Sunday
    expect(isLagosWorkingDay('2025-10-01')).toBe(false); // Independence Day, a Wednesday
    expect(isLagosWorkingDay('2025-04-18')).toBe(false); // Good Friday
    expect(isLagosWorkingDay('2025-04-21')).toBe(false); // Easter Monday
    expect(isLagosWorkingDay('2025-04-22')).toBe(true);
  });

  it('the Lagos date is UTC+1 all year, as the time-zone database has it', () => {
    const tz = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let t = Date.parse('2025-01-01T00:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += 97 * 60_000 * 7) {
      expect(lagosDate(new Date(t))).toBe(tz.format(new Date(t)));
    }
    // Midnight in Lagos is 23:00 UTC the day before.
    expect(lagosDate(new Date('2025-09-04T22:59:59.999Z'))).toBe('2025-09-04');
    expect(lagosDate(new Date('2025-09-04T23:00:00.000Z'))).toBe('2025-09-05');
  });

  it('a Friday evening, a Saturday and a Sunday submission are all due on the Friday after next weekend', () => {
    expect(due('2025-09-05T08:00:00Z')).toBe('2025-09-12'); // Friday morning
    expect(due('2025-09-05T20:30:00Z')).toBe('2025-09-12'); // Friday 21:30 in Lagos
    expect(due('2025-09-05T22:59:00Z')).toBe('2025-09-12'); // Friday 23:59 in Lagos
    expect(due('2025-09-06T12:00:00Z')).toBe('2025-09-12'); // Saturday
    expect(due('2025-09-07T22:30:00Z')).toBe('2025-09-12'); // Sunday 23:30 in Lagos
  });

  it('Lagos midnight decides the day: 00:30 on Monday in Lagos is still Sunday in UTC', () => {
    expect(due('2025-09-07T23:30:00Z')).toBe('2025-09-15'); // Monday 00:30 in Lagos: due the next Monday
    expect(due('2025-09-04T22:59:59.999Z')).toBe('2025-09-11'); // Thursday 23:59:59 in Lagos
    expect(due('2025-09-04T23:00:00Z')).toBe('2025-09-12'); // Friday 00:00 in Lagos
  });

  it('skips public holidays: Independence Day, Christmas and Boxing Day, New Year, Easter, Democracy Day', () => {
    expect(due('2025-09-24T10:00:00Z')).toBe('2025-10-02'); // 1 October is skipped
    expect(due('2025-12-22T10:00:00Z')).toBe('2025-12-31'); // 25 and 26 December
    expect(due('2025-12-31T10:00:00Z')).toBe('2026-01-08'); // across the year, 1 January
    expect(due('2026-04-01T10:00:00Z')).toBe('2026-04-10'); // Good Friday and Easter Monday
    expect(due('2026-06-08T10:00:00Z')).toBe('2026-06-16'); // 12 June, a Friday
    expect(due('2025-12-24T23:30:00Z')).toBe('2026-01-05'); // submitted on Christmas Day in Lagos
  });

  it('the deadline is the last millisecond of the fifth working day in Lagos', () => {
    expect(endOfLagosDay('2025-09-12')).toBe('2025-09-12T22:59:59.999Z');
    expect(proposalDeadline(new Date('2025-09-05T20:30:00Z'))).toBe('2025-09-12T22:59:59.999Z');
    // A contact message is answered within 3 working days (/contact says so): Friday evening's by Wednesday night.
    expect(contactDeadline(new Date('2025-09-05T20:30:00Z'))).toBe('2025-09-10T22:59:59.999Z');
    const shown = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', dateStyle: 'full', timeStyle: 'medium' }).format(new Date(proposalDeadline(new Date('2025-09-05T20:30:00Z'))));
    expect(shown).toMatch(/^Friday,? 12 September 2025 at 23:59:59$/);
  });

  it('a proposal is overdue once the deadline has passed, with no reply, while new or in progress', () => {
    const dueAt = '2025-09-12T22:59:59.999Z';
    const before = new Date('2025-09-12T22:59:59.999Z');
    const after = new Date('2025-09-12T23:00:00.000Z');
    expect(isOverdue({ dueAt, status: 'new', replyCount: 0 }, before)).toBe(false);
    expect(isOverdue({ dueAt, status: 'new', replyCount: 0 }, after)).toBe(true);
    expect(isOverdue({ dueAt, status: 'in progress', replyCount: 0 }, after)).toBe(true);
    expect(isOverdue({ dueAt, status: 'new', replyCount: 1 }, after)).toBe(false);
    for (const status of ['accepted', 'declined', 'done'] as const) expect(isOverdue({ dueAt, status, replyCount: 0 }, after)).toBe(false);
    expect(isOverdue({ dueAt: null, status: 'new', replyCount: 0 }, after)).toBe(false);
  });
});
