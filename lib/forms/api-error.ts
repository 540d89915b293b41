import type { FieldErrors, FormState, FormValues } from '@/contract/forms/form-state';
import { isApiError, readApiErrorBody } from '@/lib/backend/errors';

/**
 * The one mapper from a failed API call to the state a form shows again (spec §8), for every form,
 * public and staff. An answer the form reads gives the server's message (or error text) and its
 * field errors (the first message per field); anything else, the form's own words.
 */
export interface ApiErrorOptions {
  /** The form's words when the answer has none of its own, or is not read. */
  fallback: string;
  /** For an exception that is no API answer at all. Default: `fallback`. */
  unexpected?: string;
  /** The answers to show again (already without secrets). */
  values?: FormValues;
  /** The form's field names, in its order: errors on other paths are dropped. Default: all, as sent. */
  fields?: readonly string[];
  /** Backend error paths -> form field names (donation's nested payload). */
  fieldMap?: Readonly<Record<string, string>>;
  /** Which statuses' answers are read; the others get `fallback` alone. Default: every answer. */
  reads?: (status: number) => boolean;
  /**
   * The server's message: 'always' (beside field errors too), 'alone' (only when there is no field
   * error, which the summary then lists), 'never' (the form's own words). Default 'always'.
   */
  message?: 'always' | 'alone' | 'never';
}

export function apiErrorState(error: unknown, options: ApiErrorOptions): FormState<never> {
  const values = options.values ?? {};
  if (!isApiError(error)) return { status: 'error', errors: {}, values, message: options.unexpected ?? options.fallback };
  if (options.reads && !options.reads(error.status)) return { status: 'error', errors: {}, values, message: options.fallback };
  const details = readApiErrorBody(error.body);
  const errors = firstErrors(details.errors, options);
  const own = details.message ?? details.error;
  const mode = options.message ?? 'always';
  const message = mode === 'never' ? options.fallback : mode === 'alone' && Object.keys(errors).length > 0 ? undefined : (own ?? options.fallback);
  return { status: 'error', errors, values, message };
}

function firstErrors(errors: Record<string, string[]> | undefined, options: ApiErrorOptions): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = options.fieldMap?.[path] ?? path;
    if ((!options.fields || options.fields.includes(field)) && messages[0]) out[field] ??= messages[0];
  }
  if (!options.fields) return out;
  // In the form's order, so the error summary follows the page.
  const ordered: FieldErrors = {};
  for (const f of options.fields) if (out[f]) ordered[f] = out[f];
  return ordered;
}
