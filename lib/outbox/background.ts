import { getConfig } from '@/lib/config';
import { startOutboxWorker } from './index';

/**
 * At server start (instrumentation.ts), on a long-lived server only: deliver what earlier runs
 * left waiting and keep watching for retries: the relayed sign-ups, and (built-in backend) the
 * mail. On Vercel no timer may outlive a response: there, delivery runs after each response
 * (after()) and from the cron route (/api/cron/outbox).
 */
export async function startBackgroundDelivery(): Promise<void> {
  const config = getConfig();
  if (config.onVercel) return;
  await startOutboxWorker();
  if (!config.apiBaseUrl) {
    const { getInProcessBackend } = await import('@/backend/in-process');
    (await getInProcessBackend()).startMailLoop();
  }
}
