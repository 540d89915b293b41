import { join } from 'node:path';
import { NextResponse, type NextRequest } from 'next/server';
import { isApiPath } from '@/lib/api/paths';
import { buildCsp, buildHashCsp, newNonce } from '@/lib/security/headers';
import { checkRequestOrigin, CROSS_SITE_REFUSED } from '@/lib/security/origin';
import { createStaticCspLookup } from '@/lib/security/static-csp';
import { createApiClient } from '@/lib/api/client';
import { createTransport } from '@/lib/api/transport';
import { getConfig } from '@/lib/config';
import { createContentSource } from '@/lib/content/source';
import { getEventDetail } from '@/lib/content/static';
import { findMissing, memoize, missingPath, readRouteMatcher, readTopLevelRoutes, type MissingKind } from '@/lib/not-found/missing';

/**
 * Runs before every page and API request:
 * - the internal x-middleware-subrequest header is stripped so nobody can use it to skip this proxy;
 * - state-changing /api requests from another site are refused with a 403 in the result pattern;
 * - the Content-Security-Policy: prerendered pages get the sha256 hashes of their inline scripts
 *   (they are served from cache, thousands a second; see docs/performance.md), every page rendered
 *   per request gets a fresh nonce with 'strict-dynamic' (Next reads it from the request's CSP
 *   header and puts it on its own scripts).
 */
// Read at run time from the build folder; not a module dependency to trace.
const distDir = join(/*turbopackIgnore: true*/ process.cwd(), process.env.NEXT_DIST_DIR || '.next');
const staticCsp = createStaticCspLookup(distDir);

let missingCheck: ((pathname: string) => Promise<MissingKind | undefined>) | undefined;

/** Missing reports and events, checked once a minute per URL (see lib/not-found/missing.ts). */
function checkMissing(pathname: string): Promise<MissingKind | undefined> {
  if (!missingCheck) {
    const transport = createTransport(getConfig().apiBaseUrl);
    const source = createContentSource(createApiClient({ baseUrl: transport.baseUrl, fetch: transport.fetch }));
    const deps = {
      topLevelRoutes: readTopLevelRoutes(distDir),
      matchesRoute: readRouteMatcher(distDir),
      source,
      eventDetail: (slug: string) => getEventDetail(slug),
    };
    missingCheck = memoize(60_000, 2_000, (path) => findMissing(path, deps));
  }
  return missingCheck(pathname);
}

export async function proxy(request: NextRequest) {
  const requestHeaders = new Headers(request.headers);
  requestHeaders.delete('x-middleware-subrequest');
  const { pathname } = request.nextUrl;
  const api = isApiPath(pathname);

  if (api) {
    const check = checkRequestOrigin(request);
    if (!check.allowed) {
      return NextResponse.json(CROSS_SITE_REFUSED, { status: 403 });
    }
  }

  const dev = process.env.NODE_ENV === 'development';
  const hashes = dev ? undefined : staticCsp(pathname);
  let csp: string;
  if (hashes) {
    csp = buildHashCsp(hashes);
  } else {
    const nonce = newNonce();
    csp = buildCsp(nonce, { dev });
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('Content-Security-Policy', csp);
  }

  let missing: MissingKind | undefined;
  if ((request.method === 'GET' || request.method === 'HEAD') && !api && !hashes) {
    missing = await checkMissing(pathname).catch(() => undefined);
  }
  let response: NextResponse;
  if (missing) {
    const target = request.nextUrl.clone();
    target.pathname = missingPath(missing);
    target.search = '';
    response = NextResponse.rewrite(target, { status: 404, request: { headers: requestHeaders } });
  } else {
    response = NextResponse.next({ request: { headers: requestHeaders } });
  }
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico|icon.svg|fonts/|images/).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
