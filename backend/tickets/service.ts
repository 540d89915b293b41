import { sql } from 'kysely';
import type { Db, DbDialect } from '../db/schema';
import { enqueueResend } from './queries';

/**
 * The ticket flows: resending a visitor's tickets (checking in is the gate's: tickets/gate/scans.ts).
 * tickets/routes.ts does the HTTP around them.
 */

/**
 * Queues one resend mail for every ticket of the address, within RESEND_PER_HOUR. Concurrent
 * requests for one address take turns: on PostgreSQL under an advisory lock on the address; on
 * SQLite the single statement runs under the write lock (outside an explicit transaction, whose
 * deferred read snapshot could not be upgraded under a racing writer). True when a mail was queued.
 * A second registration with a registered address comes here too (tickets/register.ts), counted alike.
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
