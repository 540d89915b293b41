import { describe, expect, it } from 'vitest';
import type { EventDetail } from '@/contract/content/schemas';
import { shiftEventDetail } from '@/contract/content/shift';
import { editionFrom } from '@/contract/edition';

/** The two-day edition starting on `startDate`, with its default name and number. */
const startingOn = (startDate: string) =>
  editionFrom({ startDate, endDate: new Date(Date.parse(`${startDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) }, new Date(0));

const detail: EventDetail = {
  slug: 'x',
  title: 'Opening reading',
  kind: 'program',
  startsAt: '2025-10-24T10:00:00+01:00',
  endsAt: '2025-10-25T22:30:00+01:00',
  venue: 'Hall',
  address: 'Abeokuta',
  description: '<p>Hi</p>',
  image: '/images/content/x.webp',
};

describe('event times follow the configured festival dates', () => {
  it('leaves the programme alone on the default dates', () => {
    expect(shiftEventDetail(detail, startingOn('2025-10-24'))).toEqual(detail);
  });

  it('moves every time by whole days, keeping the local time and offset', () => {
    const moved = shiftEventDetail(detail, startingOn('2026-10-23'));
    expect(moved.startsAt).toBe('2026-10-23T10:00:00+01:00');
    expect(moved.endsAt).toBe('2026-10-24T22:30:00+01:00');
    expect(Date.parse(moved.endsAt) - Date.parse(moved.startsAt)).toBe(
      Date.parse(detail.endsAt) - Date.parse(detail.startsAt),
    );
  });

  it('moves backwards too', () => {
    expect(shiftEventDetail(detail, startingOn('2025-10-20')).startsAt).toBe('2025-10-20T10:00:00+01:00');
  });
});
