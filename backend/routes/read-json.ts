import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { failureBody, HTTP_MESSAGES, type FailureBody } from '../lib/http';

export class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large');
    this.name = 'BodyTooLargeError';
  }
}

export type ReadResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; status: ContentfulStatusCode; body: FailureBody };

/** The body as a JSON object, or the contract's 400 for anything else (bad JSON, arrays, scalars). */
export async function readJsonObject(c: Context): Promise<ReadResult> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    // hono's bodyLimit stops the stream with its own error once the limit is passed.
    if (error instanceof BodyTooLargeError || (error as Error | undefined)?.name === 'BodyLimitError') {
      return { ok: false, status: 413, body: failureBody(HTTP_MESSAGES.tooLarge) };
    }
    return { ok: false, status: 400, body: failureBody(HTTP_MESSAGES.malformedJson) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, body: failureBody(HTTP_MESSAGES.malformedJson) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, status: 400, body: failureBody(HTTP_MESSAGES.notAnObject) };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
