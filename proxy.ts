import { NextResponse, type NextRequest } from 'next/server';
import { getConfig, isDevelopment } from '@/lib/config';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/contract/http/request-id';
import { AUTH_TOKEN_COOKIE, capabilities } from '@/lib/backend';
import { formPostTooLargeResponse, isOversizedFormPost } from '@/lib/http/body-limit';
import { FILE_PATH, fileMethodRefusal } from '@/lib/http/file-methods';
import { pagePostRefusal } from '@/lib/http/page-post';
import { withRequestIdHeader } from '@/lib/http/request-id';
import { BAD_ADDRESS, BAD_ADDRESS_API, refusalPage } from '@/lib/http/refusal-page';
import { sharedCacheHeaders, sharedCacheSeconds } from '@/lib/http/shared-cache';
import { createKnownContentLookups } from '@/lib/not-found/known-content';
import type { MissingKind } from '@/lib/not-found/headings';
import { MISSING_VIEW_HEADER, missingKindOfPath, missingRewritePath, missingViewFor, slugRouteOf } from '@/lib/not-found/missing-view';
import { buildCsp, newNonce } from '@/lib/security/headers';

/**
 * Runs before every page request (Next's CSP guide, "Adding a nonce with Proxy"):
 * - what Next would answer with a bare 500 is refused here as a small page: an address whose
 *   percent-encoding does not decode (400), a form post too large (413), unreadable (400) or sent
 *   from another site (403) (lib/http/);
 * - a page URL with a trailing slash is redirected (308) to the one without: Next's own redirect is
 *   off (skipTrailingSlashRedirect, next.config.ts) so the contract's /api/.../ paths answer directly;
 * - the internal x-middleware-subrequest header is stripped so nobody can use it to skip this proxy;
 * - every page gets a fresh nonce with 'strict-dynamic': Next reads it from the request's CSP
 *   header and puts it on its own scripts (every page renders per request; app/layout.tsx);
 * - a slug route (a report, an event, a ticket link) whose slug names nothing is rewritten to a URL
 *   no route serves, so the 404 is a whole server-rendered page with the right view
 *   (lib/not-found/); a found page pays a memory lookup, timed in Server-Timing;
 * - nginx in front may keep anonymous public page views a few seconds: X-Accel-Expires
 *   (deploy/nginx/; CDNs get CDN-Cache-Control from next.config.ts: lib/http/shared-cache.ts);
 * - every answer, refusals included, carries X-Request-Id, and the page is rendered with it in
 *   x-request-id: log lines and the error page's reference name the same id (contract/http/request-id.ts);
 * - a file (public/, /_next/static/) asked with another method than GET or HEAD is answered 405
 *   (lib/http/file-methods.ts), where Next answered 500; a file's GET passes untouched.
 * /api is not matched (but for percent-encoded paths, to refuse undecodable ones): its route handler refuses cross-site calls itself (app/api/[...path]/route.ts),
 * and its answers carry a fixed policy from next.config.ts. Running the proxy cost each API call
 * about 0.45 ms of CPU, a sixth of a registration (docs/performance.md, "Registrations").
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (FILE_PATH.test(pathname)) {
    const refused = fileMethodRefusal(request.method, pathname);
    return refused ? withRequestIdHeader(refused, requestIdFrom(request.headers.get(REQUEST_ID_HEADER))) : NextResponse.next();
  }
  // /api gets its id in its route handler (app/api/[...path]/route.ts), which also sees what passes here.
  if (pathname.startsWith('/api/')) {
    if (decodes(pathname)) return NextResponse.next();
    const refused = Response.json(BAD_ADDRESS_API, { status: 400, headers: { 'Cache-Control': 'no-store' } });
    return withRequestIdHeader(refused, requestIdFrom(request.headers.get(REQUEST_ID_HEADER)));
  }
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  return withRequestIdHeader(await pageProxy(request, requestId), requestId);
}

async function pageProxy(request: NextRequest, requestId: string): Promise<Response> {
  const { pathname, searchParams } = request.nextUrl;
  if (!decodes(pathname)) return refusalPage(400, BAD_ADDRESS, '/');
  if (isOversizedFormPost(request.method, request.headers)) return formPostTooLargeResponse(pathname);
  const refused = await pagePostRefusal(request, getConfig().siteUrl, requestId);
  if (refused) return refused;
  if (pathname.length > 1 && pathname.endsWith('/')) {
    // From a plain URL: a clone of nextUrl would put the trailing slash back.
    const target = new URL(request.url);
    target.pathname = pathname.replace(/\/+$/, '') || '/';
    return NextResponse.redirect(target, 308);
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.delete('x-middleware-subrequest');
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  requestHeaders.delete(MISSING_VIEW_HEADER);
  const nonce = newNonce();
  const checkoutOrigin = capabilities().checkout?.origin;
  const csp = buildCsp(nonce, { dev: isDevelopment(), imageOrigins: getConfig().imageOrigins, formActionOrigins: checkoutOrigin ? [checkoutOrigin] : [] });
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);

  // A missing slug's rewrite fetched anew names its view in its path (lib/not-found/missing-view.ts,
  // missingRewritePath); any other GET of a slug route asks whether the slug exists.
  const rewritten = missingKindOfPath(pathname);
  const slugRoute =
    !rewritten && (request.method === 'GET' || request.method === 'HEAD') && !mayPreviewDrafts(request) ? slugRouteOf(pathname, searchParams) : undefined;
  let missing = rewritten;
  let timing: string | undefined;
  if (slugRoute) {
    const started = performance.now();
    missing = await missingViewFor(slugRoute, createKnownContentLookups());
    timing = `exists;dur=${(performance.now() - started).toFixed(3)}`;
  }
  if (missing) requestHeaders.set(MISSING_VIEW_HEADER, missing);
  const response =
    missing && !rewritten
      ? NextResponse.rewrite(missingRewriteUrl(request, missing), { request: { headers: requestHeaders } })
      : NextResponse.next({ request: { headers: requestHeaders } });
  if (timing) response.headers.set('Server-Timing', timing);
  withPageHeaders(response, csp, pathname);
  // A 404 is never kept by nginx.
  if (!missing) {
    const seconds = sharedCacheSeconds({ method: request.method, pathname, headers: request.headers });
    for (const [key, value] of Object.entries(sharedCacheHeaders(seconds))) response.headers.set(key, value);
  }
  return response;
}

/**
 * Staff previewing drafts (draft mode and a session, app/staff/preview/): a draft speaker's or
 * session's page is not among the published slugs this proxy knows, so the page itself decides,
 * with the drafts it may show (it calls notFound() for a slug that is not even a draft). Only the
 * cookies' presence is seen here: a forged pair skips this shortcut and nothing else, since
 * draftMode() and the session are checked where the drafts are read (lib/content isPreviewing).
 * `__prerender_bypass` is the cookie Next's draft mode sets (Next's draft mode guide).
 */
