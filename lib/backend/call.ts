import type { z } from 'zod';
import { ENDPOINTS, type EndpointName, type Endpoints } from '@/contract/api/endpoints';
import { fillPath, TEXT, type Endpoint, type PathParams } from '@/contract/api/endpoint';
import type { ApiClient, IfChanged, QueryValue, TextResult } from './client';
import { ApiError } from './errors';

/**
 * Typed calls over the endpoint table (contract/api/endpoints.ts), free of Next so tests drive
 * them with any client: `call(name, input?, options?)` fills the path's parameters, sends the body,
 * query and headers through an ApiClient, and returns the answer parsed with the entry's result
 * schema (an answer that does not match is an ApiError, as for every call). A `builtInOnly` entry
 * is refused without a request when an external backend is configured: a 404 ApiError, which is
 * what that backend would answer.
 */

/** Which of the site's clients carries the call (lib/backend/index.ts builds them). */
export type ClientKind =
  /** The visitor's: their cookies (staff token, CSRF), forwarded-for and request id. The default. */
  | 'visitor'
  /** Public content: no visitor credentials, the same answer for everyone, kept in Next's data cache. */
  | 'public'
  /** No visitor credentials and no data cache: existence checks (the proxy's) and the edition. */
  | 'lookup';

export interface CallOptions {
  client?: ClientKind;
}

type RequestOf<E> = E extends { request: infer S extends z.ZodType } ? { body: z.input<S> } : { body?: undefined };
type QueryOf<E> = E extends { query: infer Q extends z.ZodType } ? { query?: { [K in keyof z.input<Q>]?: QueryValue } } : { query?: undefined };
type ParamsOf<E> = E extends { path: infer P extends string } ? (keyof PathParams<P> extends never ? { params?: undefined } : { params: PathParams<P> }) : never;

/** What a call sends: the path's parameters, the JSON body, the query, and the form's headers. */
export type CallInput<E> = ParamsOf<E> &
  RequestOf<E> &
  QueryOf<E> & {
    /** Sent as Idempotency-Key so a retried submission is not stored twice. */
    idempotencyKey?: string;
    /** A CSRF token from a form field; wins over the csrftoken cookie. */
    csrfToken?: string;
  };

/** The parsed success body (TextResult for a text answer such as a CSV export). */
export type CallResult<E> = E extends { result: infer R } ? (R extends z.ZodType ? z.output<R> : TextResult) : never;

export type ResultOf<N extends EndpointName> = CallResult<Endpoints[N]>;
export type InputOf<N extends EndpointName> = CallInput<Endpoints[N]>;

type CallArgs<E> = object extends CallInput<E> ? [input?: CallInput<E>, options?: CallOptions] : [input: CallInput<E>, options?: CallOptions];

export type Call = <N extends EndpointName>(name: N, ...args: CallArgs<Endpoints[N]>) => Promise<ResultOf<N>>;

/** The answer of the door for an endpoint the configured backend does not offer. */
export function notOffered(name: string, method: string, path: string): ApiError {
  return new ApiError(`${method} ${path} (${name}) is offered only by the built-in backend, and API_BASE_URL names another`, { status: 404, path });
}

interface LooseInput {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, QueryValue>;
  idempotencyKey?: string;
  csrfToken?: string;
}

/**
 * The one implementation of `call`: `client(kind)` gives the ApiClient for a kind, `builtIn()`
 * whether the built-in backend answers (read at each call, so configuration is asked lazily).
 */
export function createCall(client: (kind: ClientKind) => ApiClient, builtIn: () => boolean): Call {
  async function call(name: EndpointName, input: LooseInput = {}, options: CallOptions = {}): Promise<unknown> {
    const entry: Endpoint = ENDPOINTS[name];
    const path = fillPath(entry.path, input.params);
    if (entry.builtInOnly && !builtIn()) throw notOffered(name, entry.method, path);
    const api = client(options.client ?? 'visitor');
    if (entry.result === TEXT) return api.getText(path, { query: input.query });
    if (entry.method === 'GET') return api.get(path, { query: input.query, schema: entry.result, csrfToken: input.csrfToken });
    return api.post(path, input.body, { idempotencyKey: input.idempotencyKey, csrfToken: input.csrfToken, schema: entry.result });
  }
  return call as Call;
}

/** The GET endpoints that answer JSON: what a conditional call may ask. */
export type JsonGetName = { [N in EndpointName]: Endpoints[N] extends { method: 'GET'; result: z.ZodType } ? N : never }[EndpointName];

/**
 * `callIfChanged(name, etag, input?, options?)`: a GET of the table with If-None-Match, for an
 * answer a caller keeps and asks for again (the gate's pack): { changed: false } when the copy it
 * holds under `etag` is still the answer (304, no body), else the parsed answer and its ETag.
 */
export type CallIfChanged = <N extends JsonGetName>(
  name: N,
  etag: string | undefined,
  ...args: CallArgs<Endpoints[N]>
) => Promise<IfChanged<ResultOf<N>>>;

export function createCallIfChanged(client: (kind: ClientKind) => ApiClient, builtIn: () => boolean): CallIfChanged {
  async function callIfChanged(name: EndpointName, etag: string | undefined, input: LooseInput = {}, options: CallOptions = {}): Promise<unknown> {
    const entry: Endpoint = ENDPOINTS[name];
    const path = fillPath(entry.path, input.params);
    if (entry.method !== 'GET' || entry.result === TEXT) throw new Error(`${name}: a conditional call is a GET that answers JSON`);
    if (entry.builtInOnly && !builtIn()) throw notOffered(name, entry.method, path);
    return client(options.client ?? 'visitor').getIfChanged(path, { query: input.query, schema: entry.result, csrfToken: input.csrfToken, etag });
  }
  return callIfChanged as CallIfChanged;
}
