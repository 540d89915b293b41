import type { z } from 'zod';

/**
 * Turning a submitted form into either clean data or the state a form shows again: the first
 * message per field in the form's order, and the visitor's answers echoed back so nothing typed
 * is lost — except secrets (card number, CVC), which never go back to the browser.
 */
export type FieldErrors = Record<string, string>;
export type FormValues = Record<string, string | string[]>;

/**
 * The one state every form's server action answers with, public and staff (after next-learn's
 * dashboard): `status`, the first message per field in the form's order, the answers echoed so
 * nothing typed is lost (never secrets), and a submit-level message (spec §8) for the error
 * summary. The optional fields are what some forms need; `data` is a form's own answer (a report's
 * preview, a generated password, the gate's verdict).
 */
export interface FormState<Data = unknown> {
  status: 'idle' | 'error' | 'success' | 'preview';
  errors: FieldErrors;
  values: FormValues;
  /** A submit-level message (spec §8), shown at the top of the form (or the success text). */
  message?: string;
  /**
   * A fresh idempotency key for the next attempt: a retry after a failure (a declined card) is a
   * new submission, not a replay of the failed one. Also keys the form so it re-renders fresh.
   */
  idempotencyKey?: string;
  /** Changes with every answer: the form remounts with the values echoed (and refocuses). */
  seq?: number;
  /**
   * Which form the answer is for, where one page holds many forms posting to one action: without
   * JavaScript, React hands the answer to every form of that action on the page.
   */
  for?: string;
  data?: Data;
}

export const idleState: FormState = { status: 'idle', errors: {}, values: {} };

/** The first message per path ("donor.email"), in the order zod reported them. */
export function errorsByPath(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** FormData -> a plain object; repeated names (checkbox groups) become arrays. */
export function formDataToObject(formData: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(formData.keys())) {
    const all = formData.getAll(key).filter((v): v is string => typeof v === 'string');
    out[key] = all.length > 1 ? all : (all[0] ?? '');
  }
  return out;
}

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export type ValidationResult<S extends ObjectSchema> = { ok: true; data: z.output<S> } | { ok: false; state: FormState<never> };

export function validateForm<S extends ObjectSchema>(
  schema: S,
  input: FormData | Record<string, unknown>,
  { secretFields = [] as readonly string[] } = {},
): ValidationResult<S> {
  const raw = input instanceof FormData ? formDataToObject(input) : input;
  const fields = Object.keys(schema.shape);
  const picked: Record<string, unknown> = {};
  for (const f of fields) picked[f] = raw[f];
  const parsed = schema.safeParse(picked);
  if (parsed.success) return { ok: true, data: parsed.data };
  const byPath = errorsByPath(parsed.error);
  const errors: FieldErrors = {};
  for (const f of fields) if (byPath[f]) errors[f] = byPath[f];
  return { ok: false, state: { status: 'error', errors, values: echoValues(raw, fields, secretFields) } };
}

/** The answers to send back with an error, without secrets. */
export function echoValues(
  raw: Record<string, unknown>,
  fields: readonly string[],
  secretFields: readonly string[] = [],
): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    if (secretFields.includes(f)) continue;
    const v = raw[f];
    if (typeof v === 'string') values[f] = v;
    else if (Array.isArray(v)) values[f] = v.filter((x): x is string => typeof x === 'string');
    else if (typeof v === 'number') values[f] = String(v);
  }
  return values;
}

/** Card number and CVC: never logged, stored or echoed. */
export const DONATION_SECRET_FIELDS = ['cardNumber', 'cardCvc'] as const;

/** An error summary's line (GOV.UK): the message, led by its field's name unless it already names it. */
export function summaryLine(label: string | undefined, message: string): string {
  if (!label || message.toLowerCase().includes(label.toLowerCase())) return message;
  return `${label}: ${message}`;
}
