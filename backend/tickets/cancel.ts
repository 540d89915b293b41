import { wristbands } from '@/contract/festival';
import { festivalEndsAt, givingBackOpen, registrationState, registrationWindowState } from '@/contract/edition';
import { WAITING_LIST_MESSAGES, type WaitingListReason } from '@/contract/api/waiting-list';
import { recordAudit, type AuditActor } from '../audit/log';
import type { Db } from '../db/schema';
import { releasePlaces } from '../edition/counter';
import { currentEdition, remainingPlaces } from '../edition/service';
import { failureBody } from '../kernel/http';
import type { Outcome } from '../kernel/idempotency';
import { enqueue } from '../outbox/queue';
import type { OfferDeps, WaitingListSeam } from '../kernel/seams';
import { findTicket, isEarlierEdition, type TicketRow } from './queries';
import { ticketCancelledMail } from './ticket-cancelled-mail';

/**
 * "I can't come" (issue 28): the visitor gives a ticket's wristbands back through its signed link.
 *
 * One transaction: the conditional UPDATE (`cancelled_at IS NULL AND checked_in_at IS NULL`, so a
 * ticket checked in meanwhile, or given back by a second click, is not given back again), the
 * places released in the edition's counter, the confirmation mail queued, the audit entry, and the
 * freed places offered to the waiting list (in the same transaction, so a public registration never
 * takes them from the person first in line). After it, offerFreedPlaces also lapses expired offers.
 * The waiting list is reached through its seam (kernel/seams.ts), given by app.ts.
 *
 * The audit log's actor is a staff member or a typed email; here it is the visitor, who has no
 * account: recorded as actor id null, name "Visitor (ticket link)", and no address (the log holds
 * no visitors' data), the ticket reference as the target.
 */
export const VISITOR_ACTOR: AuditActor = { id: null, email: 'ticket-link', name: 'Visitor (ticket link)' };

const refused = (status: 404 | 409, message: string, reason?: WaitingListReason): Outcome => ({
  status,
  body: { ...failureBody(message), ...(reason ? { reason } : {}) },
});

/** Why this ticket cannot be given back now, if it cannot. */
function cannotGiveBack(row: TicketRow, current: { key: string; startDate: string; endDate: string }, now: Date): Outcome | undefined {
  if (row.cancelled_at) return refused(409, WAITING_LIST_MESSAGES.alreadyCancelled, 'already-given-back');
  if (row.checked_in_at) return refused(409, WAITING_LIST_MESSAGES.checkedIn, 'checked-in');
  if (isEarlierEdition(row, current.key)) return refused(409, WAITING_LIST_MESSAGES.earlierEdition, 'earlier-edition');
  if (now >= festivalEndsAt(current)) return refused(409, WAITING_LIST_MESSAGES.festivalOver, 'festival-over');
  // Issue 41: from the first festival day (Lagos time) the gate admits people; nothing goes back.
  if (!givingBackOpen(current, now)) return refused(409, WAITING_LIST_MESSAGES.festivalStarted, 'festival-started');
  return undefined;
}

/** The ticket's token is verified by the route (like GET /tickets/:reference); this is the flow. */
export async function cancelTicket(db: Db, deps: OfferDeps, waitingList: WaitingListSeam, reference: string): Promise<Outcome> {
  const now = deps.config.now();
  const edition = await currentEdition(db, deps.config, now);
  const row = await findTicket(db, reference);
  if (!row) return refused(404, 'No such ticket.');
  const refusal = cannotGiveBack(row, edition, now);
  if (refusal) return refusal;

  const cancelledAt = now.toISOString();
  const n = row.number_of_tickets;
  const ticketEdition = row.edition ?? edition.key;
  const done = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('registrations')
      .set({ cancelled_at: cancelledAt })
      .where('id', '=', row.id)
      .where('cancelled_at', 'is', null)
      .where('checked_in_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await releasePlaces(trx, ticketEdition, n);
    await recordAudit(
      trx,
      VISITOR_ACTOR,
      { action: 'ticket.give-back', targetType: 'registration', targetId: reference, summary: `${reference} given back (${wristbands(n)})` },
      now,
    );
    let passedOn = false;
    if (ticketEdition === edition.key && registrationWindowState(edition, now) === 'open') {
      for (let offered = await waitingList.offerNextIn(trx, edition, now, 'given-back'); offered; offered = await waitingList.offerNextIn(trx, edition, now, 'given-back')) {
        // Each pass offers the next entry that fits what is free.
        passedOn = true;
      }
    }
    // The confirmation says what is true once the places went where they go (issue 43): to the
    // waiting list, free to register again, or nothing more to do because registration has closed.
    const after = registrationState(edition, now, await remainingPlaces(trx, edition));
    await enqueue(trx, ticketCancelledMail.entry(row.email, { registrationId: row.id, after: { registration: after, passedOn } }));
    return true;
  });
  if (!done) {
    // Checked in or given back by another request between the read and the update: say which.
    const again = await findTicket(db, reference);
    return (again && cannotGiveBack(again, edition, now)) ?? refused(409, WAITING_LIST_MESSAGES.alreadyCancelled, 'already-given-back');
  }
  deps.onOutboxWrite?.('mail');
  // Expired offers lapse and pass on too; a failure here never undoes the cancellation.
  await waitingList.offerFreedPlaces(db, deps, now).catch((error: unknown) => deps.log?.error({ area: 'waiting-list' }, `offers after a cancellation failed: ${error instanceof Error ? error.message : String(error)}`));
  return { status: 200, body: { success: true, message: WAITING_LIST_MESSAGES.cancelled(n), data: { reference, numberOfTickets: n, cancelledAt } } };
}
