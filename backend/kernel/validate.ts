/**
 * Reading and validating a JSON request body: the one way a route of the built-in backend does it.
 *
 *   validJson(schema, { before? })  Hono middleware. Reads the body as a JSON object (400
 *                                   malformedJson for bad JSON, 400 notAnObject for arrays and
 *                                   scalars, 413 tooLarge past the body limit), runs `before` on
 *                                   the raw object (a honeypot answer, say), then the schema: a
 *                                   failure is the contract's 422 `{ success: false, message:
 *                                   HTTP_MESSAGES.validation, errors }` (first message per field).
 *                                   The handler reads the parsed value with `c.req.valid('json')`.
 *   readJsonObject(c)               The reading step alone, for a route whose failures are not the
 *                                   422 pattern (newsletter unsubscribe). `c.req.json()` afterwards
 *                                   gives the same raw object again (hono caches the text).
 *
 * Why not zValidator('json', …) from @hono/zod-validator: hono's json target reads the body only
 * when Content-Type is application/json (anything else validates `{}`), answers bad JSON with its
 * own HTTPException text, and lets arrays and scalars through to the schema. The contract's
 * answers (spec §7) do not depend on the Content-Type, so this reads the body itself and then
 * hands the value over the same way zValidator does (`c.req.addValidatedData('json', …)`).
 */
import type { Context, Env, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { errorsByPath } from '@/contract/forms/form-state';
import { fail, failureBody, HTTP_MESSAGES, type FailureBody } from './http';

class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large');
    this.name = 'BodyTooLargeError';
  }
}

export type JsonObject = Record<string, unknown>;

export type ReadResult =
  | { ok: true; value: JsonObject }
  | { ok: false; status: ContentfulStatusCode; body: FailureBody };

/**
 * The body as received, or the contract's 413 past the body limit (400 when it cannot be read):
 * for a route that must see the exact bytes (a signed webhook) before anything parses them.
 */
export async function readBodyText(c: Context): Promise<{ ok: true; text: string } | { ok: false; status: ContentfulStatusCode; body: FailureBody }> {
  try {
    return { ok: true, text: await c.req.text() };
  } catch (error) {
    // hono's bodyLimit stops the stream with its own error once the limit is passed.
    if (error instanceof BodyTooLargeError || (error as Error | undefined)?.name === 'BodyLimitError') {
      return { ok: false, status: 413, body: failureBody(HTTP_MESSAGES.tooLarge) };
    }
    return { ok: false, status: 400, body: failureBody(HTTP_MESSAGES.malformedJson) };
  }
}

/** The body as a JSON object, or the contract's 400 for anything else (bad JSON, arrays, scalars). */
export async function readJsonObject(c: Context): Promise<ReadResult> {
  const read = await readBodyText(c);
  if (!read.ok) return read;
  const { text } = read;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, body: failureBody(HTTP_MESSAGES.malformedJson) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, status: 400, body: failureBody(HTTP_MESSAGES.notAnObject) };
  }
  return { ok: true, value: value as JsonObject };
}

export interface ValidJsonOptions<E extends Env> {
  /** Runs on the raw object before the schema; a Response returned here is the answer. */
  before?: (body: JsonObject, c: Context<E>) => Response | undefined | Promise<Response | undefined>;
}

/** The validated body, typed like zValidator's: `c.req.valid('json')` in the handler. */
export function validJson<S extends z.ZodType, E extends Env = Env, P extends string = string>(
  schema: S,
  options: ValidJsonOptions<E> = {},
): MiddlewareHandler<E, P, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    const read = await readJsonObject(c);
    if (!read.ok) return c.json(read.body, read.status);
    const early = await options.before?.(read.value, c);
    if (early) return early;
    const parsed = await schema.safeParseAsync(read.value);
    if (!parsed.success) return fail(c, 422, HTTP_MESSAGES.validation, errorsByPath(parsed.error));
    c.req.addValidatedData('json', parsed.data as object);
    await next();
  };
}
