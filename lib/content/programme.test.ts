import { describe, expect, it } from 'vitest';
import { eventDetailsFallback, programsFallback } from '@/contract/fallbacks';
import { dayLabel, lagosDate, programmeByDay, sessionSubtitle, todayFirst, withSessionSubtitles } from './programme';
import { shiftEventDetail } from '@/contract/content/shift';

describe('programme by day', () => {
  it('the fallback programme: two days, sessions in time order, Lagos times, room and category', () => {
    const { days, unscheduled } = programmeByDay(programsFallback, eventDetailsFallback);
    expect(unscheduled).toEqual([]);
    expect(days.map((d) => [d.date, d.label, d.sessions.map((s) => s.slug)])).toEqual([
      ['2025-10-24', 'Friday 24 October 2025', ['opening-reading-letters-from-ake', 'indigo-and-ink', 'poetry-under-olumo']],
      ['2025-10-25', 'Saturday 25 October 2025', ['stories-on-screen', 'homecoming-closing-concert']],
    ]);
    expect(days[0]!.sessions[0]).toMatchObject({
      category: 'Readings',
      venue: 'Centenary Hall, Ake, Abeokuta',
      path: '/events/opening-reading-letters-from-ake',
      icsPath: '/events/opening-reading-letters-from-ake/calendar.ics',
    });
  });

  it('follows FESTIVAL_START_DATE: days, labels and the cards’ subtitles move with it', () => {
    const moved = eventDetailsFallback.map((d) => shiftEventDetail(d, '2026-11-27'));
    const { days } = programmeByDay(programsFallback, moved);
    expect(days.map((d) => d.label)).toEqual(['Friday 27 November 2026', 'Saturday 28 November 2026']);
    const cards = withSessionSubtitles(programsFallback, moved);
    expect(cards.map((c) => c.subtitle)).toEqual([
      'Friday 27 November · 10:00',
      'Friday 27 November · 13:00',
      'Friday 27 November · 18:30',
      'Saturday 28 November · 14:00',
      'Saturday 28 November · 19:00',
    ]);
    // At the default dates the computed subtitles are the ones the fallback was written with.
    expect(withSessionSubtitles(programsFallback, eventDetailsFallback).map((c) => c.subtitle)).toEqual(programsFallback.map((p) => p.subtitle));
  });

  it('an API row without a known session is listed apart, not dropped; Lagos day boundaries hold', () => {
    const extra = { id: '9', leftLabel: 'Talk', title: 'A surprise guest', subtitle: 'Time to be announced', avatar: '/x.webp', slug: 'surprise' };
    const { unscheduled } = programmeByDay([...programsFallback, extra], eventDetailsFallback);
    expect(unscheduled).toEqual([{ slug: 'surprise', title: 'A surprise guest', category: 'Talk', subtitle: 'Time to be announced', path: '/events/surprise' }]);
    // 23:30 UTC is already the next day in Lagos (UTC+1).
    expect(lagosDate('2025-10-24T23:30:00Z')).toBe('2025-10-25');
    expect(sessionSubtitle('2025-10-24T23:30:00Z')).toBe('Saturday 25 October · 00:30');
    expect(dayLabel('2025-10-25')).toBe('Saturday 25 October 2025');
  });
});

describe('today first while the festival is on (issue 28)', () => {
  const { days } = programmeByDay(programsFallback, eventDetailsFallback);

  it('the second day: it comes first, marked today, then the first day', () => {
    const ordered = todayFirst(days, '2025-10-25');
    expect(ordered.map((d) => [d.date, d.today ?? false])).toEqual([
      ['2025-10-25', true],
      ['2025-10-24', false],
    ]);
    expect(ordered[0]!.sessions).toBe(days[1]!.sessions);
  });

  it('the first day: the order stays, the first is marked', () => {
    expect(todayFirst(days, '2025-10-24').map((d) => [d.date, d.today ?? false])).toEqual([
      ['2025-10-24', true],
      ['2025-10-25', false],
    ]);
  });

  it('not live (no today) or a day without sessions: the days as they are, nothing marked', () => {
    expect(todayFirst(days, undefined)).toEqual(days);
    expect(todayFirst(days, '2025-10-26')).toEqual(days);
    expect(days.some((d) => d.today)).toBe(false);
  });
});
