import { NextResponse, type NextRequest } from 'next/server';
import { buildCsp } from '@/lib/security/headers';

/**
 * Runs before every page and API request: a fresh CSP nonce per request (Next reads it from the
 * request's CSP header and puts it on its own scripts), and the internal subrequest header
 * stripped so nobody can use it to skip this proxy.
 */
export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const csp = buildCsp(nonce, { dev: process.env.NODE_ENV === 'development' });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.delete('x-middleware-subrequest');
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', csp);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
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
