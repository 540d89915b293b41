import { describe, expect, it } from 'vitest';
import { eventDetailsFallback, programsFallback } from '@/contract/fallbacks';
import { dayLabel, lagosDate, markNowAndNext, programmeByDay, sessionSubtitle, todayFirst, withSessionSubtitles, type ProgrammeDay } from './programme';
import { festivalNow } from '@/contract/edition-text';
import { shiftEventDetail } from '@/contract/content/shift';
import { editionFrom } from '@/contract/edition';

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
    const moved = eventDetailsFallback.map((d) => shiftEventDetail(d, editionFrom({ startDate: '2026-11-27', endDate: '2026-11-28' }, new Date(0))));
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

describe('"Now" and "Next" while the festival is on (issue 41)', () => {
  const { days } = programmeByDay(programsFallback, eventDetailsFallback);
  // The fallback: Friday 24 October 10:00–11:30 opening reading, 13:00 (until Saturday 18:00)
  // Indigo and Ink, 18:30–21:30 poetry; Saturday 25 October 14:00–17:00 film, 19:00–22:00 concert.
  const marks = (at: string | undefined, on: readonly ProgrammeDay[] = days) =>
    Object.fromEntries(markNowAndNext(on, at ? new Date(at) : undefined).flatMap((d) => d.sessions.filter((s) => s.mark).map((s) => [s.slug, s.mark])));

  it('before the first session: only the first is next', () => {
    expect(marks('2025-10-24T00:00:00+01:00')).toEqual({ 'opening-reading-letters-from-ake': 'next' });
    expect(marks('2025-10-24T09:59:59+01:00')).toEqual({ 'opening-reading-letters-from-ake': 'next' });
  });

  it('during a session: it is on now (from its start, not at its end), the following one is next', () => {
    expect(marks('2025-10-24T10:00:00+01:00')).toEqual({ 'opening-reading-letters-from-ake': 'now', 'indigo-and-ink': 'next' });
    // Lagos time whatever the server's zone: 09:30 UTC is 10:30 in Lagos.
    expect(marks('2025-10-24T09:30:00Z')).toEqual({ 'opening-reading-letters-from-ake': 'now', 'indigo-and-ink': 'next' });
  });

  it('between two sessions: nothing is on, the next is marked', () => {
    expect(marks('2025-10-24T11:30:00+01:00')).toEqual({ 'indigo-and-ink': 'next' });
    expect(marks('2025-10-24T12:59:00+01:00')).toEqual({ 'indigo-and-ink': 'next' });
  });

  it('sessions on together are all on now (the two-day exhibition with the evening’s poetry)', () => {
    expect(marks('2025-10-24T19:00:00+01:00')).toEqual({ 'indigo-and-ink': 'now', 'poetry-under-olumo': 'now', 'stories-on-screen': 'next' });
  });

  it('across the two days: after the first evening, the second day’s first session is next', () => {
    expect(marks('2025-10-24T22:00:00+01:00')).toEqual({ 'indigo-and-ink': 'now', 'stories-on-screen': 'next' });
    // 23:30 UTC on the 24th is already Saturday 00:30 in Lagos.
    expect(marks('2025-10-24T23:30:00Z')).toEqual({ 'indigo-and-ink': 'now', 'stories-on-screen': 'next' });
    expect(marks('2025-10-25T18:00:00+01:00')).toEqual({ 'homecoming-closing-concert': 'next' });
  });

  it('after the last session: nothing is marked', () => {
    expect(marks('2025-10-25T21:59:59+01:00')).toEqual({ 'homecoming-closing-concert': 'now' });
    expect(marks('2025-10-25T22:00:00+01:00')).toEqual({});
    expect(marks('2025-10-25T23:59:00+01:00')).toEqual({});
  });

  it('sessions starting at the same time are next together; no clock (not live): nothing marked', () => {
    const twin = { ...days[1]!.sessions[0]!, slug: 'twin', title: 'A twin' };
    const withTwin = [days[0]!, { ...days[1]!, sessions: [days[1]!.sessions[0]!, twin, ...days[1]!.sessions.slice(1)] }];
    expect(marks('2025-10-25T12:00:00+01:00', withTwin)).toEqual({ 'indigo-and-ink': 'now', 'stories-on-screen': 'next', twin: 'next' });
    expect(marks(undefined)).toEqual({});
    expect(markNowAndNext(days, undefined)).toEqual(days);
  });

  it('the clock is the edition’s while live, none otherwise; the marks survive today-first ordering', () => {
    expect(festivalNow({ phase: 'live', now: '2025-10-25T14:30:00.000Z' })).toEqual(new Date('2025-10-25T14:30:00.000Z'));
    for (const phase of ['announced', 'open', 'sold-out', 'closed', 'after'] as const) expect(festivalNow({ phase, now: '2025-10-25T14:30:00.000Z' })).toBeUndefined();
    const ordered = todayFirst(markNowAndNext(days, new Date('2025-10-25T15:00:00+01:00')), '2025-10-25');
    expect(ordered.map((d) => [d.date, d.sessions.map((s) => s.mark ?? '-')])).toEqual([
      ['2025-10-25', ['now', 'next']],
      ['2025-10-24', ['-', 'now', '-']],
    ]);
  });
});
