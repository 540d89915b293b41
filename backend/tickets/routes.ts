import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { referenceFromScan, TICKET_REFERENCE_PATTERN, TICKET_RESEND_MESSAGE } from '@/contract/api/tickets';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { editionKeyYear, editionYear } from '@/contract/edition';
import { requireStaff } from '../auth/middleware';
import { currentEdition } from '../edition/service';
import { caughtByHoneypot, withoutStamp } from '../kernel/form-flow';
import { gateKeysOf, ticketPass } from './gate/keys';
import { GATE_FORM_DEVICE, recordScan, scanVerdicts, serverScanId } from './gate/scans';
import { fail } from '../kernel/http';
import { signerOf } from '../kernel/signer-of';
import { validJson } from '../kernel/validate';
import type { AppDeps, AppEnv } from '../kernel/deps';
import type { WaitingListSeam } from '../kernel/seams';
import { runIdempotent } from '../kernel/idempotency';
import { cancelTicket } from './cancel';
import { registerWalkIn, WALK_IN_ENDPOINT } from './walk-in';
import { checkInCounts, findTicket, isEarlierEdition, type TicketRow } from './queries';
import { resendTickets } from './service';

const TICKET_MESSAGES = {
  notFound: 'No such ticket.',
  unknownReference: 'No ticket has this reference.',
  referenceInvalid: 'Enter a ticket reference such as ITN-7K3Q9P.',
} as const;

/**
 * The check-in body, its reference normalised (any case, spaces, with or without ITN-; a ticket
 * link or a gate pass as a scanner types it); any failure is one message.
 */
const checkInRequestSchema = z.object({
  reference: z.unknown().transform((raw, ctx) => {
    const parsed = ENDPOINTS.checkIn.request.shape.reference.safeParse(raw);
    const reference = parsed.success ? referenceFromScan(parsed.data) : undefined;
    if (reference) return reference;
    ctx.addIssue({ code: 'custom', message: TICKET_MESSAGES.referenceInvalid });
    return z.NEVER;
  }),
});

const publicTicket = (row: TicketRow) => ({ reference: row.ticket_reference, firstName: row.first_name, lastName: row.last_name, numberOfTickets: row.number_of_tickets });

/** GET /tickets/:reference?t=token — the ticket page's data; any wrong token is a 404 like an unknown reference. */
export function ticketRoutes(deps: AppDeps, waitingList: WaitingListSeam) {
  const signer = signerOf(deps);
  const gateKeys = gateKeysOf(deps);
  /** A ticket link: a reference of the right shape and its token; anything else is the same 404. */
  const validLink = async (reference: string, token: string | undefined) =>
    TICKET_REFERENCE_PATTERN.test(reference) && (await signer()).verify('ticket', reference, token);
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:reference', async (c) => {
    const reference = c.req.param('reference');
    c.header('Cache-Control', 'no-store');
    if (!(await validLink(reference, c.req.query('t')))) return fail(c, 404, TICKET_MESSAGES.notFound);
    const row = await findTicket(deps.db, reference);
    if (!row) return fail(c, 404, TICKET_MESSAGES.notFound);
    const edition = await currentEdition(deps.db, deps.config);
    const earlierEdition = isEarlierEdition(row, edition.key);
    const pass = await ticketPass(gateKeys, row, edition);
    return c.json({
      success: true,
      data: {
        ...publicTicket(row),
        festivalStartDate: edition.startDate,
        festivalEndDate: edition.endDate,
        venue: edition.venue,
        checkedInAt: row.checked_in_at,
        // Another edition's ticket names its own (its key's year); this edition's, the year its dates are in.
        editionYear: earlierEdition ? editionKeyYear(row.edition ?? edition.key) : editionYear(edition),
        earlierEdition,
        cancelledAt: row.cancelled_at,
        pass,
      },
    });
  });
  // "I can't come": the body carries the ticket link's token, verified like the GET above.
  r.post('/:reference/cancel', validJson(ENDPOINTS.ticketCancel.request), async (c) => {
    const reference = c.req.param('reference');
    c.header('Cache-Control', 'no-store');
    if (!(await validLink(reference, c.req.valid('json').token))) return fail(c, 404, TICKET_MESSAGES.notFound);
    const outcome = await cancelTicket(deps.db, deps, waitingList, reference);
    return c.json(outcome.body, outcome.status);
  });
  return r;
}

/**
 * POST /forms/ticket-resend { email }: mails every ticket of the address. The answer is the same
 * whether or not the address is known, and the same when the address has had its RESEND_PER_HOUR
 * mails this hour (the per-connection form limit applies on top), so it tells nobody who registered.
 */
export function ticketResendRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  const accepted = (c: Context) => c.json({ success: true, message: TICKET_RESEND_MESSAGE }, 202);
  const body = validJson(ENDPOINTS.ticketResend.request, { before: (raw, c) => (caughtByHoneypot(raw) ? accepted(c) : undefined) });
  r.post('/', body, async (c) => {
    if (await resendTickets(deps.db, deps.dialect, c.req.valid('json').email.toLowerCase())) deps.onOutboxWrite?.('mail');
    return accepted(c);
  });
  return r;
}

/** /admin/check-ins (staff): check a ticket in; the gate's counts; a walk-in registered and checked in (issue 41). */
export function checkInRoutes(deps: AppDeps) {
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', requireStaff(deps.db));
  r.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const edition = await currentEdition(deps.db, deps.config);
    return c.json({ success: true, data: await checkInCounts(deps.db, edition.key) });
  });
  // The gate form's check-in: a scan like any other (backend/tickets/gate/scans.ts), made and judged now.
  r.post('/', validJson(checkInRequestSchema), async (c) => {
    const { reference } = c.req.valid('json');
    const current = await currentEdition(deps.db, deps.config);
    const edition = current.key;
    const id = serverScanId();
    await recordScan(deps.db, c.get('staff'), { id, text: reference, offline: false, device: GATE_FORM_DEVICE }, current);
    const [verdict] = await scanVerdicts(deps.db, GATE_FORM_DEVICE.id, [id], edition);
    const result = verdict!.result;
    switch (result.status) {
      case 'checked-in':
        return c.json(result);
      case 'unknown':
        return c.json({ ...result, reference, message: TICKET_MESSAGES.unknownReference }, 404);
      // Already in; given back, or an earlier edition's (refused with its reason): 409, nothing checked in.
      default:
        return c.json(result, 409);
    }
  });
  // A walk-in: once per Idempotency-Key, like the forms. The key's fingerprint leaves out the
  // time the site stamps on each post, so the same form posted twice is one walk-in, replayed.
  r.post('/walk-ins', validJson(ENDPOINTS.walkIn.request), async (c) => {
    const data = c.req.valid('json');
    const fingerprint = () => withoutStamp(data);
    const { outcome, replayed, wrote } = await runIdempotent(
      deps.db,
      { endpoint: WALK_IN_ENDPOINT, key: c.req.header('idempotency-key')?.trim(), fingerprint },
      ({ commit }) => registerWalkIn(deps, c.get('staff'), data, commit),
    );
    if (replayed) c.header('Idempotent-Replayed', 'true');
    if (wrote) deps.onOutboxWrite?.('mail');
    return c.json(outcome.body, outcome.status);
  });
  return r;
}
