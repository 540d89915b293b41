import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { handleApiRequest } from '../backend/in-process';
import { buildCsp, newNonce, staticSecurityHeaders } from '../lib/security/headers';
import { checkRequestOrigin, CROSS_SITE_REFUSED } from '../lib/security/origin';

/**
 * /api/* straight to the built-in backend (API_BASE_URL unset), without Next's router: the same
 * answers as app/api/[...path]/route.ts behind proxy.ts (cross-site writes refused, the security
 * headers), at a fraction of the cost per request. Registrations are the busiest write.
 */
export function createApiRoute() {
  const listener = getRequestListener(async (request: Request) => {
    const check = checkRequestOrigin(request);
    const response = check.allowed ? await handleApiRequest(request) : Response.json(CROSS_SITE_REFUSED, { status: 403 });
    const headers = new Headers(response.headers);
    for (const { key, value } of staticSecurityHeaders) headers.set(key, value);
    headers.set('Content-Security-Policy', buildCsp(newNonce()));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return (req: IncomingMessage, res: ServerResponse) => {
    // Nobody may pass as Next's own subrequest, and the backend keys its rate limit on the
    // visitor's address (the proxy in front sets X-Forwarded-For; without one, the socket's).
    delete req.headers['x-middleware-subrequest'];
    if (req.headers['x-forwarded-for'] === undefined && req.socket.remoteAddress) {
      req.headers['x-forwarded-for'] = req.socket.remoteAddress;
    }
    return listener(req, res);
  };
}
