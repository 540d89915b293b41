import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults: built-in backend, our own forms, festival dates 24-25 October 2025', () => {
    const c = parseConfig({});
    expect(c.apiBaseUrl).toBeUndefined();
    expect(c.registrationUrl).toBe('/register');
    expect(c.registrationIsExternal).toBe(false);
    expect(c.volunteerApplyUrl).toBe('/volunteer/apply');
    expect(c.volunteerIsExternal).toBe(false);
    expect(c.siteUrl).toBe('http://localhost:3000');
    expect(c.festivalStartDate).toBe('2025-10-24');
    expect(c.festivalEndDate).toBe('2025-10-25');
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
    expect([c.festivalStartDate, c.festivalEndDate]).toEqual(['2026-10-23', '2026-10-24']);
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
