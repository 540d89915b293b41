import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { buildFestivalCalendar } from './festival-calendar';

describe('buildFestivalCalendar', () => {
  it('dates the festival from configuration', () => {
    const config = parseConfig({ SITE_URL: 'https://itan.example', FESTIVAL_START_DATE: '2026-10-30', FESTIVAL_END_DATE: '2026-11-01' });
    const comp = new ICAL.Component(ICAL.parse(buildFestivalCalendar(config)));
    const [event] = comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(event!.summary).toBe('Ìtàn Book & Arts Festival');
    expect(event!.startDate.toString()).toBe('2026-10-30');
    expect(event!.endDate.toString()).toBe('2026-11-02');
    expect(event!.location).toContain('Abeokuta');
    expect(event!.description).toContain('https://itan.example/register');
    expect(event!.uid).toBe('festival-2026-10-30@itan.example');
  });
});
