import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '@/contract/festival';
import { ApiError } from './errors';
import { logger, type Logger } from './log';

/**
 * The API client's core (spec §7), free of Next so unit tests drive it with a real HTTP server.
 * lib/backend/index.ts binds it to the site's transport and the visitor's cookies.
 */

/** Anything that turns a Request into a Response: global fetch, or the in-process backend. */
export type FetchLike = (request: Request) => Promise<Response>;

export const AUTH_TOKEN_COOKIE = 'authToken';
export const CSRF_COOKIE = 'csrftoken';

export interface ApiClientOptions {
  /** Origin (and optional path prefix) the contract's /api/... paths are joined to. */
  baseUrl: string;
  fetch: FetchLike;
  /** Whole-request budget, headers and body; defaults to REQUEST_TIMEOUT_MS (10 000 ms). */
  timeoutMs?: number;
  /** Reads one of the visitor's cookies; undefined when absent or unreadable. */
  getCookie?: (name: string) => string | undefined | Promise<string | undefined>;
  /** Removes one of the visitor's cookies (401 handling). May throw where cookies are read-only. */
  deleteCookie?: (name: string) => void | Promise<void>;
  /** Where the client's lines go (403, 5xx, a failed cookie removal); never a request body. Default: the site's logger. */
  log?: Logger;
  /**
   * The X-Forwarded-For chain of the visitor's request, as the site received it, passed on whole so
   * the backend's per-visitor rate limit applies to submissions made through the site's server
   * actions: the backend decides which entry to believe (TRUSTED_PROXIES), not the site.
   */
  getForwardedFor?: () => string | undefined | Promise<string | undefined>;
  /** The visitor request's id (proxy.ts), sent as X-Request-Id so the backend's lines carry it too. */
  getRequestId?: () => string | undefined | Promise<string | undefined>;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface GetOptions<S extends z.ZodType> {
  query?: Record<string, QueryValue>;
  schema: S;
  /** A CSRF token from a form field; wins over the csrftoken cookie. */
  csrfToken?: string;
}

export interface PostOptions<S extends z.ZodType | undefined = undefined> {
  /** Sent as Idempotency-Key so a retried submission is not stored twice. */
  idempotencyKey?: string;
  /** A CSRF token from a form field; wins over the csrftoken cookie. */
  csrfToken?: string;
  /** When given, the success body is parsed with it (an invalid body is an ApiError). */
  schema?: S;
}

/**
 * A conditional GET's answer (RFC 9110 If-None-Match): the new body with its ETag, or "not
 * modified" — the copy the caller holds under `etag` is still the answer.
 */
export type IfChanged<T> = { changed: true; body: T; etag: string | undefined } | { changed: false; etag: string };

export interface GetIfChangedOptions<S extends z.ZodType> extends GetOptions<S> {
  /** The ETag of the copy the caller holds; none: an ordinary GET. */
  etag?: string | undefined;
}

/** A post's result: the schema's output when one is given, else the raw parsed JSON. */
export type PostResult<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : unknown;

export interface ApiClient {
  readonly timeoutMs: number;
  /** The full URL a path (and query) resolves to. */
  url(path: string, query?: Record<string, QueryValue>): string;
  get<S extends z.ZodType>(path: string, options: GetOptions<S>): Promise<z.output<S>>;
  /** A GET that sends If-None-Match: a 304 is "not modified" (no body), not an error. */
  getIfChanged<S extends z.ZodType>(path: string, options: GetIfChangedOptions<S>): Promise<IfChanged<z.output<S>>>;
  post<S extends z.ZodType | undefined = undefined>(path: string, body: unknown, options?: PostOptions<S>): Promise<PostResult<S>>;
  /** A GET whose answer is not JSON (a CSV export): its text and the headers describing it. */
  getText(path: string, options?: { query?: Record<string, QueryValue>; accept?: string }): Promise<TextResult>;
}

export interface TextResult {
  text: string;
  contentType: string | null;
  contentDisposition: string | null;
}

/** Joins a base URL (with or without a path prefix or trailing slash) and an /api/... path. */
export function joinUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  if (qs === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

class TimeoutSignal extends Error {}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const baseLog = options.log ?? logger('api');

  async function readCookie(name: string): Promise<string | undefined> {
    if (!options.getCookie) return undefined;
    const value = await options.getCookie(name);
    return value === undefined || value === '' ? undefined : value;
  }

  async function buildHeaders(extra: { csrfToken?: string; idempotencyKey?: string }): Promise<Headers> {
    const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
    const csrf = extra.csrfToken?.trim() || (await readCookie(CSRF_COOKIE));
    if (csrf) headers.set('X-CSRFToken', csrf);
    const token = await readCookie(AUTH_TOKEN_COOKIE);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (extra.idempotencyKey) headers.set('Idempotency-Key', extra.idempotencyKey);
    const forwardedFor = (await options.getForwardedFor?.())?.trim();
    if (forwardedFor) headers.set('X-Forwarded-For', forwardedFor);
    const requestId = await options.getRequestId?.();
    if (requestId) headers.set('X-Request-Id', requestId);
    return headers;
  }

  async function onErrorStatus(method: string, path: string, status: number, sent: Headers): Promise<void> {
    const requestId = sent.get('X-Request-Id');
    const log = requestId ? baseLog.child({ requestId }) : baseLog;
    if (status === 401) {
      // The stored token is no longer valid: forget it. Next only allows cookie writes in server
      // actions and route handlers; elsewhere the delete throws, and the request still fails cleanly.
      try {
        await options.deleteCookie?.(AUTH_TOKEN_COOKIE);
      } catch (error) {
        log.warn(`${method} ${path} -> 401; could not remove the ${AUTH_TOKEN_COOKIE} cookie here (${describe(error)})`);
      }
    } else if (status === 403 || status >= 500) {
      log.warn(`${method} ${path} -> ${status}`);
    }
  }

  /** One request with the whole-request timeout; every non-2xx answer is the caller's to judge. */
  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    url: string,
    init: { headers: Headers; body?: string },
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new TimeoutSignal());
      }, timeoutMs);
    });
    try {
      const request = new Request(url, {
        method,
        headers: init.headers,
        body: init.body,
        credentials: 'include',
        signal: controller.signal,
      });
      const answer = (async () => {
        const response = await options.fetch(request);
        return { status: response.status, text: await response.text(), headers: response.headers };
      })();
      answer.catch(() => undefined); // the race's loser must not become an unhandled rejection
      return await Promise.race([answer, timedOut]);
    } catch (error) {
      if (error instanceof TimeoutSignal) {
        throw new ApiError(`Request timed out after ${timeoutMs} ms`, { status: 0, path });
      }
      throw new ApiError(`Network error: ${describe(error)}`, { status: 0, path, cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends one request and returns the parsed JSON body (undefined for an empty body). The timeout
   * covers the body too, and is raced rather than left to the signal alone, because a transport
   * (the in-process backend) may ignore the signal.
   */
  async function send(method: 'GET' | 'POST', path: string, url: string, init: { headers: Headers; body?: string }): Promise<unknown> {
    const { status, text } = await exchange(method, path, url, init);
    return interpret(method, path, init.headers, status, text);
  }

  /** An answer's JSON body, or the ApiError it is (any status outside 2xx, or a body that is not JSON). */
  async function interpret(method: 'GET' | 'POST', path: string, sent: Headers, status: number, text: string): Promise<unknown> {
    let body: unknown;
    let parseFailed = false;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        parseFailed = true;
      }
    }

    if (status < 200 || status >= 300) {
      await onErrorStatus(method, path, status, sent);
      const details = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      const reason =
        (typeof details.message === 'string' && details.message) ||
        (typeof details.error === 'string' && details.error) ||
        `Request failed with status ${status}`;
      throw new ApiError(reason, { status, path, body });
    }
    if (parseFailed) {
      throw new ApiError('The response was not valid JSON', { status, path });
    }
    return body;
  }

  function parseWith<S extends z.ZodType>(schema: S, body: unknown, path: string, status = 200): z.output<S> {
    const result = schema.safeParse(body);
    if (!result.success) {
      const first = result.error.issues[0];
      const where = first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid';
      throw new ApiError(`The response did not match the expected shape (${where})`, { status, path, body });
    }
    return result.data;
  }

  const client = {
    timeoutMs,
    url: (path: string, query?: Record<string, QueryValue>) => joinUrl(options.baseUrl, path, query),
    async get<S extends z.ZodType>(path: string, { query, schema, csrfToken }: GetOptions<S>): Promise<z.output<S>> {
      const headers = await buildHeaders({ csrfToken });
      const body = await send('GET', path, joinUrl(options.baseUrl, path, query), { headers });
      return parseWith(schema, body, path);
    },
    async getIfChanged<S extends z.ZodType>(path: string, { query, schema, csrfToken, etag }: GetIfChangedOptions<S>): Promise<IfChanged<z.output<S>>> {
      const headers = await buildHeaders({ csrfToken });
      if (etag) headers.set('If-None-Match', etag);
      const answer = await exchange('GET', path, joinUrl(options.baseUrl, path, query), { headers });
      if (etag && answer.status === 304) return { changed: false, etag: answer.headers.get('etag') ?? etag };
      const body = await interpret('GET', path, headers, answer.status, answer.text);
      return { changed: true, body: parseWith(schema, body, path), etag: answer.headers.get('etag') ?? undefined };
    },
    async post(path: string, payload: unknown, postOptions: PostOptions<z.ZodType | undefined> = {}): Promise<unknown> {
      const headers = await buildHeaders(postOptions);
      const body = await send('POST', path, joinUrl(options.baseUrl, path), { headers, body: JSON.stringify(payload ?? {}) });
      return postOptions.schema ? parseWith(postOptions.schema, body, path) : body;
    },
    async getText(path: string, { query, accept = 'text/csv' }: { query?: Record<string, QueryValue>; accept?: string } = {}): Promise<TextResult> {
      const headers = await buildHeaders({});
      headers.set('Accept', accept);
      headers.delete('Content-Type');
      const { status, text, headers: answer } = await exchange('GET', path, joinUrl(options.baseUrl, path, query), { headers });
      if (status < 200 || status >= 300) {
        await onErrorStatus('GET', path, status, headers);
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : `Request failed with status ${status}`;
        throw new ApiError(message, { status, path, body });
      }
      return { text, contentType: answer.get('content-type'), contentDisposition: answer.get('content-disposition') };
    },
  };
  return client as ApiClient;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
