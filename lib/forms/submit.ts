import 'server-only';
import { apiClient, isApiError, readApiErrorBody } from '@/lib/backend';
import { HONEYPOT_FIELD } from '@/contract/festival';
import type { FieldErrors, FormState } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/messages';

/**
 * What every form's server action does after validation: post the payload through the one API
 * client with the form's idempotency key, and turn a failure into the state the form shows
 * (spec §8: the server's message or error text, else the form's fallback; an unexpected
 * exception 'An error occurred. Please try again.'). Never logs a payload (card data).
 */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

type ErrorState = Extract<FormState, { status: 'error' }>;

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key the form rendered with, if it looks like one; otherwise a fresh one. */
export function readIdempotencyKey(formData: FormData): string {
  const raw = formData.get(IDEMPOTENCY_FIELD);
  return typeof raw === 'string' && /^[A-Za-z0-9-]{8,100}$/.test(raw) ? raw : newIdempotencyKey();
}

/** True when the hidden field only bots fill in has a value: answer as if all went well, store nothing. */
export function isBot(formData: FormData): boolean {
  const raw = formData.get(HONEYPOT_FIELD);
  return typeof raw === 'string' && raw.trim() !== '';
}

export interface ApiResult {
  body: Record<string, unknown>;
  data: Record<string, unknown>;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A field of the result pattern, read from the body or its `data`. */
export function resultField(result: ApiResult, name: string): string | undefined {
  const value = result.body[name] ?? result.data[name];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export type PostOutcome = { ok: true; result: ApiResult } | { ok: false; state: ErrorState };

export interface PostFormOptions {
  path: string;
  payload: unknown;
  idempotencyKey: string;
  /** The form's spec §8 fallback when the server gives no message. */
  fallback: string;
  /** The visitor's answers to show again (already without secrets). */
  values: Record<string, string | string[]>;
  /** Backend error paths -> form field names (donation's nested payload). */
  fieldMap?: Record<string, string>;
  /** The form's field names: backend field errors on other paths are not shown inline. */
  fields: readonly string[];
}

export async function postForm(options: PostFormOptions): Promise<PostOutcome> {
  const failure = (message: string, errors: FieldErrors = {}): PostOutcome => ({
    ok: false,
    state: { status: 'error', errors, values: options.values, message, idempotencyKey: newIdempotencyKey() },
  });
  try {
    const body = asRecord(
      await apiClient.post(options.path, options.payload, { idempotencyKey: options.idempotencyKey }),
    );
    if (body.success === false) {
      const details = readApiErrorBody(body);
      return failure(details.message ?? details.error ?? options.fallback, fieldErrors(details.errors, options));
    }
    return { ok: true, result: { body, data: asRecord(body.data) } };
  } catch (error) {
    if (isApiError(error)) {
      const details = readApiErrorBody(error.body);
      return failure(details.message ?? details.error ?? options.fallback, fieldErrors(details.errors, options));
    }
    console.error(`[forms] ${options.path}: unexpected ${error instanceof Error ? error.name : typeof error}`);
    return failure(SUBMIT_MESSAGES.unexpected);
  }
}

function fieldErrors(errors: Record<string, string[]> | undefined, options: PostFormOptions): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = options.fieldMap?.[path] ?? path;
    if (options.fields.includes(field) && messages[0]) out[field] ??= messages[0];
  }
  // In the form's order, so the error summary follows the page.
  const ordered: FieldErrors = {};
  for (const f of options.fields) if (out[f]) ordered[f] = out[f];
  return ordered;
}

/** The unexpected-exception state (spec §8), for an action's own try/catch. */
export function unexpectedState(values: Record<string, string | string[]>): ErrorState {
  return { status: 'error', errors: {}, values, message: SUBMIT_MESSAGES.unexpected, idempotencyKey: newIdempotencyKey() };
}
