import { isSafeRequestId, REQUEST_ID_HEADER } from '@/contract/http/request-id';
import { logger, type Logger } from '@/lib/backend/log';

/** What Next passes to instrumentation.ts's onRequestError (node_modules/next/dist/docs, instrumentation.md). */
export interface ErroredRequest {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
}
export interface RequestErrorContext {
  routePath?: string;
  routeType?: string;
}

// Next's own control flow (notFound(), redirect(), dynamic bail-outs) is not a failure.
const NEXT_SIGNAL = /^(NEXT_|DYNAMIC_SERVER_USAGE|BAILOUT_TO_CLIENT_SIDE_RENDERING)/;

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * One line for a server error Next caught: the digest error.tsx shows, the request id proxy.ts
 * gave the request, the path without its query (values there can be addresses or tokens), the
 * method and the route. The error's message is masked like every line.
 */
export function logRequestError(error: unknown, request: ErroredRequest, context: RequestErrorContext = {}, log: Logger = logger('next')): void {
  const digest = typeof error === 'object' && error !== null && 'digest' in error ? String((error as { digest: unknown }).digest) : undefined;
  if (digest && NEXT_SIGNAL.test(digest)) return;
  const requestId = headerValue(request.headers[REQUEST_ID_HEADER]);
  const path = request.path.split('?')[0] ?? '/';
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  log.error(
    {
      digest,
      requestId: isSafeRequestId(requestId) ? requestId : undefined,
      method: request.method,
      path,
      routePath: context.routePath,
      routeType: context.routeType,
    },
    `${request.method} ${path} failed: ${name}: ${message}`,
  );
}
