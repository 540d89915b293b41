import { describe, expect, it } from 'vitest';
import { checkOrigin, isTokenAuthorisedApiPath, type OriginCheckInput } from './origin';

const base: OriginCheckInput = {
  method: 'POST',
  url: 'http://127.0.0.1:3000/api/forms/registrations/',
  origin: null,
  secFetchSite: null,
  host: '127.0.0.1:3000',
  forwardedHost: null,
  forwardedProto: null,
  siteUrl: 'https://festival.example.org',
};

describe('checkOrigin', () => {
  it('lets safe methods through whatever their origin', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(checkOrigin({ ...base, method, origin: 'https://evil.example', secFetchSite: 'cross-site' }).allowed).toBe(true);
    }
  });

  it('accepts a state change from the same origin, the forwarded public origin, or SITE_URL', () => {
    expect(checkOrigin({ ...base, origin: 'http://127.0.0.1:3000', secFetchSite: 'same-origin' }).allowed).toBe(true);
    expect(
      checkOrigin({ ...base, origin: 'https://www.itan.ng', forwardedHost: 'www.itan.ng', forwardedProto: 'https' }).allowed,
    ).toBe(true);
    expect(checkOrigin({ ...base, origin: 'https://festival.example.org' }).allowed).toBe(true);
  });

  it('refuses another origin, a look-alike, http for https, and the opaque "null" origin', () => {
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3000.evil.example', 'http://festival.example.org', 'null']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        expect(checkOrigin({ ...base, method, origin }).allowed).toBe(false);
      }
    }
  });

  it('without Origin: a browser saying cross-site or same-site is refused; no browser headers is server-to-server', () => {
    expect(checkOrigin({ ...base, secFetchSite: 'cross-site' }).allowed).toBe(false);
    expect(checkOrigin({ ...base, secFetchSite: 'same-site' }).allowed).toBe(false);
    expect(checkOrigin({ ...base, secFetchSite: 'same-origin' }).allowed).toBe(true);
    expect(checkOrigin({ ...base, secFetchSite: 'none' }).allowed).toBe(true);
    expect(checkOrigin(base).allowed).toBe(true);
  });
});

describe('paths authorised by a signed token', () => {
  it('only the one-click unsubscribe skips the origin check', () => {
    expect(isTokenAuthorisedApiPath('/api/newsletter/unsubscribe/')).toBe(true);
    expect(isTokenAuthorisedApiPath('/api/newsletter/unsubscribe')).toBe(true);
    for (const path of ['/api/forms/newsletter/', '/api/newsletter/unsubscribe/x', '/api/newsletter', '/api/auth/login/', '/newsletter/unsubscribe']) {
      expect(isTokenAuthorisedApiPath(path), path).toBe(false);
    }
  });
});
