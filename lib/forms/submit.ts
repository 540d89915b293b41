import 'server-only';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { ApiError, call, isApiError, type InputOf, type ResultOf } from '@/lib/backend';
import { fillPath, type PathParams } from '@/contract/api/endpoint';
import { ENDPOINTS, type EndpointName, type Endpoints } from '@/contract/api/endpoints';
import type { ResultPattern } from '@/contract/api/result';
import { HONEYPOT_FIELD } from '@/contract/festival';
import { echoValues, formDataToObject, validateForm, type FormState, type FormValues } from '@/contract/forms/form-state';
import { SUBMIT_MESSAGES } from '@/contract/forms/form-messages';
import { apiErrorState } from './api-error';
import { requestLogger } from '@/lib/log';

/**
 * What every form's server action does after validation: post the payload through the one API
 * client with the form's idempotency key, and turn a failure into the state the form shows
 * (spec §8: the server's message or error text, else the form's fallback; an unexpected
 * exception 'An error occurred. Please try again.'). Never logs a payload (card data).
 */
const IDEMPOTENCY_FIELD = 'idempotencyKey';

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

/** The endpoints a form posts to: those answering in the spec's result pattern (contract/api/result.ts). */
export type FormEndpoint = { [N in EndpointName]: ResultOf<N> extends ResultPattern ? N : never }[EndpointName];

/** A form endpoint's path parameters (the offer's id), when its path has some. */
type ParamsOf<N extends FormEndpoint> = { params?: PathParams<Endpoints[N]['path']> };

export type PostOutcome<N extends FormEndpoint> = { ok: true; result: ResultOf<N> } | { ok: false; state: FormState<never> };

export type PostFormOptions<N extends FormEndpoint> = ParamsOf<N> & {
  endpoint: N;
  payload: InputOf<N>['body'];
  idempotencyKey: string;
  /** The form's spec §8 fallback when the server gives no message. */
  fallback: string;
  /** The visitor's answers to show again (already without secrets). */
  values: FormValues;
  /** Backend error paths -> form field names (donation's nested payload). */
  fieldMap?: Record<string, string>;
  /** The form's field names: backend field errors on other paths are not shown inline. */
  fields: readonly string[];
};

/** `call` for any form endpoint (the options above keep each caller's input typed). */
const postTo = call as unknown as (name: FormEndpoint, input: { params?: Record<string, string>; body: unknown; idempotencyKey: string }) => Promise<ResultPattern>;

export async function postForm<N extends FormEndpoint>(options: PostFormOptions<N>): Promise<PostOutcome<N>> {
  const params: Record<string, string> | undefined = options.params;
  const path = fillPath(ENDPOINTS[options.endpoint].path, params);
  let answer: unknown;
  try {
    const result = await postTo(options.endpoint, { params, body: options.payload, idempotencyKey: options.idempotencyKey });
    if (result.success) return { ok: true, result: result as ResultOf<N> };
    answer = new ApiError('The API refused the form', { status: 200, path, body: result });
  } catch (error) {
    if (!isApiError(error)) (await requestLogger('forms')).error(`${path}: unexpected ${error instanceof Error ? error.name : typeof error}`);
    answer = error;
  }
  const { fallback, values, fields, fieldMap } = options;
  const state = apiErrorState(answer, { fallback, values, fields, fieldMap, unexpected: SUBMIT_MESSAGES.unexpected });
  return { ok: false, state: { ...state, idempotencyKey: newIdempotencyKey() } };
}

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** What differs between the public forms; `submitForm` does the rest. */
export type PublicForm<S extends ObjectSchema, N extends FormEndpoint> = ParamsOf<N> & {
  schema: S;
  /** The endpoint it posts to (contract/api/endpoints.ts). */
  endpoint: N;
  /** The form's spec §8 fallback message. */
  fallback: string;
  /** The thank-you page, where a bot's post "succeeds" too. */
  thankYou: string;
  /** The API payload from the parsed form (default: the parsed form itself). */
  payload?: (data: z.output<S>) => InputOf<N>['body'];
  /** The success redirect from the answer (default: `thankYou`), or the state to show when the answer cannot be used. */
  done?: (data: z.output<S>, result: ResultOf<N>, values: FormValues) => string | FormState;
  /** What is validated, from the submitted answers (default: the answers). */
  input?: (raw: FormValues) => Record<string, unknown>;
  /** The answers echoed after a failure (default: the schema's fields). */
  echo?: readonly string[];
  /** Never echoed (card number, CVC). */
  secretFields?: readonly string[];
  fieldMap?: Record<string, string>;
};

/**
 * A public form's server action (spec §3): a bot is thanked and nothing stored; the answers are
 * validated, posted with the form's idempotency key, and a failure comes back as the form's state;
 * on success, `redirect()` to the thank-you page (outside any try block).
 */
export async function submitForm<S extends ObjectSchema, N extends FormEndpoint>(formData: FormData, form: PublicForm<S, N>): Promise<FormState> {
  if (isBot(formData)) redirect(form.thankYou);
  const raw = formDataToObject(formData);
  const fields = Object.keys(form.schema.shape);
  const values = echoValues(raw, form.echo ?? fields, form.secretFields);
  const parsed = validateForm(form.schema, form.input ? form.input(raw) : raw, { secretFields: form.secretFields });
  if (!parsed.ok) return { ...parsed.state, values, idempotencyKey: newIdempotencyKey() };

  const outcome = await postForm({
    endpoint: form.endpoint,
    params: form.params,
    payload: form.payload ? form.payload(parsed.data) : (parsed.data as InputOf<N>['body']),
    idempotencyKey: readIdempotencyKey(formData),
    fallback: form.fallback,
    values,
    fieldMap: form.fieldMap,
    fields,
  });
  if (!outcome.ok) return outcome.state;
  const next = form.done ? form.done(parsed.data, outcome.result, values) : form.thankYou;
  if (typeof next !== 'string') return next;
  redirect(next);
}
