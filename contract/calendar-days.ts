/**
 * Whole-day arithmetic on "YYYY-MM-DD" calendar dates, done in UTC so no time zone or daylight
 * saving can add or lose an hour. Pure: no clock.
 */
export const DAY_MS = 86_400_000;

/** The date `n` days after `date` (before it when `n` is negative). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `to` is after `from` (negative when before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
