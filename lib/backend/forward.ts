import { logger } from './log';

/**
 * Forwarding /api/* to the festival's own backend (API_BASE_URL): method, path, query, body and
 * the headers that matter go out; status, body and content type come back. Ten seconds, then a
 * clear 502 in the contract's result pattern.
 */
const PROXY_TIMEOUT_MS = 10_000;
const FORWARDED_REQUEST_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'x-csrftoken',
  'idempotency-key',
  'cookie',
  'x-forwarded-for',
  'x-request-id',
] as const;
const RETURNED_RESPONSE_HEADERS = ['content-type', 'content-disposition', 'retry-after', 'allow', 'set-cookie', 'cache-control'] as const;

const UNREACHABLE = {
  success: false,
  message: 'The festival backend is unreachable. Please try again shortly.',
  errors: {},
};

/**
 * The contract's paths end in '/' (spec §7) and Django-style backends insist on it, but Next
 * redirects '/api/x/' to '/api/x' before we see it: put the slash back (not on file names like
 * export.csv).
 */
function contractPath(pathname: string): string {
  if (pathname.endsWith('/')) return pathname;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.') ? pathname : `${pathname}/`;
}

/** The festival's backend answers for itself; its own X-Request-Id is not passed back (the route sets ours). */
export async function forwardToBackend(request: Request, base: string): Promise<Response> {
  const incoming = new URL(request.url);
  const target = `${base}${contractPath(incoming.pathname)}${incoming.search}`;
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
      cache: 'no-store',
    });
  } catch (error) {
    const requestId = request.headers.get('x-request-id');
    logger('api-proxy', requestId ? { requestId } : {}).error(`${request.method} ${incoming.pathname} -> unreachable: ${(error as Error).name}`);
    return Response.json(UNREACHABLE, { status: 502 });
  }
  const out = new Headers();
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  let body: ArrayBuffer;
  try {
    body = await upstream.arrayBuffer();
  } catch {
    return Response.json(UNREACHABLE, { status: 502 });
  }
  const noBody = upstream.status === 204 || upstream.status === 304 || request.method === 'HEAD';
  return new Response(noBody ? null : body, { status: upstream.status, headers: out });
}

