import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The contract's result pattern (spec §7): `{ success, data, <thing>Id, message }` on success and
 * `{ success: false, message, errors }` on failure, with an honest HTTP status.
 */
export type FieldErrors = Record<string, string>;

export interface FailureBody {
  success: false;
  message: string;
  errors: FieldErrors;
}

export function failureBody(message: string, errors: FieldErrors = {}): FailureBody {
  return { success: false, message, errors };
}

export function fail(c: Context, status: ContentfulStatusCode, message: string, errors: FieldErrors = {}) {
  return c.json(failureBody(message, errors), status);
}

export const HTTP_MESSAGES = {
  notFound: 'Not found: there is no such endpoint.',
  methodNotAllowed: 'This endpoint does not accept that method.',
  malformedJson: 'The request body is not valid JSON.',
  notAnObject: 'The request body must be a JSON object.',
  tooLarge: 'The request body is too large.',
  validation: 'Please check the highlighted fields and try again.',
  rateLimited: 'Too many submissions from your connection. Please wait a minute and try again.',
  internal: 'Something went wrong on our side. Please try again shortly.',
  unauthorized: 'Please sign in as festival staff to do this.',
  adminOnly: 'Only a festival admin can do this.',
  /** BackendConfig.submissionsOff: on Vercel with no DATABASE_URL. */
  submissionsOff: 'Submissions are switched off: this deployment has no database. Set DATABASE_URL.',
} as const;
