import { createApiClient } from '@/lib/backend/client';
import { ApiError } from '@/lib/backend/errors';
import { PermanentFailure, type Deliver } from '@/backend';

/**
 * Relaying newsletter sign-ups to an external backend (API_BASE_URL) that did not answer: the
 * 'relay' topic of the outbox. Each entry is posted with its id as the Idempotency-Key, so a
 * repeat is one record at the backend.
 */
export const NEWSLETTER_KIND = 'newsletter';

/**
 * The backend did not answer: no response (network failure, timeout) or a 5xx. Only these send a
 * new sign-up to the outbox; any other status is the backend's answer (a 429 is the rate limit
 * saying no), and posting it again later would go around that answer.
 */
export function isOutage(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** For an entry already in the outbox: worth trying again later (a 408 or 429 included). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Posts a relayed sign-up; a definite refusal (a 4xx other than 408/429) is given up, kept with its reason. */
export function relayDeliver(client: ReturnType<typeof createApiClient>): Deliver {
  return async (entry) => {
    if (entry.kind !== NEWSLETTER_KIND) throw new PermanentFailure(`Unknown relay kind ${entry.kind}`);
    try {
      await client.post('/api/forms/newsletter/', entry.payload, { idempotencyKey: `outbox-${entry.id}` });
    } catch (error) {
      if (isRetryable(error)) throw error;
      throw new PermanentFailure(error instanceof Error ? error.message : String(error));
    }
  };
}
