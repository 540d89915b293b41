import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { shiftEventDetail } from '@/contract/content/shift';
import type { EventDetail } from '@/contract/content/schemas';
import { editionFrom } from '@/contract/edition';
import { eventDetailsFallback, eventsFallback } from '@/contract/fallbacks';
import { UPCOMING_TEXT, upcomingEvents } from './upcoming';
import { UpcomingEvents } from './upcoming-events';

/**
 * "Upcoming Events" moves on by itself (issue 40): at the edition's clock, an event whose date has
 * passed drops out, and once the festival is over it is no longer featured. The seeded events are
 * the 2027 edition's (24–25 October 2027): the book circle on 27 September, the build day on
 * 11 October, the forum on 23 October.
 */
const E2027 = editionFrom({ startDate: '2027-10-24', endDate: '2027-10-25' }, new Date('2027-01-01T00:00:00Z'));
const details = eventDetailsFallback.map((d) => shiftEventDetail(d, E2027));
const at = (iso: string) => new Date(iso);
const slugs = (s: ReturnType<typeof upcomingEvents>) => ({ featured: s.featured?.slug, grid: s.grid.map((e) => e.slug) });

describe('what Upcoming Events shows', () => {
  it('before anything has passed: the festival featured, the three others in the grid', () => {
    expect(slugs(upcomingEvents(eventsFallback, details, at('2027-09-01T09:00:00+01:00'), false))).toEqual({
      featured: 'annual-festival',
      grid: ['bi-monthly', 'literacy-libraries', 'creative-economy'],
    });
  });

  it('a passed date drops out: after the book circle, then after the forum', () => {
    expect(slugs(upcomingEvents(eventsFallback, details, at('2027-10-01T12:00:00+01:00'), false))).toEqual({
      featured: 'annual-festival',
      grid: ['literacy-libraries', 'creative-economy'],
    });
    // On the festival's first day: the festival (on now) alone.
    expect(slugs(upcomingEvents(eventsFallback, details, at('2027-10-24T10:00:00+01:00'), false))).toEqual({ featured: 'annual-festival', grid: [] });
  });

  it('after the festival it is no longer featured; with nothing announced, the section says so', () => {
    const after = upcomingEvents(eventsFallback, details, at('2027-11-02T09:00:00+01:00'), true);
    expect(slugs(after)).toEqual({ featured: undefined, grid: [] });
    const html = renderToStaticMarkup(<UpcomingEvents {...after} dates="24–25 October 2027" ended />);
    expect(html).toContain('Upcoming Events');
    expect(html).toContain(UPCOMING_TEXT.none);
    expect(html).toContain('href="#newsletter"');
    expect(html).not.toContain('Ìtàn Festival 2027');
    expect(html).not.toContain('More events');
  });

  it('after the festival, an event still to come takes the featured place, with its date', () => {
    const circle = details.find((d) => d.slug === 'bi-monthly')!;
    const november: EventDetail = { ...circle, startsAt: '2027-11-27T15:00:00+01:00', endsAt: '2027-11-27T18:30:00+01:00' };
    const later = upcomingEvents(eventsFallback, details.map((d) => (d.slug === 'bi-monthly' ? november : d)), at('2027-11-02T09:00:00+01:00'), true);
    expect(slugs(later)).toEqual({ featured: 'bi-monthly', grid: [] });
    expect(later.featured?.subtitle).toBe('Saturday 27 November 2027, 15:00–18:30 (Lagos time)');
    const html = renderToStaticMarkup(<UpcomingEvents {...later} dates="24–25 October 2027" ended />);
    expect(html).toContain('Bi-Monthly Book Circle');
    expect(html).toContain('Saturday 27 November 2027, 15:00–18:30 (Lagos time)');
    expect(html).not.toContain(UPCOMING_TEXT.none);
  });

  it('an event without a date stays (undated); the festival without one is featured until the edition is over', () => {
    const undated = details.filter((d) => d.slug !== 'annual-festival' && d.slug !== 'literacy-libraries');
    const now = at('2027-11-02T09:00:00+01:00');
    expect(slugs(upcomingEvents(eventsFallback, undated, now, false))).toEqual({ featured: 'annual-festival', grid: ['literacy-libraries'] });
    expect(slugs(upcomingEvents(eventsFallback, undated, now, true))).toEqual({ featured: 'literacy-libraries', grid: [] });
  });
});
