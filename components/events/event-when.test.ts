import { describe, expect, it } from 'vitest';
import { formatEventWhen } from './event-when';

describe('formatEventWhen', () => {
  it('shows a same-day event in Lagos time', () => {
    expect(formatEventWhen('2025-10-24T10:00:00+01:00', '2025-10-24T11:30:00+01:00')).toBe('Friday 24 October 2025, 10:00–11:30');
  });

  it('converts other offsets to Lagos time', () => {
    expect(formatEventWhen('2025-10-24T09:00:00Z', '2025-10-24T10:30:00Z')).toBe('Friday 24 October 2025, 10:00–11:30');
  });

  it('spells out both days for a multi-day event', () => {
    expect(formatEventWhen('2025-10-24T09:00:00+01:00', '2025-10-25T22:00:00+01:00')).toBe(
      'Friday 24 October 2025, 09:00 – Saturday 25 October 2025, 22:00',
    );
  });

  it('returns bad input unchanged rather than throwing', () => {
    expect(formatEventWhen('soon', 'later')).toBe('soon');
  });
});
