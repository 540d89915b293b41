import { handleApiRequest } from '@/lib/backend';
import { getConfig } from '@/lib/config';
import { withRequestId } from '@/lib/http/request-id';
import { checkRequestOrigin, CROSS_SITE_REFUSED, isTokenAuthorisedApiPath } from '@/lib/security/origin';

/**
 * Every /api/* request: refused when it changes state from another site; otherwise handed to the
 * door into the backend (lib/backend), which forwards it or answers it in this process. No
 * business logic lives here. Every answer carries X-Request-Id (lib/http/request-id.ts), the id
 * the backend's log lines for it carry.
 */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handle = (request: Request): Promise<Response> => withRequestId(request, refuseOrHand);

async function refuseOrHand(request: Request): Promise<Response> {
  const { siteUrl } = getConfig();
  // State-changing calls from another site get a 403 (lib/security/origin.ts), except the one-click
  // unsubscribe, authorised by its signed token. Here, not in proxy.ts, which /api skips.
  if (!isTokenAuthorisedApiPath(new URL(request.url).pathname) && !checkRequestOrigin(request, siteUrl).allowed) {
    return Response.json(CROSS_SITE_REFUSED, { status: 403 });
  }
  return handleApiRequest(request);
}

export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
