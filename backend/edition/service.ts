import { editionFrom, editionStatus, type Edition, type EditionStatus } from '@/contract/edition';
import type { BackendConfig } from '../kernel/config';
import type { Db } from '../db/schema';
import { placesUsed } from './counter';
import { readStoredEdition } from './queries';

type EditionConfig = Pick<BackendConfig, 'editionSettings' | 'now'>;

/**
 * The current edition: /staff/edition's settings when staff have saved them (read on every call,
 * so a change is effective at once on every instance), otherwise configuration; unset dates roll
 * forward to the next 24–25 October at `now`.
 */
export async function currentEdition(db: Db, config: EditionConfig, now: Date = config.now()): Promise<Edition> {
  const stored = await readStoredEdition(db);
  return editionFrom(stored ?? config.editionSettings, now);
}

/** Wristbands still free for the edition (counted under its key); null when it has no capacity. */
export async function remainingPlaces(db: Db, edition: Edition): Promise<number | null> {
  if (edition.capacity === null) return null;
  return Math.max(0, edition.capacity - (await placesUsed(db, edition.key)));
}

/** Where the edition stands now (GET /api/edition/). */
export async function currentEditionStatus(db: Db, config: EditionConfig): Promise<EditionStatus> {
  const now = config.now();
  const edition = await currentEdition(db, config, now);
  return editionStatus(edition, now, await remainingPlaces(db, edition), true);
}
