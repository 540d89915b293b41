import { DAY_MS, addDays } from './calendar-days';
import { CONTACT_RESPONSE_BUSINESS_DAYS } from './festival';

/**
 * Lagos working days, for the promise "a response within 5 business days" to every partnership
 * proposal (issue 31). Pure: no clock, no configuration.
 *
 * A working day is a Monday to Friday in Africa/Lagos that is not one of Nigeria's public holidays
 * we can compute: the fixed-date ones (1 January, 1 May, 12 June, 1 October, 25 and 26 December)
 * and Good Friday and Easter Monday (from the Gregorian Easter). The Islamic holidays (Eid al-Fitr,
 * Eid al-Adha, Mawlid) follow the sighting of the moon and are announced days before: they cannot
 * be computed reliably, so they count as working days, as do substitute days the government
 * declares. Either way the deadline shown can only come a day early, never late.
 *
 * Lagos keeps West Africa Time, UTC+1, all year (no daylight saving since 1919): the offset is a
 * constant, so this needs no time-zone database.
 */
const LAGOS_OFFSET_MS = 60 * 60_000;

/** "YYYY-MM-DD" of the Lagos calendar day an instant falls on. */
export function lagosDate(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** Easter Sunday of a Gregorian year ("YYYY-MM-DD"): the anonymous Gregorian algorithm (Meeus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** New Year, Workers' Day, Democracy Day, Independence Day, Christmas, Boxing Day (MM-DD). */
const FIXED_HOLIDAYS = ['01-01', '05-01', '06-12', '10-01', '12-25', '12-26'] as const;

/** The computable Nigerian public holidays of a year, "YYYY-MM-DD", in date order. */
export function nigerianHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const days = [...FIXED_HOLIDAYS.map((md) => `${year}-${md}`), addDays(easter, -2), addDays(easter, 1)];
  return days.sort();
}

const holidayCache = new Map<number, ReadonlySet<string>>();
function holidaysOf(year: number): ReadonlySet<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(nigerianHolidays(year));
    holidayCache.set(year, set);
  }
  return set;
}

/** Monday to Friday and not a computable public holiday ("YYYY-MM-DD", a Lagos date). */
export function isLagosWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(Number(date.slice(0, 4))).has(date);
}

/**
 * The Lagos date `days` working days after the day of `submitted`: the day of submission never
 * counts (whatever its hour), so a proposal sent on Friday evening, on Saturday or on Sunday is
 * due on the fifth working day from Monday.
 */
export function businessDaysAfter(submitted: Date, days: number): string {
  let date = lagosDate(submitted);
  let left = days;
  while (left > 0) {
    date = addDays(date, 1);
    if (isLagosWorkingDay(date)) left -= 1;
  }
  return date;
}

/** The last millisecond of a Lagos calendar day, as an instant (ISO, UTC): 23:59:59.999 in Lagos. */
export function endOfLagosDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS - LAGOS_OFFSET_MS - 1).toISOString();
}

/** The working days a partnership proposal is answered within (the acknowledgement mail says so). */
export const PROPOSAL_REPLY_DAYS = 5;

/** When a proposal submitted at `submitted` must have its answer: the end of its fifth Lagos working day. */
export function proposalDeadline(submitted: Date): string {
  return endOfLagosDay(businessDaysAfter(submitted, PROPOSAL_REPLY_DAYS));
}

/** The working days a contact message is answered within (/contact and its acknowledgement say so; CONTACT_RESPONSE_BUSINESS_DAYS). */
export const CONTACT_REPLY_DAYS = CONTACT_RESPONSE_BUSINESS_DAYS;

/** When a contact message sent at `submitted` must have its answer: the end of its third Lagos working day (issue 43). */
export function contactDeadline(submitted: Date): string {
  return endOfLagosDay(businessDaysAfter(submitted, CONTACT_REPLY_DAYS));
}
