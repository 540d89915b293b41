import { NextResponse, type NextRequest } from 'next/server';
import { getConfig, isDevelopment } from '@/lib/config';
import { formPostTooLargeResponse, isOversizedFormPost } from '@/lib/http/body-limit';
import { sharedCacheSeconds } from '@/lib/http/shared-cache';
import { buildCsp, newNonce } from '@/lib/security/headers';

/**
 * Runs before every page request (Next's CSP guide, "Adding a nonce with Proxy"):
 * - the internal x-middleware-subrequest header is stripped so nobody can use it to skip this proxy;
 * - every page gets a fresh nonce with 'strict-dynamic': Next reads it from the request's CSP
 *   header and puts it on its own scripts (every page renders per request; app/layout.tsx);
 * - X-Accel-Expires tells a shared cache in front (deploy/nginx/) which page views it may keep
 *   for a few seconds (lib/http/shared-cache.ts). nginx reads and removes it.
 * - a form post larger than the server actions accept gets a page saying so (413), where Next's
 *   own refusal is a bare 500 (lib/http/body-limit.ts).
 * It neither fetches content nor reads files: unknown slugs get their 404 from notFound().
 * /api is not matched: its route handler refuses cross-site calls itself (app/api/[...path]/route.ts),
 * and its answers carry a fixed policy from next.config.ts. Running the proxy cost each API call
 * about 0.45 ms of CPU, a sixth of a registration (docs/performance.md, "Registrations").
 */
export function proxy(request: NextRequest) {
  if (isOversizedFormPost(request.method, request.headers)) return formPostTooLargeResponse(request.nextUrl.pathname);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.delete('x-middleware-subrequest');
  const { pathname } = request.nextUrl;
  const nonce = newNonce();
  const csp = buildCsp(nonce, { dev: isDevelopment(), imageOrigins: getConfig().imageOrigins });
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  // Staff pages also carry noindex in their metadata; the header covers redirects and downloads too.
  if (/^\/staff(\/|$)/.test(pathname)) response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  const seconds = sharedCacheSeconds({ method: request.method, pathname, headers: request.headers });
  if (seconds > 0) response.headers.set('X-Accel-Expires', String(seconds));
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|fonts/|images/).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
