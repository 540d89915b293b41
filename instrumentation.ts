/**
 * Runs once when the server starts: resumes delivering the newsletter outbox (sign-ups kept while
 * the backend was unreachable, possibly before a restart). Node runtime only; not during builds.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startOutboxWorker } = await import('./lib/outbox');
  await startOutboxWorker().catch((error: unknown) => {
    console.warn(`[outbox] not started: ${error instanceof Error ? error.message : String(error)}`);
  });
}
