import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { newId } from '../kernel/ids';

/**
 * A ticket as the gate and the ticket page read it. Check-ins themselves are gate scans
 * (backend/tickets/gate/scans.ts): a registration is checked in as a whole (all its wristbands are handed
 * over together), by the earliest scan.
 */
export interface TicketRow {
  id: string;
  ticket_reference: string;
  first_name: string;
  last_name: string;
  email: string;
  number_of_tickets: number;
  checked_in_at: string | null;
  checked_in_by: string | null;
  /** The edition's key (contract/edition.ts); null: from before editions were recorded (taken as the current one). */
  edition: string | null;
  cancelled_at: string | null;
  /** The gate scan that is the check-in (backend/tickets/gate/scans.ts); null before one, or for a check-in from before scans were recorded. */
  checked_in_scan: string | null;
}

export async function findTicket(db: Db, reference: string): Promise<TicketRow | undefined> {
  return db
    .selectFrom('registrations')
    .select(['id', 'ticket_reference', 'first_name', 'last_name', 'email', 'number_of_tickets', 'checked_in_at', 'checked_in_by', 'edition', 'cancelled_at', 'checked_in_scan'])
    .where('ticket_reference', '=', reference)
    .executeTakeFirst();
}

/**
 * The current edition's registrations (`edition`: its key; rows from before editions were
 * recorded count as current), given-back ones excluded.
 */
export async function checkInCounts(db: Db, edition: string) {
  const row = await db
    .selectFrom('registrations')
    .where((eb) => eb.or([eb('edition', '=', edition), eb('edition', 'is', null)]))
    .where('cancelled_at', 'is', null)
    .select([
      sql<number>`count(*)`.as('registrations'),
      sql<number>`coalesce(sum(number_of_tickets), 0)`.as('wristbands'),
      sql<number>`count(checked_in_at)`.as('checkedInRegistrations'),
      sql<number>`coalesce(sum(case when checked_in_at is not null then number_of_tickets else 0 end), 0)`.as('checkedInWristbands'),
    ])
    .executeTakeFirstOrThrow();
  return {
    registrations: Number(row.registrations),
    wristbands: Number(row.wristbands),
    checkedInRegistrations: Number(row.checkedInRegistrations),
    checkedInWristbands: Number(row.checkedInWristbands),
  };
}

/** At most this many resend mails per address per hour, whatever the callers' addresses. */
export const RESEND_PER_HOUR = 3;

/**
 * Queues a resend mail when the address has tickets and fewer than RESEND_PER_HOUR resends this
 * hour, as one conditional INSERT … SELECT: on SQLite a single statement runs under the write lock,
 * so racing requests (from any process) cannot both pass the count. PostgreSQL callers first take
 * a transaction-scoped advisory lock on the address (resendTickets in tickets/service.ts), for the same effect.
 * `email` is canonical (trimmed, lower case); registrations are matched by theirs.
 */
export async function enqueueResend(db: Db, email: string, now: Date = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - 60 * 60_000).toISOString();
  const result = await sql`
    INSERT INTO outbox (id, topic, kind, recipient, payload, status, attempts, next_attempt_at, created_at)
    SELECT ${newId()}, 'mail', 'ticketResend', ${email}, '{}', 'pending', 0, ${now.toISOString()}, ${now.toISOString()}
    WHERE EXISTS (SELECT 1 FROM registrations WHERE lower(trim(email)) = ${email})
      AND (SELECT count(*) FROM outbox WHERE recipient = ${email} AND kind = 'ticketResend' AND created_at >= ${since}) < ${RESEND_PER_HOUR}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * A ticket of another edition than the current one (`current`: its key; null: from before editions
 * were recorded, taken as current): refused with the reason 'earlier-edition', the one it is in
 * practice. Keys are compared for equality, not order: a key names an edition ("2027-autumn" does
 * not sort after "2027-spring"), and a later edition's ticket is no more valid at this edition's
 * gate than an earlier one's (the offline pack never held either).
 */
export function isEarlierEdition(row: Pick<TicketRow, 'edition'>, current: string): boolean {
  return row.edition !== null && row.edition !== current;
}
