import type { BackendApp } from '@/backend/app';

/**
 * Server actions tested against the built-in backend in-process: the modules a test mocks with
 * vi.mock (whose factories are hoisted, so they import these lazily), and where an action led.
 *
 *   vi.mock('next/navigation', async () => (await import('@/test/support/server-actions')).navigationModule());
 *   vi.mock('@/lib/backend', async () => (await import('@/test/support/server-actions')).backendModule(() => backend));
 */

/** What redirect() throws here: the URL the action sent the visitor to. */
export class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect ${url}`);
  }
}

/** What notFound() throws here. */
export class NotFound extends Error {
  constructor() {
    super('not found');
  }
}

/** Next's own control-flow errors (a real redirect() or notFound()) carry a NEXT_ digest. */
const isNextControlFlow = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'digest' in error && typeof error.digest === 'string' && error.digest.startsWith('NEXT_');

export function navigationModule() {
  return {
    redirect: (url: string) => {
      throw new Redirected(url);
    },
    notFound: () => {
      throw new NotFound();
    },
    // As Next's: its control flow goes on through a catch (the staff builder's).
    unstable_rethrow: (error: unknown) => {
      if (error instanceof Redirected || error instanceof NotFound || isNextControlFlow(error)) throw error;
    },
  };
}

/**
 * lib/backend with its one API client answered by `app()` (read at each request, so a test may
 * build it later); `cookie(name)`: the visitor's cookies (a staff session's authToken).
 */
export async function backendModule(app: () => BackendApp | undefined, cookie?: (name: string) => string | undefined) {
  const errors = await import('@/lib/backend/errors');
  const { createApiClient, AUTH_TOKEN_COOKIE } = await import('@/lib/backend/client');
  const { createCall, createCallIfChanged } = await import('@/lib/backend/call');
  const { capabilitiesOf } = await import('@/lib/backend/capabilities');
  const apiClient = createApiClient({ baseUrl: 'http://backend.test', fetch: async (request) => app()!.fetch(request), getCookie: cookie });
  // The built-in backend answers (no API_BASE_URL), without Paystack's checkout.
  const capabilities = () => capabilitiesOf(undefined, () => undefined);
  const call = createCall(() => apiClient, () => true);
  const callIfChanged = createCallIfChanged(() => apiClient, () => true);
  return { apiClient, call, callIfChanged, capabilities, AUTH_TOKEN_COOKIE, ApiError: errors.ApiError, isApiError: errors.isApiError, readApiErrorBody: errors.readApiErrorBody };
}

/** next/headers with the given cookies (read at each call). */
export function headersModule(cookie: (name: string) => string | undefined) {
  return {
    cookies: async () => ({ get: (name: string) => (cookie(name) === undefined ? undefined : { name, value: cookie(name) }), delete: () => undefined }),
    headers: async () => new Headers(),
  };
}

/** The URL an action redirected to; throws when it did not redirect. */
export async function redirectOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Redirected) return error.url;
    // Next's own redirect() (where next/navigation is not mocked): NEXT_REDIRECT;<type>;<url>;<status>;
    if (isNextControlFlow(error)) {
      const [kind, , url] = String((error as { digest: string }).digest).split(';');
      if (kind === 'NEXT_REDIRECT' && url) return url;
    }
    throw error;
  }
  throw new Error('expected a redirect');
}
