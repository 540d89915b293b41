/**
 * Which responses a shared cache in front of the site (nginx's micro-cache on one server, see
 * deploy/nginx/) may keep for a few seconds. Every page is rendered per request (its CSP nonce),
 * so for a popular page most of that work is the same for every visitor; a cache that replays one
 * render for a few seconds keeps its nonce and its HTML together, which is safe: the nonce still
 * cannot be known before the response that carries it exists.
 *
 * Never shared: pages that differ per visitor. A form page mints an idempotency key for each
 * visit; two visitors sharing one would have the second submission taken for a retry of the first.
 * A thank-you page may show what the visitor just sent (the registration's ticket link).
 *
 * The same seconds go out twice: `X-Accel-Expires` for nginx (deploy/nginx/, which removes it) and
 * `CDN-Cache-Control` (RFC 9213) for Vercel's CDN and any other CDN in front; browsers ignore both
 * and keep following `Cache-Control`.
 */
export const SHARED_CACHE_SECONDS = 5;

const PER_VISITOR: readonly RegExp[] = [
  /^\/(register|donations|partnerships|volunteer\/apply|contact)\/?$/,
  /^\/newsletter\/unsubscribe(\/|$)/,
  /\/thank-you\/?$/,
  /^\/(staff|tickets)(\/|$)/,
  /^\/api(\/|$)/,
];

const isPerVisitorPath = (pathname: string): boolean => PER_VISITOR.some((re) => re.test(pathname));

/**
 * Seconds a shared cache may keep this response, or 0. Only anonymous GET/HEAD page views: a
 * request with cookies or credentials may be answered for that visitor alone.
 */
export function sharedCacheSeconds(request: { method: string; pathname: string; headers: Headers; search?: URLSearchParams }): number {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 0;
  if (request.headers.has('cookie') || request.headers.has('authorization')) return 0;
  // A client-side navigation's RSC payload varies with the router state it sends (nginx bypasses it too).
  if (request.headers.has('rsc') || request.search?.has('_rsc')) return 0;
  return isPerVisitorPath(request.pathname) ? 0 : SHARED_CACHE_SECONDS;
}

/** The headers that let shared caches keep a response `seconds` long; none when 0. */
export function sharedCacheHeaders(seconds: number): Record<string, string> {
  return seconds > 0 ? { 'X-Accel-Expires': String(seconds), 'CDN-Cache-Control': `max-age=${seconds}` } : {};
}
