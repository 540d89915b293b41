import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults: built-in backend, our own forms, no festival dates (they roll forward) and the real clock', () => {
    const c = parseConfig({});
    expect(c.apiBaseUrl).toBeUndefined();
    expect(c.registrationUrl).toBe('/register');
    expect(c.registrationIsExternal).toBe(false);
    expect(c.volunteerApplyUrl).toBe('/volunteer/apply');
    expect(c.volunteerIsExternal).toBe(false);
    expect(c.siteUrl).toBe('http://localhost:3000');
    expect(c.editionSettings).toEqual({ startDate: undefined, endDate: undefined, venue: undefined, registrationOpensAt: undefined, registrationClosesAt: undefined });
    const before = Date.now();
    expect(c.now().getTime()).toBeGreaterThanOrEqual(before);
    expect(c.now().getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('FESTIVAL_NOW fixes the festival clock; the registration window is read as instants (Lagos time without an offset)', () => {
    const c = parseConfig({
      FESTIVAL_NOW: '2026-10-24T10:00',
      REGISTRATION_OPENS_AT: '2026-09-01',
      REGISTRATION_CLOSES_AT: '2026-10-23T18:00:00Z',
      FESTIVAL_VENUE: 'Cultural Centre, Kuto',
    });
    expect(c.now().toISOString()).toBe('2026-10-24T09:00:00.000Z');
    expect(c.editionSettings).toMatchObject({
      registrationOpensAt: '2026-08-31T23:00:00.000Z',
      registrationClosesAt: '2026-10-23T18:00:00.000Z',
      venue: 'Cultural Centre, Kuto',
    });
  });

  it('FESTIVAL_EDITION names the edition (issue 41): unset, the start date’s year; a year with labels, or refused', () => {
    expect(parseConfig({ FESTIVAL_START_DATE: '2027-10-31' }).editionSettings.key).toBeUndefined();
    expect(parseConfig({ FESTIVAL_START_DATE: '2028-01-09', FESTIVAL_EDITION: ' 2027 ' }).editionSettings).toMatchObject({ key: '2027', startDate: '2028-01-09' });
    expect(parseConfig({ FESTIVAL_EDITION: '2027-autumn' }).editionSettings.key).toBe('2027-autumn');
    expect(parseConfig({ FESTIVAL_EDITION: '' }).editionSettings.key).toBeUndefined();
    expect(() => parseConfig({ FESTIVAL_EDITION: 'autumn' })).toThrow(/FESTIVAL_EDITION/);
    expect(() => parseConfig({ FESTIVAL_EDITION: '2027.1' })).toThrow(/FESTIVAL_EDITION/);
  });

  it('refuses a window that closes before it opens, an end date without a start, and a time that is not one', () => {
    expect(() => parseConfig({ REGISTRATION_OPENS_AT: '2026-09-02', REGISTRATION_CLOSES_AT: '2026-09-01' })).toThrow(/REGISTRATION_CLOSES_AT/);
    expect(() => parseConfig({ FESTIVAL_END_DATE: '2026-10-25' })).toThrow(/FESTIVAL_END_DATE needs FESTIVAL_START_DATE/);
    expect(() => parseConfig({ FESTIVAL_NOW: 'tomorrow' })).toThrow(/FESTIVAL_NOW/);
    expect(() => parseConfig({ FESTIVAL_START_DATE: '2026-02-30' })).toThrow(/FESTIVAL_START_DATE/);
  });

  it('reads every setting and trims trailing slashes from URLs', () => {
    const c = parseConfig({
      API_BASE_URL: 'https://api.example.org/',
      REGISTRATION_FORM_URL: 'https://forms.example.org/r',
      VOLUNTEER_FORM_URL: 'https://forms.example.org/v',
      SITE_URL: 'https://itan.example.ng/',
      FESTIVAL_START_DATE: '2026-10-23',
      FESTIVAL_END_DATE: '2026-10-24',
    });
    expect(c.apiBaseUrl).toBe('https://api.example.org');
    expect(c.registrationUrl).toBe('https://forms.example.org/r');
    expect(c.registrationIsExternal).toBe(true);
    expect(c.volunteerApplyUrl).toBe('https://forms.example.org/v');
    expect(c.volunteerIsExternal).toBe(true);
    expect(c.siteUrl).toBe('https://itan.example.ng');
    expect([c.editionSettings.startDate, c.editionSettings.endDate]).toEqual(['2026-10-23', '2026-10-24']);
  });

  it('knows when it runs on Vercel (VERCEL=1)', () => {
    expect(parseConfig({}).onVercel).toBe(false);
    expect(parseConfig({ VERCEL: '1' }).onVercel).toBe(true);
    expect(parseConfig({ VERCEL: '0' }).onVercel).toBe(false);
  });

  it('treats empty strings as unset', () => {
    const c = parseConfig({ API_BASE_URL: '', REGISTRATION_FORM_URL: '  ' });
    expect(c.apiBaseUrl).toBeUndefined();
    expect(c.registrationUrl).toBe('/register');
  });

  it.each([
    [{ API_BASE_URL: 'not a url' }, 'API_BASE_URL'],
    [{ SITE_URL: 'nope' }, 'SITE_URL'],
    [{ FESTIVAL_START_DATE: '24/10/2025' }, 'FESTIVAL_START_DATE'],
    [{ FESTIVAL_START_DATE: '2025-10-26', FESTIVAL_END_DATE: '2025-10-25' }, 'FESTIVAL_END_DATE'],
  ])('rejects a bad setting with a message naming it: %j', (env, name) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`Invalid configuration: .*${name}`));
  });

  it("image origins: the external backend's own origin plus API_IMAGE_ORIGINS; none with the built-in backend", () => {
    expect(parseConfig({}).imageOrigins).toEqual([]);
    expect(parseConfig({ API_BASE_URL: 'https://api.example.org/v1/' }).imageOrigins).toEqual(['https://api.example.org']);
    expect(
      parseConfig({ API_BASE_URL: 'https://api.example.org', API_IMAGE_ORIGINS: 'https://cdn.example.org/media, https://api.example.org' }).imageOrigins,
    ).toEqual(['https://api.example.org', 'https://cdn.example.org']);
    expect(() => parseConfig({ API_IMAGE_ORIGINS: 'ftp://files.example.org' })).toThrow(/API_IMAGE_ORIGINS/);
  });
});
