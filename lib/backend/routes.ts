import { forwardToBackend } from './forward';
import { externalBackendUrl } from './mode';
import { drainRelayOnce } from './relay-outbox';

/**
 * What the site's /api routes hand to the door: the request itself (forwarded to the festival's
 * backend, or answered by the built-in one in this process), and the cron route's delivery pass.
 */
export async function handleApiRequest(request: Request): Promise<Response> {
  const external = externalBackendUrl();
  if (external) return forwardToBackend(request, external);
  const { handleInProcess } = await import('./in-process');
  return handleInProcess(request);
}

/**
 * One delivery pass over what the outboxes hold that is due: the built-in backend's mail, and the
 * newsletter sign-ups relayed to an external backend. Safe to run on many instances at once.
 */
export async function drainOutboxes(): Promise<{ mail: unknown; relay: unknown }> {
  let mail: unknown = 'delivered by the external backend';
  if (!externalBackendUrl()) {
    const { getInProcessBackend } = await import('./in-process');
    mail = await (await getInProcessBackend()).drainMail(20_000);
  }
  return { mail, relay: await drainRelayOnce() };
}