function mayPreviewDrafts(request: NextRequest): boolean {
  return request.cookies.has('__prerender_bypass') && request.cookies.has(AUTH_TOKEN_COOKIE);
}

function missingRewriteUrl(request: NextRequest, missing: MissingKind): URL {
  const target = request.nextUrl.clone();
  target.pathname = missingRewritePath(missing);
  target.search = '';
  return target;
}

function withPageHeaders(response: NextResponse, csp: string, pathname: string): NextResponse {
  response.headers.set('Content-Security-Policy', csp);
  // Staff pages also carry noindex in their metadata; the header covers redirects and downloads too.
  if (/^\/staff(\/|$)/.test(pathname)) response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return response;
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: [
    // Prefetches too (unlike the CSP guide's example): a prefetch header must not carry a request
    // past the checks above (an undecodable address answered 500 that way).
    // The ticket worker script (public/ticket-sw.js) has its headers from next.config.ts.
    '/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|fonts/|images/|ticket-sw.js).*)',
    // Percent-encoded /api paths only: Next answers one that does not decode with a bare 500.
    '/api/:path*',
    // Files, for what a browser's own loading of them never is (lib/http/file-methods.ts): another
    // method than GET or HEAD is answered 405 (Next: 500). A browser fetches a script, a style
    // sheet, a font, an image or the ticket worker with GET and says so in Sec-Fetch-Dest: those
    // skip the proxy, so a page load costs nothing here. The rest (other methods, a script's
    // fetch, a client without the header) pays one method check.
    {
      source: '/(_next/static/.+|fonts/.+|images/.+|ticket-sw\\.js)',
      missing: [{ type: 'header', key: 'sec-fetch-dest', value: '(script|style|font|image|serviceworker|worker|sharedworker|manifest)' }],
    },
  ],
};
