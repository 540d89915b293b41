import { Hono } from 'hono';
import { sql } from 'kysely';
import { errorsByPath } from '@/contract/forms/form-state';
import { HONEYPOT_FIELD } from '@/contract/festival';
import {
  checkInPayloadSchema,
  normaliseReference,
  TICKET_REFERENCE_PATTERN,
  TICKET_RESEND_MESSAGE,
  ticketResendPayloadSchema,
} from '@/contract/api/tickets';
import { recordAudit } from '../audit/log';
import { fail, HTTP_MESSAGES } from '../lib/http';
import { signerOf } from '../lib/signer-of';
import { checkIn, checkInCounts, enqueueResend, findTicket, type TicketRow } from '../tickets/check-in';
import type { AppDeps, AppEnv } from '../types';
import { requireStaff } from './auth';
import { readJsonObject } from './read-json';

export const TICKET_MESSAGES = {
  notFound: 'No such ticket.',
  unknownReference: 'No ticket has this reference.',
  referenceInvalid: 'Enter a ticket reference such as ITN-7K3Q9P.',
} as const;

const publicTicket = (row: TicketRow) => ({ reference: row.ticket_reference, firstName: row.first_name, lastName: row.last_name, numberOfTickets: row.number_of_tickets });

/** GET /tickets/:reference?t=token — the ticket page's data; any wrong token is a 404 like an unknown reference. */
export function ticketRoutes(deps: AppDeps) {
  const signer = signerOf(deps);
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:reference', async (c) => {
    const reference = c.req.param('reference');
    const token = c.req.query('t');
    c.header('Cache-Control', 'no-store');
    if (!TICKET_REFERENCE_PATTERN.test(reference) || !(await signer()).verify('ticket', reference, token)) {
      return fail(c, 404, TICKET_MESSAGES.notFound);
    }
    const row = await findTicket(deps.db, reference);
    if (!row) return fail(c, 404, TICKET_MESSAGES.notFound);
    return c.json({
      success: true,
      data: {
        ...publicTicket(row),
        festivalStartDate: deps.config.festivalStartDate,
        festivalEndDate: deps.config.festivalEndDate,
        checkedInAt: row.checked_in_at,
      },
    });
  });
  return r;
}

/**
 * POST /forms/ticket-resend { email }: mails every ticket of the address. The answer is the same
 * whether or not the address is known, and the same when the address has had its RESEND_PER_HOUR
 * mails this hour (the per-connection form limit applies on top), so it tells nobody who registered.
 */
export function ticketResendRoute(deps: AppDeps) {
  return async (c: import('hono').Context<AppEnv>) => {
    const read = await readJsonObject(c);
    if (!read.ok) return c.json(read.body, read.status);
    const accepted = () => c.json({ success: true, message: TICKET_RESEND_MESSAGE }, 202);
    const trap = read.value[HONEYPOT_FIELD];
    if (trap !== undefined && trap !== null && trap !== '') return accepted();
    const parsed = ticketResendPayloadSchema.safeParse(read.value);
    if (!parsed.success) return fail(c, 422, HTTP_MESSAGES.validation, errorsByPath(parsed.error));
    const email = parsed.data.email.toLowerCase();
    // Concurrent requests for one address take turns: on PostgreSQL under an advisory lock on the
    // address; on SQLite the single statement runs under the write lock (outside an explicit
    // transaction, whose deferred read snapshot could not be upgraded under a racing writer).
    const queued =
      deps.dialect === 'postgres'
        ? await deps.db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(hashtext(${`resend:${email}`}))`.execute(trx);
            return enqueueResend(trx, email);
          })
        : await enqueueResend(deps.db, email);
    if (queued) deps.onOutboxWrite?.('mail');
    return accepted();
  };
}

/** /admin/check-ins (staff): check a ticket in; the gate's counts. */
export function checkInRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(deps.db));
  r.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, data: await checkInCounts(deps.db) });
  });
  r.post('/', async (c) => {
    const read = await readJsonObject(c);
    if (!read.ok) return c.json(read.body, read.status);
    const parsed = checkInPayloadSchema.safeParse(read.value);
    const reference = parsed.success ? normaliseReference(parsed.data.reference) : undefined;
    if (!reference) return fail(c, 422, HTTP_MESSAGES.validation, { reference: TICKET_MESSAGES.referenceInvalid });
    const staff = c.get('staff');
    const outcome = await checkIn(deps.db, reference, staff.name || staff.email);
    // Recorded just after, not in one transaction: the check-in stays one auto-committed
    // conditional UPDATE, so a burst of scans from many phones and instances never queues behind a
    // lock held across awaits (on SQLite a second connection would block the process meanwhile).
    if (outcome.kind === 'checked-in') {
      const n = outcome.ticket.number_of_tickets;
      await recordAudit(deps.db, staff, {
        action: 'ticket.check-in',
        targetType: 'registration',
        targetId: reference,
        summary: `${reference} checked in (${n} wristband${n === 1 ? '' : 's'})`,
      });
    }
    if (outcome.kind === 'unknown') {
      return c.json({ success: false, status: 'unknown', reference, message: TICKET_MESSAGES.unknownReference }, 404);
    }
    const body = {
      ticket: publicTicket(outcome.ticket),
      checkedInAt: outcome.ticket.checked_in_at ?? '',
      checkedInBy: outcome.ticket.checked_in_by ?? '',
    };
    return outcome.kind === 'checked-in'
      ? c.json({ success: true, status: 'checked-in', ...body })
      : c.json({ success: false, status: 'already', ...body }, 409);
  });
  return r;
}
