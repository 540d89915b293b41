import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildFestivalCalendar } from './festival-calendar';

describe('buildFestivalCalendar', () => {
  it('dates the festival from configuration', () => {
    const config = { siteUrl: 'https://itan.example', festivalStartDate: '2026-10-30', festivalEndDate: '2026-11-01', registrationUrl: '/register' };
    const comp = new ICAL.Component(ICAL.parse(buildFestivalCalendar(config)));
    const [event] = comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(event!.summary).toBe('Ìtàn Book & Arts Festival');
    expect(event!.startDate.toString()).toBe('2026-10-30');
    expect(event!.endDate.toString()).toBe('2026-11-02');
    expect(event!.location).toContain('Abeokuta');
    expect(event!.description).toContain('https://itan.example/register');
    expect(event!.uid).toBe('festival-2026-10-30@itan.example');
  });

  it("names the edition's venue, and says nothing about registering when registration is not offered", () => {
    const config = { siteUrl: 'https://itan.example', festivalStartDate: '2026-10-30', festivalEndDate: '2026-11-01', registrationUrl: undefined, venue: 'Cultural Centre, Kuto' };
    const [event] = new ICAL.Component(ICAL.parse(buildFestivalCalendar(config))).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(event!.location).toBe('Cultural Centre, Kuto, Ogun State, Nigeria');
    expect(event!.description).not.toContain('Register');
  });
});
