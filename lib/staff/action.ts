import 'server-only';
import type { ReactNode } from 'react';
import { unstable_rethrow } from 'next/navigation';
import type { z } from 'zod';
import { errorsByPath, formDataToObject, idleState, type FieldErrors, type FormState, type FormValues } from '@/contract/forms/form-state';
import { isApiError } from '@/lib/backend';
import { apiErrorState, type ApiErrorOptions } from '@/lib/forms/api-error';
import { postedForm, previousState } from '@/lib/forms/posted';
import { newIdempotencyKey, readIdempotencyKey } from '@/lib/forms/submit';
import { getStaffUser, requireAdmin, requireStaff, type StaffUser } from './session';

/**
 * The one way a staff page, route handler or server action is made, after next-safe-action's
 * action clients (as dub.co uses them), written small because ours must also answer plain HTML
 * posts. Each checks the session and role itself (a layout is not a guard, and an action or a
 * route is its own endpoint), parses what was posted, and maps what the API said:
 *
 * - signed out, or the session ended → the sign-in page, back to `page` after (requireStaff);
 * - plain staff where only admins may go → the dashboard (requireAdmin);
 * - the schema refuses → the first message per field, the answers echoed (`values`, never secrets);
 * - the API answers 401 meanwhile → the session is checked again, so the visitor signs in again;
 * - any other failure → `failure`: apiErrorState's options (which statuses' words are shown, 404,
 *   409, 422..., the form's own words for the rest and for no answer at all), or the form's mapping;
 * - Next's control flow (redirect(), notFound()) thrown inside goes on to Next (unstable_rethrow).
 */
export type StaffRole = 'staff' | 'admin';

/** What a form posted, as a plain object (repeated names are lists). */
export type Posted = Record<string, string | string[]>;

/** Where a sign-in returns to: a fixed page, or one read from what was posted (the report being edited). */
type PageOf<Source> = string | ((source: Source) => string);

const pageOf = <Source>(page: PageOf<Source>, source: Source): string => (typeof page === 'string' ? page : page(source));

/** The session check: signed out → sign in (back to `page` after); plain staff where admins only → the dashboard. */
export function requireRole(role: StaffRole, page: string): Promise<StaffUser> {
  return role === 'admin' ? requireAdmin(page) : requireStaff(page);
}

/**
 * Runs `run` for a signed-in user of `role`. Of what it throws, Next's control flow goes on; an
 * API's 401 checks the session again (which sends the visitor to sign in); the rest is `failed`'s.
 */
async function guarded<R>(role: StaffRole, page: string, run: (user: StaffUser) => Promise<R>, failed: (error: unknown, user: StaffUser) => R | Promise<R>): Promise<R> {
  const user = await requireRole(role, page);
  try {
    return await run(user);
  } catch (error) {
    unstable_rethrow(error);
    if (isApiError(error) && error.status === 401) await requireRole(role, page);
    return failed(error, user);
  }
}

/** What a form action's `run` and `failure` are given. */
export interface StaffForm {
  user: StaffUser;
  posted: Posted;
  formData: FormData;
  /** The answers echoed with any error (the same object all along: what `run` adds to it comes back too). */
  values: FormValues;
  /** The form's last answer (its data is the form's own; typed loosely so the answer's type is inferred from `run`). */
  previous: FormState<unknown>;
  /** The Idempotency-Key the form was rendered with (its hidden `idempotencyKey`), or a fresh one. */
  idempotencyKey: string;
}

export interface StaffActionSpec<Data, Input> {
  role: StaffRole;
  page: PageOf<Posted>;
  /** The answers to echo with an error (never a secret). Default: none. */
  values?: (posted: Posted) => FormValues;
  /** Names the form an answer is for, where one page holds many forms posting to this action (FormState's `for`). */
  formId?: (posted: Posted) => string;
  /** The form's message when the configured backend cannot do this (capabilities), said before the schema. */
  unavailable?: () => string | undefined;
  /** Parses `values`; a refusal answers with the first message per field and the answers echoed. */
  schema?: z.ZodType<Input>;
  /** The form's fields in its order: the schema's errors are kept for these, in this order. Default: all, as reported. */
  fields?: readonly string[];
  /** The form's message when the schema refuses. */
  invalid?: string;
  /** A failed call: apiErrorState's options (`values` added), or the form's own mapping. */
  failure: Omit<ApiErrorOptions, 'values'> | ((error: unknown, form: StaffForm) => FormState<Data> | Promise<FormState<Data>>);
  /** The action itself: an answer, or a redirect(). A call that throws is `failure`'s. */
  run: (form: StaffForm & { input: Input }) => Promise<FormState<Data>>;
  /**
   * The form posts once per Idempotency-Key (`run` sends `idempotencyKey` with its call) and stays
   * on its page: every answer carries a fresh key for the next submission (FormState.idempotencyKey,
   * which ActionForm takes), so the next one is new, while the same one posted again is a replay.
   */
  idempotent?: boolean;
}

function inOrder(errors: FieldErrors, fields: readonly string[] | undefined): FieldErrors {
  if (!fields) return errors;
  const ordered: FieldErrors = {};
  for (const field of fields) if (errors[field]) ordered[field] = errors[field];
  return ordered;
}

