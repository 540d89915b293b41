import type { Instrumentation } from 'next';

/**
 * Runs once when the server starts: on a long-lived server, resumes delivering the outbox (mail,
 * and sign-ups kept while an external backend was unreachable). Node runtime only; not in builds.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startBackgroundDelivery } = await import('@/lib/backend/background');
  await startBackgroundDelivery().catch(async (error: unknown) => {
    const { logger } = await import('@/lib/backend/log');
    logger('outbox').warn(`background delivery not started: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/**
 * Every server error Next catches (a page, a route handler, a server action, the proxy): one JSON
 * line carrying the digest the error page shows and the request id (lib/http/request-error.ts).
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logRequestError } = await import('@/lib/http/request-error');
  logRequestError(error, request, context);
};
