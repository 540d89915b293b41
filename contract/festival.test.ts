import { describe, expect, it } from 'vitest';
import { categorySlug, formatDate, formatFestivalDates, formatNaira } from './festival';

describe('festival formatting', () => {
  it('formats dates in Lagos time', () => {
    expect(formatDate('2025-07-22')).toBe('22 July 2025');
    // 23:30 UTC on the 21st is already the 22nd in Lagos (UTC+1).
    expect(formatDate('2025-07-21T23:30:00Z')).toBe('22 July 2025');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('formats festival date ranges', () => {
    expect(formatFestivalDates('2025-10-24', '2025-10-25')).toBe('24–25 October 2025');
    expect(formatFestivalDates('2025-10-31', '2025-11-01')).toBe('31 October – 1 November 2025');
    expect(formatFestivalDates('2025-12-31', '2026-01-01')).toBe('31 December 2025 – 1 January 2026');
    expect(formatFestivalDates('2025-10-24', '2025-10-24')).toBe('24 October 2025');
  });

  it('formats naira', () => {
    expect(formatNaira(5000)).toBe('₦5,000');
    expect(formatNaira(100)).toBe('₦100');
  });

  it('slugs categories', () => {
    expect(categorySlug('Event Report')).toBe('event-report');
    expect(categorySlug('  Workshop Series ')).toBe('workshop-series');
    // Folded (contract/fold.ts): a Yorùbá category keeps its letters (it was 'k-r' and '').
    expect(categorySlug('Ẹ̀kọ́ Ọ̀rọ̀')).toBe('eko-oro');
    expect(categorySlug('Àṣà')).toBe('asa');
  });
});
