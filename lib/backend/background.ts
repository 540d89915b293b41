import { getConfig } from '@/lib/config';
import { usesBuiltInBackend } from './mode';
import { startRelayLoop } from './relay-outbox';

/**
 * At server start (instrumentation.ts), on a long-lived server only: deliver what earlier runs
 * left waiting and keep watching for retries: the relayed sign-ups (external backend), or the
 * built-in backend's mail. On Vercel no timer may outlive a response: there, delivery runs after
 * each response (after()) and from the cron route (/api/cron/outbox).
 */
export async function startBackgroundDelivery(): Promise<void> {
  if (getConfig().onVercel) return;
  if (!usesBuiltInBackend()) return startRelayLoop();
  const { getInProcessBackend } = await import('./in-process');
  (await getInProcessBackend()).startMailLoop();
}
