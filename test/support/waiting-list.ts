import type { DbHandle } from '../../backend/db/connect';
import { storeEdition } from '../../backend/edition/queries';
import { createSigner } from '../../backend/kernel/signing';
import { offerToken } from '../../backend/waiting-list/links';

/** Test helpers for the waiting list (issue 28) that reach into the backend, for tests outside it. */

/** The token of an offer's link, as its mail carries it, for a deployment signing with `secret`. */
export function offerLinkToken(secret: string, entry: { id: string; offered_at: string | null }): string {
  return offerToken(createSigner(secret), entry.id, entry.offered_at!);
}

/** What staff do at /staff/edition: the test edition (24–25 October 2025) with another capacity. */
export async function setCapacity(handle: DbHandle, capacity: number): Promise<void> {
  await storeEdition(
    handle.db,
    { startDate: '2025-10-24', endDate: '2025-10-25', venue: 'Freedom Park, Lagos Island', capacity, registrationOpensAt: null, registrationClosesAt: null },
    'staff@example.com',
    new Date().toISOString(),
  );
}
