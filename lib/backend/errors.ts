/**
 * The one error the API client throws. `status` is the HTTP status, or 0 when no response came
 * back (network failure, timeout); `body` is the parsed JSON error body when there was one, which
 * forms read for `message`, `error` and `errors` (spec §7's result pattern).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly path: string;
  readonly body: unknown;

  constructor(message: string, { status, path, body, cause }: { status: number; path: string; body?: unknown; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
    this.status = status;
    this.path = path;
    this.body = body;
  }

  /** True when no HTTP response arrived (network error or timeout). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The fields of the contract's error result a form shows, read defensively from any body. */
export interface ApiErrorDetails {
  message?: string;
  error?: string;
  errors?: Record<string, string[]>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `{ message, error, errors }` from an error body; `errors` values are normalised to string lists
 * (backends send either 'msg' or ['msg', ...] per field). Unknown shapes give an empty object.
 */
export function readApiErrorBody(body: unknown): ApiErrorDetails {
  if (!isRecord(body)) return {};
  const details: ApiErrorDetails = {};
  if (typeof body.message === 'string' && body.message.trim() !== '') details.message = body.message;
  if (typeof body.error === 'string' && body.error.trim() !== '') details.error = body.error;
  if (isRecord(body.errors)) {
    const errors: Record<string, string[]> = {};
    for (const [field, value] of Object.entries(body.errors)) {
      const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
      if (list.length > 0) errors[field] = list;
    }
    details.errors = errors;
  }
  return details;
}
