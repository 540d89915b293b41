import { defaultEditionName, defaultEditionNumber, editionDates, editionFrom, editionKeyOfDate, festivalEndsAt, formatInstant, type Edition } from '@/contract/edition';
import type { EditionAdmin, EditionPayload } from '@/contract/api/edition-admin';
import { ordinalNumber } from '@/contract/edition-copy';
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
 * Tickets, the waiting list and the wristband count belong to the edition's key (its identity,
 * contract/edition.ts), not to its dates. When staff move the dates of an edition that has not
 * ended yet (a postponement, a corrected typo), it is the same festival: it keeps its key, even
 * into the next year, so its tickets, passes, waiting list and count stay as they are. Once it has
 * ended, new dates start the next edition: a new key (the new start date's year, or the start date
 * itself when that year's key is taken), and the old tickets become an earlier edition's. Going
 * back to the configuration while the edition has not ended carries its tickets, waiting list and
 * count to the configured edition's key when that differs (as a move would).
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
    placesTaken: await placesUsed(db, status.edition.key),
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

/** "dates 24–25 October 2025 → 7–8 November 2025; number 1st → 2nd; capacity 500 → 800": what a save changed (a new key first: a new edition). */
export function describeChange(before: Edition, after: Edition, moved: boolean): string {
  const changes: string[] = [];
  if (before.key !== after.key) changes.push(`edition ${before.key} → ${after.key}`);
  if (before.startDate !== after.startDate || before.endDate !== after.endDate) changes.push(`dates ${editionDates(before)} → ${editionDates(after)}`);
  // A name or number that only follows a new key (both defaults) is said by "edition a → b".
  const named = (e: Edition) => e.name !== defaultEditionName(e.key);
  const numbered = (e: Edition) => e.number !== defaultEditionNumber(e.key);
  if (before.name !== after.name && (named(before) || named(after))) changes.push(`name "${before.name}" → "${after.name}"`);
  if (before.number !== after.number && (numbered(before) || numbered(after))) changes.push(`number ${ordinalNumber(before.number)} → ${ordinalNumber(after.number)}`);
  if (before.venue !== after.venue) changes.push(`venue "${before.venue}" → "${after.venue}"`);
  if (before.capacity !== after.capacity) changes.push(`capacity ${capacityWords(before.capacity)} → ${capacityWords(after.capacity)}`);
  if (before.registrationOpensAt !== after.registrationOpensAt) changes.push(`registration opens ${opensWords(before.registrationOpensAt)} → ${opensWords(after.registrationOpensAt)}`);
  if (before.registrationClosesAt !== after.registrationClosesAt) {
    changes.push(`registration closes ${formatInstant(before.registrationClosesAt)} → ${formatInstant(after.registrationClosesAt)}`);
  }
  if (moved) changes.push('its tickets and waiting list moved with the dates');
  return changes.length > 0 ? `Edition saved: ${changes.join('; ')}` : 'Edition saved without changes';
}

/** Whether any ticket or waiting-list entry already belongs to the edition `key`. */
async function keyInUse(db: Db, key: string): Promise<boolean> {
  const registered = await db.selectFrom('registrations').select('id').where('edition', '=', key).limit(1).executeTakeFirst();
  if (registered) return true;
  return (await db.selectFrom('waiting_list').select('id').where('edition', '=', key).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The key a save gives the edition: the same edition (dates unchanged, or moved before it ended)
 * keeps `before`'s; new dates after it ended are a new edition, keyed by their year unless an
 * edition already has that key (two editions in one year): then by the start date.
 */
async function keyForSave(db: Db, before: Edition, startDate: string, now: Date): Promise<string> {
  if (startDate === before.startDate || now < festivalEndsAt(before)) return before.key;
  const year = editionKeyOfDate(startDate);
  return year !== before.key && !(await keyInUse(db, year)) ? year : startDate;
}

/**
 * Saves the edition (`input`), or goes back to the server's configuration (`'configuration'`: the
 * row is deleted), all in one transaction: the counters locked (before and after, in that order),
 * the edition's key decided (keyForSave), an unended edition's tickets carried to the configured
 * edition's key when going back to it, the capacity checked against the wristbands
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
    const unended = now < festivalEndsAt(before);
    const key = input === 'configuration' ? undefined : await keyForSave(trx, before, input.startDate, now);
    const after = input === 'configuration' ? editionFrom(config.editionSettings, now) : editionFrom({ ...input, key }, now);
    await lockCounter(trx, before.key);
    if (before.key !== after.key) await lockCounter(trx, after.key);
    // Only going back to the configuration can change an unended edition's key: its tickets follow.
    const carrying = before.key !== after.key && unended;
    if (carrying) {
      await trx.updateTable('registrations').set({ edition: after.key }).where('edition', '=', before.key).execute();
      await trx.updateTable('waiting_list').set({ edition: after.key }).where('edition', '=', before.key).execute();
      const carried = await placesUsed(trx, before.key);
      await trx
        .updateTable('counters')
        .set((eb) => ({ used: eb('used', '+', carried) }))
        .where('name', '=', editionCounter(after.key))
        .execute();
      await trx.updateTable('counters').set({ used: 0 }).where('name', '=', editionCounter(before.key)).execute();
    }
    // What staff are told: the dates of an unended edition moved, and its tickets with them (kept or carried).
    const moving = unended && before.startDate !== after.startDate;
    const taken = await placesUsed(trx, after.key);
    if (after.capacity !== null && after.capacity < taken) throw new CapacityBelowTakenError(taken);
    const at = now;
    if (input === 'configuration') await deleteStoredEdition(trx);
    else await storeEdition(trx, { ...input, key: after.key }, staff.name || staff.email, at.toISOString());
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
