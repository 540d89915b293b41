import { PUBLIC_FORM_PAGES } from '../../contract/forms/public-forms'; // relative: next.config.ts loads this file, and Next's config loader knows no @/ alias

/**
 * Which responses a shared cache in front of the site may keep for a few seconds. Every page is
 * rendered per request (its CSP nonce), so for a popular page most of that work is the same for
 * every visitor; a cache that replays one render for a few seconds keeps its nonce and its HTML
 * together, which is safe: the nonce still cannot be known before the response that carries it exists.
 *
 * Never shared: pages that differ per visitor. A form page mints an idempotency key for each
 * visit; two visitors sharing one would have the second submission taken for a retry of the first.
 * A thank-you page may show what the visitor just sent (the registration's ticket link).
 *
 * Two caches read it, each through its own standard header, from the one PER_VISITOR pattern:
 * - nginx (deploy/nginx/): `X-Accel-Expires`, set by proxy.ts (sharedCacheSeconds), removed by nginx;
 * - Vercel's CDN and any other CDN: `CDN-Cache-Control` (RFC 9213), set by next.config.ts
 *   (cdnCacheRule). It cannot come from proxy.ts: Next removes an RSC request's `rsc` header and
 *   `_rsc` parameter before the proxy sees it, and a CDN that keys on the URL alone must not keep
 *   Next's 307 to `?_rsc` (or an RSC payload) for the page. next.config.ts's conditions see them.
 * Browsers ignore both and follow `Cache-Control` (`private, no-store` from Next).
 */
export const SHARED_CACHE_SECONDS = 5;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The public forms' pages (contract/forms/public-forms.ts) and the page Paystack sends donors back to. */
const PER_VISITOR_PAGES = [...PUBLIC_FORM_PAGES, '/donations/return'].map((page) => escaped(page.slice(1)));

/**
 * Paths answered per visitor (without the leading '/'): the form pages, thank-you pages (every form's
 * ends in /thank-you), the newsletter's signed-link pages, staff, tickets, /api.
 */
const PER_VISITOR_SOURCE = String.raw`(?:${PER_VISITOR_PAGES.join('|')})/?$|register/offer/|newsletter/(?:unsubscribe|confirm)(?:/|$)|.*/thank-you/?$|(?:staff|tickets|api)(?:/|$)|_missing/`;
const PER_VISITOR = new RegExp(`^/(?:${PER_VISITOR_SOURCE})`);

/**
 * Seconds a shared cache may keep this response, or 0. Only anonymous GET/HEAD page views: a
 * request with cookies or credentials may be answered for that visitor alone.
 */
export function sharedCacheSeconds(request: { method: string; pathname: string; headers: Headers }): number {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 0;
  if (request.headers.has('cookie') || request.headers.has('authorization')) return 0;
  return PER_VISITOR.test(request.pathname) ? 0 : SHARED_CACHE_SECONDS;
}

/** The headers proxy.ts sets for nginx; none when 0. */
export function sharedCacheHeaders(seconds: number): Record<string, string> {
  return seconds > 0 ? { 'X-Accel-Expires': String(seconds) } : {};
}

/**
 * next.config.ts's rule for CDNs: every path but PER_VISITOR, only when the request has no cookie,
 * no credentials, no body (a form post sends a Content-Type; a CDN never keeps a POST anyway) and
 * is no RSC request.
 */
export const cdnCacheRule = {
  source: `/:path((?!${PER_VISITOR_SOURCE}).*)`,
  missing: [
    { type: 'header', key: 'cookie' },
    { type: 'header', key: 'authorization' },
    { type: 'header', key: 'content-type' },
    { type: 'header', key: 'next-action' },
    { type: 'header', key: 'rsc' },
    { type: 'header', key: 'next-router-prefetch' },
    { type: 'query', key: '_rsc' },
  ],
  headers: [{ key: 'CDN-Cache-Control', value: `max-age=${SHARED_CACHE_SECONDS}` }],
} as const;
