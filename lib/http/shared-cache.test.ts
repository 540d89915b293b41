import { describe, expect, it } from 'vitest';
import { SHARED_CACHE_SECONDS, sharedCacheSeconds } from './shared-cache';

const req = (pathname: string, { method = 'GET', headers = {} as Record<string, string> } = {}) => ({
  method,
  pathname,
  headers: new Headers(headers),
});

describe('sharedCacheSeconds', () => {
  it('lets a shared cache keep anonymous page views of public pages', () => {
    for (const path of ['/', '/about', '/highlights', '/highlights/a-report', '/events/x', '/registration/thank-you']) {
      expect(sharedCacheSeconds(req(path)), path).toBe(SHARED_CACHE_SECONDS);
    }
    expect(sharedCacheSeconds(req('/', { method: 'HEAD' }))).toBe(SHARED_CACHE_SECONDS);
  });

  it('never shares a form page (each visit mints its own idempotency key), staff or ticket pages, or /api', () => {
    for (const path of ['/register', '/donations', '/partnerships', '/volunteer/apply', '/volunteer/apply/', '/contact', '/newsletter/unsubscribe', '/staff', '/staff/check-in', '/staff/accounts', '/staff/audit', '/staff/export/registrations', '/tickets/ABC', '/api/content/hero/']) {
      expect(sharedCacheSeconds(req(path)), path).toBe(0);
    }
  });

  it('never shares an answer to a POST, or to a request with cookies or credentials', () => {
    expect(sharedCacheSeconds(req('/', { method: 'POST' }))).toBe(0);
    expect(sharedCacheSeconds(req('/', { headers: { cookie: 'a=1' } }))).toBe(0);
    expect(sharedCacheSeconds(req('/', { headers: { authorization: 'Bearer x' } }))).toBe(0);
  });
});
