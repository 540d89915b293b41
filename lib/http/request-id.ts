import { REQUEST_ID_HEADER, requestIdFrom } from '@/contract/http/request-id';

/**
 * Runs `handle` with the request carrying its id in x-request-id (one from the front kept when
 * safe, else a new one: contract/http/request-id.ts) and answers with it as X-Request-Id. The
 * /api route's way; pages get theirs from proxy.ts.
 */
export async function withRequestId(request: Request, handle: (request: Request, requestId: string) => Promise<Response>): Promise<Response> {
  const incoming = request.headers.get(REQUEST_ID_HEADER);
  const requestId = requestIdFrom(incoming);
  let tagged = request;
  if (incoming !== requestId) {
    const headers = new Headers(request.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    tagged = new Request(request, { headers });
  }
  return withRequestIdHeader(await handle(tagged, requestId), requestId);
}

/** The response with X-Request-Id set (a copy when its headers are immutable, as a fetch()'s are). */
export function withRequestIdHeader(response: Response, requestId: string): Response {
  try {
    response.headers.set('X-Request-Id', requestId);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set('X-Request-Id', requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
