import { z } from 'zod';

/**
 * The spec's result pattern, `{ success, data, <thing>Id, message, errors }` (§7), read the way the
 * site has always read a form's answer: leniently, because the spec shows only that much of it and
 * the festival's own backend may add fields, leave some out, or put them inside `data`.
 *
 * `fields` (the ids and references the site uses) are read from the body or, failing that, from
 * its `data`, as text (a number becomes its digits; anything else is absent). `success` is false
 * only when the answer says so; `message`, `error` and `errors` are kept as sent for the form's
 * failure state. Any body parses, an empty one included.
 */
export interface ResultPattern {
  /** False only when the answer says `success: false`. */
  success: boolean;
  message?: unknown;
  error?: unknown;
  errors?: unknown;
  /** The answer's `data` object ({} when it has none). */
  data: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string, or a finite number as text; undefined for anything else. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function resultPattern<const K extends string = never>(fields: readonly K[] = []) {
  return z.unknown().transform((raw): ResultPattern & { [P in K]?: string } => {
    const body = isRecord(raw) ? raw : {};
    const data = isRecord(body.data) ? body.data : {};
    const read: { [P in K]?: string } = {};
    for (const field of fields) {
      const value = asText(body[field] ?? data[field]);
      if (value !== undefined) read[field] = value;
    }
    return { success: body.success !== false, message: body.message, error: body.error, errors: body.errors, data, ...read };
  });
}
