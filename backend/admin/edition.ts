import { editionDates, editionFrom, festivalEndsAt, formatInstant, type Edition } from '@/contract/edition';
import type { EditionAdmin, EditionPayload } from '@/contract/api/edition-admin';
import { recordAudit } from '../audit/log';
import type { BackendConfig } from '../kernel/config';
import type { Db } from '../db/schema';
import { editionCounter, lockCounter, placesUsed } from '../edition/counter';
import { deleteStoredEdition, readStoredEdition, storeEdition } from '../edition/queries';
import { currentEdition, currentEditionStatus } from '../edition/service';
import type { StaffUser } from '../kernel/deps';

/**
 * /staff/edition's backend (issue 28): what is in force and where it comes from; saving a new
 * edition (admins only, checked by the route).
 *
 * Tickets, the waiting list and the wristband count are keyed by the edition's start date. When
 * staff move the dates of an edition that has not ended yet (a postponement, a corrected typo),
 * it is the same festival: its registrations, waiting list and count move with it, so its tickets
 * stay valid at the gate. Once it has ended, new dates start the next edition and the old tickets
 * become an earlier edition's.
 */
type EditionConfig = Pick<BackendConfig, 'editionSettings' | 'now'>;

export async function readEditionAdmin(db: Db, config: EditionConfig): Promise<EditionAdmin> {
  const stored = await readStoredEdition(db);
  const status = await currentEditionStatus(db, config);
  return {
    status,
    source: stored ? 'staff' : 'configuration',
    updatedAt: stored?.updatedAt ?? null,
    updatedBy: stored?.updatedBy ?? null,
    placesTaken: await placesUsed(db, status.edition.startDate),
  };
}

export class CapacityBelowTakenError extends Error {
  constructor(readonly taken: number) {
    super(`capacity below ${taken} wristbands taken`);
    this.name = 'CapacityBelowTakenError';
  }
}

const capacityWords = (c: number | null) => (c === null ? 'no limit' : String(c));
const opensWords = (o: string | null) => (o ? formatInstant(o) : 'now');

/** "dates 24–25 October 2025 → 7–8 November 2025; capacity 500 → 800": what a save changed. */
export function describeChange(before: Edition, after: Edition, moved: boolean): string {
  const changes: string[] = [];
  if (before.startDate !== after.startDate || before.endDate !== after.endDate) changes.push(`dates ${editionDates(before)} → ${editionDates(after)}`);
  if (before.venue !== after.venue) changes.push(`venue "${before.venue}" → "${after.venue}"`);
  if (before.capacity !== after.capacity) changes.push(`capacity ${capacityWords(before.capacity)} → ${capacityWords(after.capacity)}`);
  if (before.registrationOpensAt !== after.registrationOpensAt) changes.push(`registration opens ${opensWords(before.registrationOpensAt)} → ${opensWords(after.registrationOpensAt)}`);
  if (before.registrationClosesAt !== after.registrationClosesAt) {
    changes.push(`registration closes ${formatInstant(before.registrationClosesAt)} → ${formatInstant(after.registrationClosesAt)}`);
  }
  if (moved) changes.push('its tickets and waiting list moved with the dates');
  return changes.length > 0 ? `Edition saved: ${changes.join('; ')}` : 'Edition saved without changes';
}

/**
 * Saves the edition (`input`), or goes back to the server's configuration (`'configuration'`: the
 * row is deleted), all in one transaction: the counters locked (before and after, in that order),
 * an unended edition's tickets moved to its new dates, the capacity checked against the wristbands
 * already registered or held by offers (CapacityBelowTakenError: nothing is saved), the row stored
 * or deleted, the audit entry written. Returns the editions before and after.
 */
export async function saveEdition(
  db: Db,
  config: EditionConfig,
  staff: StaffUser,
  input: EditionPayload | 'configuration',
): Promise<{ before: Edition; after: Edition }> {
  const now = config.now();
  return db.transaction().execute(async (trx) => {
    const before = await currentEdition(trx, config, now);
    const after = editionFrom(input === 'configuration' ? config.editionSettings : input, now);
    await lockCounter(trx, before.startDate);
    const moving = before.startDate !== after.startDate && now < festivalEndsAt(before);
    if (before.startDate !== after.startDate) await lockCounter(trx, after.startDate);
    if (moving) {
      await trx.updateTable('registrations').set({ edition: after.startDate }).where('edition', '=', before.startDate).execute();
      await trx.updateTable('waiting_list').set({ edition: after.startDate }).where('edition', '=', before.startDate).execute();
      const carried = await placesUsed(trx, before.startDate);
      await trx
        .updateTable('counters')
        .set((eb) => ({ used: eb('used', '+', carried) }))
        .where('name', '=', editionCounter(after.startDate))
        .execute();
      await trx.updateTable('counters').set({ used: 0 }).where('name', '=', editionCounter(before.startDate)).execute();
    }
    const taken = await placesUsed(trx, after.startDate);
    if (after.capacity !== null && after.capacity < taken) throw new CapacityBelowTakenError(taken);
    const at = new Date();
    if (input === 'configuration') await deleteStoredEdition(trx);
    else await storeEdition(trx, input, staff.name || staff.email, at.toISOString());
    const summary = describeChange(before, after, moving);
    await recordAudit(
      trx,
      staff,
      {
        action: input === 'configuration' ? 'edition.reset' : 'edition.update',
        targetType: 'edition',
        targetId: after.startDate,
        summary: input === 'configuration' ? summary.replace(/^Edition saved/, 'Back to the configuration') : summary,
      },
      at,
    );
    return { before, after };
  });
}
