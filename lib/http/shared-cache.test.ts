import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { cdnCacheRule, SHARED_CACHE_SECONDS, sharedCacheHeaders, sharedCacheSeconds } from './shared-cache';

const req = (pathname: string, { method = 'GET', headers = {} as Record<string, string> } = {}) => ({
  method,
  pathname,
  headers: new Headers(headers),
});

describe('sharedCacheSeconds', () => {
  it('lets a shared cache keep anonymous page views of public pages', () => {
    for (const path of ['/', '/about', '/highlights', '/highlights/a-report', '/events/x']) {
      expect(sharedCacheSeconds(req(path)), path).toBe(SHARED_CACHE_SECONDS);
    }
    expect(sharedCacheSeconds(req('/', { method: 'HEAD' }))).toBe(SHARED_CACHE_SECONDS);
  });

  it('never shares a form page (each visit mints its own idempotency key), staff or ticket pages, or /api', () => {
    for (const path of ['/register', '/donations', '/partnerships', '/volunteer/apply', '/volunteer/apply/', '/contact', '/newsletter/unsubscribe', '/staff', '/staff/check-in', '/staff/accounts', '/staff/audit', '/staff/export/registrations', '/tickets/ABC', '/api/content/hero/', '/registration/thank-you', '/donations/thank-you', '/donations/return', '/contact/thank-you', '/volunteer/apply/thank-you']) {
      expect(sharedCacheSeconds(req(path)), path).toBe(0);
    }
  });

  it('never shares an answer to a POST, or to a request with cookies or credentials', () => {
    expect(sharedCacheSeconds(req('/', { method: 'POST' }))).toBe(0);
    expect(sharedCacheSeconds(req('/', { headers: { cookie: 'a=1' } }))).toBe(0);
    expect(sharedCacheSeconds(req('/', { headers: { authorization: 'Bearer x' } }))).toBe(0);
  });

});

describe('sharedCacheHeaders', () => {
  it('tells nginx the seconds, and nothing when 0', () => {
    expect(sharedCacheHeaders(5)).toEqual({ 'X-Accel-Expires': '5' });
    expect(sharedCacheHeaders(0)).toEqual({});
  });
});

describe('cdnCacheRule (next.config.ts headers())', () => {
  // The rule's source is path-to-regexp: `/:path(<regexp>)` matches what `^/(<regexp>)$` does.
  const matches = (pathname: string) => new RegExp(`^${cdnCacheRule.source.replace('/:path(', '/(')}$`).test(pathname);

  it('covers the same paths as sharedCacheSeconds', () => {
    for (const path of ['/', '/about', '/highlights', '/highlights/a-report', '/events/x', '/registers', '/contact-us']) {
      expect(matches(path), path).toBe(true);
      expect(sharedCacheSeconds(req(path)), path).toBe(SHARED_CACHE_SECONDS);
    }
    for (const path of ['/register', '/register/', '/donations', '/contact', '/volunteer/apply', '/newsletter/unsubscribe', '/newsletter/unsubscribe/done', '/newsletter/confirm', '/newsletter/confirm/done', '/registration/thank-you', '/donations/thank-you', '/staff', '/staff/check-in', '/tickets/ITN-1', '/api/content/hero/', '/_missing/report']) {
      expect(matches(path), path).toBe(false);
      expect(sharedCacheSeconds(req(path)), path).toBe(0);
    }
  });

  it('is skipped for cookies, credentials, bodies and every kind of RSC request', () => {
    expect(cdnCacheRule.missing.map((m) => `${m.type}:${m.key}`)).toEqual(
      expect.arrayContaining(['header:cookie', 'header:authorization', 'header:content-type', 'header:rsc', 'query:_rsc']),
    );
    expect(cdnCacheRule.headers).toEqual([{ key: 'CDN-Cache-Control', value: `max-age=${SHARED_CACHE_SECONDS}` }]);
  });
});

describe('every form page is per-visitor', () => {
  const appDir = path.join(process.cwd(), 'app');

  function pages(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return pages(full);
      return entry.name === 'page.tsx' ? [full] : [];
    });
  }

  /** The URL of a page file: route groups dropped, each [param] a sample value. */
  function urlOf(file: string): string {
    const segments = path.relative(appDir, path.dirname(file)).split(path.sep).filter(Boolean);
    const url = segments.filter((s) => !/^\(.*\)$/.test(s)).map((s) => (/^\[.*\]$/.test(s) ? 'sample' : s));
    return `/${url.join('/')}`;
  }

  const formPages = pages(appDir).filter((file) => /idempotencyKey=/.test(fs.readFileSync(file, 'utf8')));

  it('finds the form pages', () => {
    expect(formPages.map(urlOf)).toEqual(expect.arrayContaining(['/register', '/donations', '/contact', '/staff/login']));
  });

  it.each(formPages.map((file) => [urlOf(file)]))('%s is never shared', (url) => {
    expect(sharedCacheSeconds(req(url))).toBe(0);
  });
});

describe('the per-visitor pattern, derived from the public forms (contract/forms/public-forms.ts)', () => {
  // The literal the pattern was before it was derived: the derived one must decide every path the same.
  const BEFORE = String.raw`(?:register|donations(?:/return)?|partnerships|volunteer/apply|contact)/?$|register/offer/|newsletter/(?:unsubscribe|confirm)(?:/|$)|.*/thank-you/?$|(?:staff|tickets|api)(?:/|$)|_missing/`;
  const before = new RegExp(`^/(?:${BEFORE})`);
  const cdnBefore = new RegExp(`^/((?!${BEFORE}).*)$`);
  const cdnNow = new RegExp(`^${cdnCacheRule.source.replace('/:path(', '/(')}$`);
  const pages = ['/register', '/donations', '/donations/return', '/partnerships', '/volunteer/apply', '/contact', '/volunteer', '/about', '/'];
  const paths = [
    ...pages.flatMap((p) => [p, `${p}/`, `${p}/x`, `${p}x`, `/x${p}`, `${p}/thank-you`, `${p}/thank-you/`]),
    '/registration/thank-you',
    '/register/waiting-list/thank-you',
    '/register/offer/abc',
    '/register/offer',
    '/newsletter/unsubscribe',
    '/newsletter/unsubscribe/done',
    '/newsletter/confirm',
    '/newsletter/confirmed',
    '/staff',
    '/stafff',
    '/tickets/ITN-1',
    '/api/content/hero/',
    '/_missing/report',
    '/highlights/a-report',
    '/events/x',
    '/contact-us',
    '/registers',
    '/donationsXreturn',
  ];

  it('keeps every path where the literal put it', () => {
    for (const path of paths) {
      expect(sharedCacheSeconds(req(path)), path).toBe(before.test(path) ? 0 : SHARED_CACHE_SECONDS);
      expect(cdnNow.test(path), path).toBe(cdnBefore.test(path));
    }
  });

  it('keeps the form pages and the donors’ return page per visitor', () => {
    for (const path of ['/register', '/donations', '/donations/return', '/partnerships', '/volunteer/apply', '/contact']) {
      expect(sharedCacheSeconds(req(path)), path).toBe(0);
    }
  });
});
