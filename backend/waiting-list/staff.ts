import { wristbands } from '@/contract/festival';
import { registrationWindowState } from '@/contract/edition';
import { WAITING_LIST_ADMIN_MESSAGES, type WaitingListRow, type WaitingListView } from '@/contract/api/waiting-list';
import { recordAudit } from '../audit/log';
import { isUniqueViolation } from '../db/errors';
import type { Db } from '../db/schema';
import { claimPlaces, lockCounter, placesUsed, releasePlaces } from '../edition/counter';
import { currentEdition, remainingPlaces } from '../edition/service';
import type { StaffUser } from '../kernel/deps';
import type { OfferDeps } from '../kernel/seams';
import { enqueue } from '../outbox/queue';
import { waitingListOfferEndedMail } from './notice-mails';
import { waitingListOfferMail } from './offer-mail';
import { findEntry, listEntries, type WaitingEntry } from './queries';
import { offerExpiry, offerFreedPlaces } from './service';

/**
 * The waiting list for staff (issue 43): the list in queue order for every staff member; an offer
 * made by hand to a chosen person and withdrawing an open offer for admins (the routes check the
 * role), each audited in the transaction of the change.
 *
 * The capacity rules are the automatic offers' (service.ts): the edition's counter is locked
 * first, an offer by hand claims its places by the same conditional UPDATE as a registration (so it
 * never holds more than is free, whatever runs at once), and each step is one conditional UPDATE
 * on the entry's status. A withdrawal releases the places, and they go to the waiting list in its
 * order like any places given back.
 */
export class WaitingListRefusal extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'WaitingListRefusal';
  }
}

/** Entries that may be offered places by hand: waiting, or whose earlier offer lapsed or was withdrawn. */
const OFFERABLE = ['waiting', 'lapsed', 'withdrawn'] as const;

export function rowOf(e: WaitingEntry): WaitingListRow {
  return {
    id: e.id,
    position: Number(e.position),
    name: e.name,
    numberOfTickets: Number(e.number_of_tickets),
    joinedAt: e.created_at,
    offersMade: Number(e.offers_made),
    state: e.status,
    offeredAt: e.offered_at,
    offerExpiresAt: e.offer_expires_at,
    offerReason: e.offer_reason,
  };
}

export async function waitingListView(db: Db, config: OfferDeps['config']): Promise<WaitingListView> {
  const now = config.now();
  const edition = await currentEdition(db, config, now);
  return {
    edition: edition.key,
    capacity: edition.capacity,
    free: await remainingPlaces(db, edition),
    registrationOpen: registrationWindowState(edition, now) === 'open',
    entries: (await listEntries(db, edition.key)).map(rowOf),
  };
}

/** An offer made by hand (admins): the entry's wristbands held for it, its offer mail queued, audited. */
export async function offerByHand(db: Db, deps: OfferDeps, staff: StaffUser, id: string): Promise<WaitingListRow> {
  const now = deps.config.now();
  const edition = await currentEdition(db, deps.config, now);
  try {
    const row = await db.transaction().execute(async (trx) => {
      await lockCounter(trx, edition.key);
      const entry = await findEntry(trx, id);
      if (!entry || entry.edition !== edition.key) throw new WaitingListRefusal(404, WAITING_LIST_ADMIN_MESSAGES.notFound);
      if (!(OFFERABLE as readonly string[]).includes(entry.status)) throw new WaitingListRefusal(409, WAITING_LIST_ADMIN_MESSAGES.notOfferable);
      // Offers are taken only while registration is open (claimOffer): one made now could not be.
      if (registrationWindowState(edition, now) !== 'open') throw new WaitingListRefusal(409, WAITING_LIST_ADMIN_MESSAGES.registrationNotOpen);
      const n = Number(entry.number_of_tickets);
      if (!(await claimPlaces(trx, edition.key, n, edition.capacity))) {
        const free = edition.capacity === null ? n : Math.max(0, edition.capacity - (await placesUsed(trx, edition.key)));
        throw new WaitingListRefusal(409, WAITING_LIST_ADMIN_MESSAGES.notFree(n, free));
      }
      const offeredAt = now.toISOString();
      const expiresAt = offerExpiry(edition, now);
      const marked = await trx
        .updateTable('waiting_list')
        .set((eb) => ({ status: 'offered', offered_at: offeredAt, offer_expires_at: expiresAt, offer_reason: 'staff', offers_made: eb('offers_made', '+', 1) }))
        .where('id', '=', entry.id)
        .where('status', '=', entry.status)
        .executeTakeFirst();
      // Changed meanwhile (the counter lock makes this rare): the transaction, and its claim, roll back.
      if (Number(marked.numUpdatedRows) === 0) throw new WaitingListRefusal(409, WAITING_LIST_ADMIN_MESSAGES.notOfferable);
      await enqueue(trx, waitingListOfferMail.entry(entry.email, { entryId: entry.id, offer: Number(entry.offers_made) + 1 }));
      await recordAudit(
        trx,
        staff,
        {
          action: 'waiting-list.offer',
          targetType: 'waiting-list',
          targetId: entry.id,
          summary: `Offered ${wristbands(n)} by hand to ${entry.name} (place ${entry.position} on the ${edition.key} waiting list)`,
        },
        now,
      );
      return rowOf({ ...entry, status: 'offered', offered_at: offeredAt, offer_expires_at: expiresAt, offer_reason: 'staff', offers_made: Number(entry.offers_made) + 1 });
    });
    deps.onOutboxWrite?.('mail');
    return row;
  } catch (error) {
    // The address joined again after its offer ended: its newer entry is the open one (one per address).
    if (isUniqueViolation(error)) throw new WaitingListRefusal(409, WAITING_LIST_ADMIN_MESSAGES.otherEntryOpen);
    throw error;
  }
}

/**
 * Withdraws an open offer (admins): the entry is withdrawn, its places released, the person told
 * once, audited; then the places go to the waiting list in its order (offerFreedPlaces).
 */
export async function withdrawOffer(db: Db, deps: OfferDeps, staff: StaffUser, id: string): Promise<WaitingListRow> {
  const now = deps.config.now();
  const edition = await currentEdition(db, deps.config, now);
  const row = await db.transaction().execute(async (trx) => {
    await lockCounter(trx, edition.key);
    const entry = await findEntry(trx, id);
    if (!entry || entry.edition !== edition.key) throw new WaitingListRefusal(404, WAITING_LIST_ADMIN_MESSAGES.notFound);
    const marked = await trx.updateTable('waiting_list').set({ status: 'withdrawn' }).where('id', '=', entry.id).where('status', '=', 'offered').executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) throw new WaitingListRefusal(409, WAITING_LIST_ADMIN_MESSAGES.notOffered);
    const n = Number(entry.number_of_tickets);
    await releasePlaces(trx, edition.key, n);
    await enqueue(trx, waitingListOfferEndedMail.entry(entry.email, { entryId: entry.id, offer: Math.max(1, Number(entry.offers_made)), ended: 'withdrawn' }));
    await recordAudit(
      trx,
      staff,
      { action: 'waiting-list.withdraw', targetType: 'waiting-list', targetId: entry.id, summary: `Withdrew the offer of ${wristbands(n)} to ${entry.name}; the places went back to the waiting list` },
      now,
    );
    return rowOf({ ...entry, status: 'withdrawn' });
  });
  deps.onOutboxWrite?.('mail');
  try {
    await offerFreedPlaces(db, deps, now);
  } catch (error) {
    deps.log?.error({ area: 'waiting-list' }, `offers after a withdrawal failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return row;
}
