/**
 * lib/backend — the site's one door into the backend (spec §7). Server-only.
 *
 *   call(name, input?, { client? })  -> the answer, parsed with the endpoint's result schema
 *       name: an entry of contract/api/endpoints.ts ('registration', 'ticket', 'inboxItem'...)
 *       input: { params?, body?, query?, idempotencyKey?, csrfToken? }, typed per entry
 *              (params when the path has `:name` segments, body when it takes one)
 *       client: 'visitor' (default: the visitor's cookies and headers), 'public' (content: no
 *               credentials, Next's data cache), 'lookup' (no credentials, no cache)
 *       A text endpoint (the CSV export) answers { text, contentType, contentDisposition }.
 *       A builtInOnly endpoint with API_BASE_URL set: a 404 ApiError, and no request.
 *   callIfChanged(name, etag, input?, { client? }) -> { changed: true, body, etag } or
 *       { changed: false, etag }: a GET with If-None-Match, for an answer the caller keeps (a 304
 *       is "keep yours", not an error)
 *   capabilities() -> { builtIn, publishing, inbox, campaigns, offlineGate, walkIns, editionStatus,
 *       backups, checkout: { origin } | null }, resolved once: what pages read instead of settings
 *   ApiError { status (0 = network/timeout), path, body (parsed JSON error body) }
 *   readApiErrorBody(error.body) -> { message?, error?, errors? } for form messages
 *   createApiClient({ baseUrl, fetch, timeoutMs, getCookie, deleteCookie, log }) — the pure core
 *   createCall(client, builtIn) — call() over any client (tests, lib/content's source)
 *   publicApiClient — the public client itself, which lib/content's source is built on
 *
 * Every request: base URL from configuration (API_BASE_URL, or the built-in backend in-process
 * when unset — see transport.ts), a 10 000 ms timeout, Accept and Content-Type
 * application/json, credentials included, X-CSRFToken from a form's token or the csrftoken
 * cookie, Authorization: Bearer from the authToken cookie. A 401 removes the authToken cookie
 * (possible only in server actions and route handlers); 403 and 5xx are logged in one line.
 */
import 'server-only';
import { cookies, headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { REQUEST_ID_HEADER } from '@/contract/http/request-id';
import type { ApiClient } from './client';
import { createCall, createCallIfChanged, type Call, type CallIfChanged, type ClientKind } from './call';
import { capabilities } from './capabilities';
import { buildApiClient } from './mode';

export { capabilities, type Capabilities } from './capabilities';
export { createCall, createCallIfChanged, type Call, type CallIfChanged, type CallInput, type CallOptions, type ClientKind, type InputOf, type ResultOf } from './call';

export { ApiError, isApiError, readApiErrorBody, type ApiErrorDetails } from './errors';
export {
  AUTH_TOKEN_COOKIE,
  type ApiClient,
  type ApiClientOptions,
  type FetchLike,
  type GetOptions,
  type IfChanged,
  type PostOptions,
  type PostResult,
  type QueryValue,
  type TextResult,
} from './client';
export { enqueueNewsletter, isOutage } from './relay-outbox';
export { handleApiRequest, drainOutboxes } from './routes';

async function getVisitorCookie(name: string): Promise<string | undefined> {
  try {
    return (await cookies()).get(name)?.value;
  } catch (error) {
    // Next signals "this page is dynamic" by throwing; that must reach Next. Outside a request
    // (a script, a build step) there simply is no visitor cookie.
    unstable_rethrow(error);
    return undefined;
  }
}

/**
 * The visitor request's X-Forwarded-For, whole (at most 1 KB): set by the proxy or platform in
 * front, or by Next from the socket when the client sent none. Which entry to believe is the
 * backend's call (TRUSTED_PROXIES, backend/kernel/client-address.ts).
 */
async function getVisitorForwardedFor(): Promise<string | undefined> {
  try {
    return (await headers()).get('x-forwarded-for')?.slice(-1024) || undefined;
  } catch (error) {
    unstable_rethrow(error);
    return undefined;
  }
}

/** The visitor request's id (proxy.ts sets it), passed on so the backend's lines for this submission carry it. */
async function getVisitorRequestId(): Promise<string | undefined> {
  try {
    return (await headers()).get(REQUEST_ID_HEADER) ?? undefined;
  } catch (error) {
    unstable_rethrow(error);
    return undefined;
  }
}

async function deleteVisitorCookie(name: string): Promise<void> {
  (await cookies()).delete(name);
}

let instance: ApiClient | undefined;
let publicInstance: ApiClient | undefined;

/** The site's client: configured transport, the visitor's cookies and request id, the site's logger. */
function getApiClient(): ApiClient {
  if (!instance) {
    instance = buildApiClient({
      getCookie: getVisitorCookie,
      deleteCookie: deleteVisitorCookie,
      getForwardedFor: getVisitorForwardedFor,
      getRequestId: getVisitorRequestId,
    });
  }
  return instance;
}

/** How long an external API's public content is reused (Next's data cache) before it is asked again. */
const CONTENT_REVALIDATE_SECONDS = 60;
/** revalidateTag(CONTENT_CACHE_TAG) makes the next page view ask the external API again. */
export const CONTENT_CACHE_TAG = 'content';

/**
 * The client for public content (hero, events, highlights...): the same transport, but it reads
 * no visitor cookies or headers, so its answers are the same for everyone. Pages render per
 * request (their CSP nonce); an external API's answers are kept in Next's data cache for
 * CONTENT_REVALIDATE_SECONDS, so a busy page does not ask the festival's backend on every view.
 * A visitor's credentials are only sent where they mean something, on form submissions.
 */
function getPublicApiClient(): ApiClient {
  if (!publicInstance) {
    publicInstance = buildApiClient({
      httpFetch: (request) => fetch(request, { next: { revalidate: CONTENT_REVALIDATE_SECONDS, tags: [CONTENT_CACHE_TAG] } }),
    });
  }
  return publicInstance;
}

let lookupInstance: ApiClient | undefined;
/** No visitor cookies or headers and no data cache: the proxy's existence checks (lib/not-found). */
function getLookupApiClient(): ApiClient {
  return (lookupInstance ??= buildApiClient());
}

/**
 * The public client itself, for lib/content's source (its getters take a client so tests aim them
 * at a local server); bound lazily, so importing lib/backend never parses configuration by itself.
 * Everything else calls through `call`.
 */
export const publicApiClient: ApiClient = bindLazily(getPublicApiClient);

const CLIENTS: Record<ClientKind, () => ApiClient> = { visitor: getApiClient, public: getPublicApiClient, lookup: getLookupApiClient };

/** The typed calls over contract/api/endpoints.ts, on the site's clients (see the header). */
export const call: Call = createCall((kind) => CLIENTS[kind](), () => capabilities().builtIn);

/** A conditional GET over the same clients (see the header). */
export const callIfChanged: CallIfChanged = createCallIfChanged((kind) => CLIENTS[kind](), () => capabilities().builtIn);

function bindLazily(get: () => ApiClient): ApiClient {
  return {
    get timeoutMs() {
      return get().timeoutMs;
    },
    url: (path, query) => get().url(path, query),
    get: (path, options) => get().get(path, options),
    getIfChanged: (path, options) => get().getIfChanged(path, options),
    post: (path, body, options) => get().post(path, body, options),
    getText: (path, options) => get().getText(path, options),
  };
}
