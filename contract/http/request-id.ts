/**
 * The request id that ties a visitor's page or API answer (X-Request-Id, the error page's
 * reference) to the log lines made for it. One set by whoever is in front (nginx's $request_id, a
 * load balancer) is kept when it is a short token; anything else could smuggle text into the logs.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * The root layout's <body> attribute with the page view's id, which the error page reads. An
 * attribute, not metadata: an async generateMetadata in the root layout makes Next stream every
 * page's <title> after the shell (axe caught pages without a title).
 */
export const REQUEST_ID_ATTRIBUTE = 'data-request-id';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export const isSafeRequestId = (value: string | null | undefined): value is string => typeof value === 'string' && SAFE_REQUEST_ID.test(value);

/** The incoming id when it is safe, else a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return isSafeRequestId(incoming) ? incoming : crypto.randomUUID();
}
