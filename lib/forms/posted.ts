/**
 * What a server action was called with, read defensively (issue 42). An action is an endpoint
 * anyone can post to (Next's data-security guide: "treat Server Actions as reachable via direct
 * POST requests"), and React decodes whatever well-formed arguments come (proxy.ts refuses those
 * that would not decode: lib/http/action-reply.ts). So a hand-made call can give a `(previous,
 * formData)` action one argument (`["$K1"]`: the form lands where the state goes), no form at all,
 * or a string where the state goes; a form without JavaScript posted to `$ACTION_ID_<id>` of such
 * an action does the same. Reading `formData.get` on that threw a TypeError: a 500 and a stack
 * trace in the log. Read through these, it is an empty form and the idle state: the action answers
 * as it does to a form sent empty (its field messages, or its redirect).
 */
import type { FormState } from '@/contract/forms/form-state';

/** The form an action was given, or an empty one when it was given anything else. */
export function postedForm(value: unknown): FormData {
  return value instanceof FormData ? value : new FormData();
}

/** useActionState's previous state as given, or `idle` when it is not an object (a hand-made call). */
export function previousState<State extends FormState<unknown>>(value: unknown, idle: State): State {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof FormData) ? (value as State) : idle;
}
