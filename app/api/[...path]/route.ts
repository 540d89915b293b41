import { handleApiRequest } from '@/backend/in-process';
import { getConfig } from '@/lib/config';
import { checkRequestOrigin, CROSS_SITE_REFUSED, isTokenAuthorisedApiPath } from '@/lib/security/origin';
import { forwardToBackend } from './forward';

/**
 * Every /api/* request: refused when it changes state from another site; otherwise handed to the
 * built-in backend in this process when API_BASE_URL is unset, else forwarded to the festival's own
 * backend. No business logic lives here.
 */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const { apiBaseUrl, siteUrl } = getConfig();
  // State-changing calls from another site get a 403 (lib/security/origin.ts), except the one-click
  // unsubscribe, authorised by its signed token. Here, not in proxy.ts, which /api skips.
  if (!isTokenAuthorisedApiPath(new URL(request.url).pathname) && !checkRequestOrigin(request, siteUrl).allowed) {
    return Response.json(CROSS_SITE_REFUSED, { status: 403 });
  }
  return apiBaseUrl ? forwardToBackend(request, apiBaseUrl) : handleApiRequest(request);
}

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
