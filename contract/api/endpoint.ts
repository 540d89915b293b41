import type { z } from 'zod';

/**
 * One endpoint of the /api contract (spec §7 and our additions): what the door's typed calls
 * (lib/backend `call`) and the built-in backend's validation both derive from.
 *
 *   method       GET or POST (the site's client speaks no other)
 *   path         the contract's path; `:name` marks a parameter segment ('/api/tickets/:reference/')
 *   request      the JSON body's schema, when the endpoint takes one (the backend validates with it)
 *   query        the query string's schema, when it takes one
 *   result       the success body's schema; TEXT for an answer that is not JSON (a CSV export)
 *   builtInOnly  only the built-in backend offers it: with API_BASE_URL set the door refuses the
 *                call without a request (a 404 ApiError, what the festival's backend would answer)
 */
export type Method = 'GET' | 'POST';

/** The result of an endpoint that answers text (a CSV file), not JSON. */
export const TEXT = 'text' as const;
export type TextAnswer = typeof TEXT;

export interface Endpoint {
  readonly method: Method;
  readonly path: string;
  readonly request?: z.ZodType;
  readonly query?: z.ZodType;
  readonly result: z.ZodType | TextAnswer;
  readonly builtInOnly: boolean;
}

/** Names an endpoint's parts, keeping their exact types (for the typed calls). */
export const endpoint = <const E extends Endpoint>(entry: E): E => entry;

type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** `{ reference: string }` for '/api/tickets/:reference/'; `{}` for a path without parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Segment}/${infer Rest}`
  ? { [K in ParamName<Segment>]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Segment}`
    ? { [K in ParamName<Segment>]: string }
    : Record<never, never>;

const PARAM = /:([A-Za-z][A-Za-z0-9]*)/g;

/** The parameter names of a path, in order ('/api/admin/inbox/:kind/:id/' → ['kind', 'id']). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]!);
}

/** The path with each `:name` replaced by its value, percent-encoded; a missing value is an error. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
