import { wristbands } from '@/contract/festival';
import { walkInWindowState, type Edition } from '@/contract/edition';
import { WALK_IN_MESSAGES, type WalkIn, type WalkInPayload } from '@/contract/api/walk-ins';
import { recordAudit } from '../audit/log';
import type { AppDeps, StaffUser } from '../kernel/deps';
import type { KeyedContext, Outcome } from '../kernel/idempotency';
import { GATE_FORM_DEVICE, recordScan, scanVerdicts, serverScanId } from './gate/scans';
import { registerVisitor, windowRefusal } from './register';

/** The Idempotency-Key's scope for walk-ins. */
export const WALK_IN_ENDPOINT = 'admin/check-ins/walk-ins';


/**
 * A walk-in at the gate (issue 41, contract/api/walk-ins.ts): a registration like the public
 * form's (registerVisitor: the same capacity, per-address limit, ticket mail and words), made by a
 * staff member, and in the same transaction checked in at once as a scan of the gate form's
 * device (backend/tickets/gate/scans.ts, so it counts, and shows, like any check-in) and audited
 * with that staff member. Staff may do it whenever the public may register, and on the festival
 * days even when the public window has closed (walkInWindowState).
 */
export function registerWalkIn(
  deps: Pick<AppDeps, 'db' | 'dialect' | 'config' | 'signer' | 'onOutboxWrite'>,
  staff: StaffUser,
  data: WalkInPayload,
  commit: KeyedContext['commit'],
): Promise<Outcome> {
  return registerVisitor(deps, data, commit, {
    refusal: (edition: Edition, now: Date) => windowRefusal(edition, now, walkInWindowState(edition, now)),
    alreadyRegistered: (resent) => (resent ? WALK_IN_MESSAGES.alreadyRegisteredResent : WALK_IN_MESSAGES.alreadyRegistered),
    async answer(trx, row, { edition }) {
      const reference = row.ticket_reference;
      const id = serverScanId();
      await recordScan(trx, staff, { id, text: reference, offline: false, device: GATE_FORM_DEVICE }, edition);
      const [verdict] = await scanVerdicts(trx, GATE_FORM_DEVICE.id, [id], edition.key);
      const result = verdict?.result;
      // A ticket made a moment ago in this transaction: anything but its check-in is a bug (rolled back, a 500).
      if (result?.status !== 'checked-in') throw new Error(`walk-in ${reference}: not checked in (${result?.status ?? 'no verdict'})`);
      const n = row.number_of_tickets;
      await recordAudit(trx, staff, { action: 'ticket.walk-in', targetType: 'registration', targetId: reference, summary: `${reference} registered at the gate (${wristbands(n)}) and checked in` });
      const data: WalkIn = { ticket: result.ticket, checkedInAt: result.checkedInAt, checkedInBy: result.checkedInBy };
      return { status: 201, body: { success: true, registrationId: row.id, ticketReference: reference, message: WALK_IN_MESSAGES.done(reference, n), data } };
    },
  });
}
