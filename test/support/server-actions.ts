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

export function navigationModule() {
  return {
    redirect: (url: string) => {
      throw new Redirected(url);
    },
  };
}

/** lib/backend with its one API client answered by `app()` (read at each request, so a test may build it later). */
export async function backendModule(app: () => BackendApp | undefined) {
  const errors = await import('@/lib/backend/errors');
  const { createApiClient } = await import('@/lib/backend/client');
  const apiClient = createApiClient({ baseUrl: 'http://backend.test', fetch: async (request) => app()!.fetch(request) });
  return { apiClient, ApiError: errors.ApiError, isApiError: errors.isApiError, readApiErrorBody: errors.readApiErrorBody };
}

/** The URL an action redirected to; throws when it did not redirect. */
export async function redirectOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof Redirected) return error.url;
    throw error;
  }
  throw new Error('expected a redirect');
}
