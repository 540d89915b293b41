/**
 * Runs once when the server starts: on a long-lived server, resumes delivering the outbox (mail,
 * and sign-ups kept while an external backend was unreachable). Node runtime only; not in builds.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startBackgroundDelivery } = await import('@/lib/backend/background');
  await startBackgroundDelivery().catch((error: unknown) => {
    console.warn(`[outbox] background delivery not started: ${error instanceof Error ? error.message : String(error)}`);
  });
}