/**
 * A staff form's action for useActionState (a no-JS post too): (previous, formData) → the form
 * state, its `seq` one more than the previous one's on every answer (the form remounts with it).
 * In order: the session and role, `unavailable`, the schema, then `run`; what `run` throws is
 * `failure`'s (after a 401 has sent the visitor to sign in again). Arguments of another shape (a
 * hand-made call) are read as the idle state and an empty form (lib/forms/posted.ts).
 */
export function staffAction<Data, Input = FormValues>(spec: StaffActionSpec<Data, Input>): (previous: FormState<Data>, formData: FormData) => Promise<FormState<Data>> {
  return async (previousArgument, formArgument) => {
    const previous = previousState(previousArgument, idleState as FormState<Data>);
    const formData = postedForm(formArgument);
    const posted = formDataToObject(formData);
    const values = spec.values?.(posted) ?? {};
    const idempotencyKey = readIdempotencyKey(formData);
    const answer = await guarded<FormState<Data>>(
      spec.role,
      pageOf(spec.page, posted),
      async (user) => {
        const form = { user, posted, formData, values, previous, idempotencyKey };
        const unavailable = spec.unavailable?.();
        if (unavailable !== undefined) return { status: 'error', errors: {}, values, message: unavailable };
        if (!spec.schema) return spec.run({ ...form, input: values as Input });
        const parsed = spec.schema.safeParse(values);
        if (parsed.success) return spec.run({ ...form, input: parsed.data });
        const errors = inOrder(errorsByPath(parsed.error), spec.fields);
        return { status: 'error', errors, values, ...(spec.invalid === undefined ? {} : { message: spec.invalid }) };
      },
      (error, user) => {
        const failure = spec.failure;
        return typeof failure === 'function' ? failure(error, { user, posted, formData, values, previous, idempotencyKey }) : apiErrorState(error, { ...failure, values });
      },
    );
    return {
      ...answer,
      ...(spec.formId ? { for: spec.formId(posted) } : {}),
      ...(spec.idempotent ? { idempotencyKey: newIdempotencyKey() } : {}),
      seq: (typeof previous.seq === 'number' ? previous.seq : 0) + 1,
    };
  };
}

export interface StaffRedirectSpec {
  role: StaffRole;
  page: PageOf<Posted>;
  /** The action: it ends in a redirect() (what happened, said by the page it leads to). */
  run: (form: { user: StaffUser; posted: Posted }) => Promise<void>;
  /** A failed call: a redirect() too. */
  failure: (error: unknown, form: { user: StaffUser; posted: Posted }) => never;
}

/**
 * A staff action that answers with a redirect only: for a plain `<form action>` (formData) and for
 * useActionState with no state (undefined, formData) alike; anything else is an empty form.
 */
export function staffRedirectAction(spec: StaffRedirectSpec): (first: FormData | undefined, formData?: FormData) => Promise<undefined> {
  return async (first, second) => {
    const posted = formDataToObject(postedForm(second instanceof FormData ? second : first));
    await guarded(
      spec.role,
      pageOf(spec.page, posted),
      (user) => spec.run({ user, posted }),
      (error, user) => spec.failure(error, { user, posted }),
    );
    return undefined;
  };
}

export interface StaffCallSpec<Input, Output> {
  role: StaffRole;
  /** The answer without a session of that role: a script's call is told, not redirected (the offline gate keeps its queue). */
  refused: Output;
  /** Parses the call's argument; a refusal answers `invalid`. */
  schema?: z.ZodType<Input>;
  invalid?: Output;
  run: (input: Input, user: StaffUser) => Promise<Output>;
}

/** A staff action a script calls with a value (not a form): refused, not redirected, without a session. */
export function staffCall<Input = undefined, Output = unknown>(spec: StaffCallSpec<Input, Output>): (input?: unknown) => Promise<Output> {
  return async (input) => {
    const user = await getStaffUser();
    if (!user || (spec.role === 'admin' && user.role !== 'admin')) return spec.refused;
    if (!spec.schema) return spec.run(input as Input, user);
    const parsed = spec.schema.safeParse(input);
    if (!parsed.success) {
      if (spec.invalid === undefined) throw new Error('staffCall: a schema needs its `invalid` answer');
      return spec.invalid;
    }
    return spec.run(parsed.data, user);
  };
}

export interface StaffRouteSpec<Context> {
  role: StaffRole;
  page: string;
  run: (request: Request, context: Context, user: StaffUser) => Promise<Response>;
  /** A failed call's response (after a 401 has sent the visitor to sign in again). */
  failure: (error: unknown, context: Context) => Response | Promise<Response>;
}

/** A staff route handler (a file download): the same session check and failure mapping as the actions. */
export function staffRoute<Context>(spec: StaffRouteSpec<Context>): (request: Request, context: Context) => Promise<Response> {
  return (request, context) =>
    guarded(
      spec.role,
      spec.page,
      (user) => spec.run(request, context, user),
      (error) => spec.failure(error, context),
    );
}

/**
 * A staff page: the session and role are checked before anything renders; `render` is given the
 * signed-in user. `page` (where a sign-in returns to) may read the page's params.
 */
export function staffPage<Props = object>(
  guard: { role: StaffRole; page: string | ((props: Props) => string | Promise<string>) },
  render: (staff: StaffUser, props: Props) => Promise<ReactNode>,
): (props: Props) => Promise<ReactNode> {
  return async (props) => {
    const page = typeof guard.page === 'string' ? guard.page : await guard.page(props);
    return render(await requireRole(guard.role, page), props);
  };
}
