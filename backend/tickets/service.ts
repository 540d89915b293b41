import { sql } from 'kysely';
import { recordAudit } from '../audit/log';
import type { Db, DbDialect } from '../db/schema';
import type { StaffUser } from '../types';
import { checkIn, enqueueResend, type CheckInOutcome } from './queries';

/**
 * The ticket flows: resending a visitor's tickets, and checking a ticket in at the gate.
 * tickets/routes.ts does the HTTP around them.
 */

/**
 * Queues one resend mail for every ticket of the address, within RESEND_PER_HOUR. Concurrent
 * requests for one address take turns: on PostgreSQL under an advisory lock on the address; on
 * SQLite the single statement runs under the write lock (outside an explicit transaction, whose
 * deferred read snapshot could not be upgraded under a racing writer). True when a mail was queued.
 * A second registration with a registered address comes here too (forms/service.ts), counted alike.
 */
export async function resendTickets(db: Db, dialect: DbDialect, address: string): Promise<boolean> {
  const email = address.trim().toLowerCase();
  return dialect === 'postgres'
    ? db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`resend:${email}`}))`.execute(trx);
        return enqueueResend(trx, email);
      })
    : enqueueResend(db, email);
}

/**
 * Checks the ticket in for `staff` (`edition`: the current edition's start date; a ticket given
 * back or of an earlier edition is refused), and records a successful check-in in the audit log.
 */
export async function checkInTicket(db: Db, staff: StaffUser, reference: string, edition: string): Promise<CheckInOutcome> {
  const outcome = await checkIn(db, reference, staff.name || staff.email, edition);
  // Recorded just after, not in one transaction: the check-in stays one auto-committed
  // conditional UPDATE, so a burst of scans from many phones and instances never queues behind a
  // lock held across awaits (on SQLite a second connection would block the process meanwhile).
  if (outcome.kind === 'checked-in') {
    const n = outcome.ticket.number_of_tickets;
    await recordAudit(db, staff, {
      action: 'ticket.check-in',
      targetType: 'registration',
      targetId: reference,
      summary: `${reference} checked in (${n} wristband${n === 1 ? '' : 's'})`,
    });
  }
  return outcome;
}
