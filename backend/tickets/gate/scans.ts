import { wristbands } from '@/contract/festival';
import { sql } from 'kysely';
import type { GateScanResult } from '@/contract/api/gate';
import { CHECK_IN_REFUSALS, referenceFromScan, type CheckInRefusalReason, type CheckInResult } from '@/contract/api/tickets';
import { recordAudit } from '../../audit/log';
import type { Edition } from '@/contract/edition';
import type { Db } from '../../db/schema';
import { newId } from '../../kernel/ids';
import { findTicket, isEarlierEdition, type TicketRow } from '../queries';
import type { StaffUser } from '../../kernel/deps';
import { scanTime } from './scan-time';

/**
 * Every scan at a gate, recorded and judged here (issue 29): the offline gate's synced admissions
 * and online scans, and the gate form's check-ins (POST /api/admin/check-ins/). The server is the
 * judge: of the scans of one ticket, the earliest by scan time is its check-in, whatever order
 * they arrive in and on whichever instance. An offline admission that is not the check-in is a
 * duplicate: never counted, shown to the gates and on the dashboard.
 *
 * The check-in is ONE conditional UPDATE (`checked_in_at IS NULL OR checked_in_at > scanned_at`):
 * PostgreSQL re-checks the WHERE on the row it locked, and SQLite runs one write at a time, so of
 * any number of scans racing, the earliest ends up the check-in. No transaction is held across
 * awaits (a burst of scans from many phones never queues behind a lock).
 *
 * A scan's verdict is read from the rows when it is answered (scanVerdicts): a scan that was the
 * check-in becomes a duplicate when an earlier offline scan arrives later.
 *
 * A scan is the phone's id on that phone (device_id, scan_id): two phones may make the same id and
 * each is judged on its own. The row's own key (gate_scans.id, made here) is what
 * registrations.checked_in_scan names. An offline scan's time is the phone's unless it is
 * implausible (scan-time.ts): then it is flagged and judged at its arrival.
 */

/** The online check-in form's scans (no JavaScript, or the gate before it downloaded its pack). */
export const GATE_FORM_DEVICE = { id: 'gate-form', name: 'Gate form (no JavaScript)' } as const;

/**
 * What happened when a scan was judged: 'pending' until then (a retry of an interrupted one judges
 * it again); 'displaced': it was the check-in until an earlier scan took over (now a duplicate).
 */
export type GateScanOutcome = 'pending' | 'checked-in' | 'already' | 'duplicate' | 'displaced' | 'refused' | 'unknown';

export interface ScanInput {
  /** The phone's id for the scan (the same id again from the same device is the same scan). */
  id: string;
  /** As scanned or typed: a reference, a ticket link or a gate pass. */
  text: string;
  /** The phone's clock, for an offline admission; an online scan takes the server's. */
  scannedAt?: string;
  /** The phone admitted it with no signal. */
  offline: boolean;
  /** An offline scan's: the issuedAt of the pack the phone judged it against. */
  packIssuedAt?: string | undefined;
  device: { id: string; name: string };
}

interface ScanRow {
  /** The row's own key (what registrations.checked_in_scan names). */
  id: string;
  /** The phone's id for the scan. */
  scan_id: string;
  reference: string;
  staff: string;
  scanned_at: string;
  admitted: number;
  outcome: string;
  reason: string | null;
}

/** The name a gate shows for a staff member, as check-ins have always recorded it. */
export const staffLabel = (staff: StaffUser): string => staff.name || staff.email;


const SCAN_COLUMNS = ['id', 'scan_id', 'reference', 'staff', 'scanned_at', 'admitted', 'outcome', 'reason'] as const;

/**
 * Records the scan and judges it (`edition`: the current edition's key, and its start date for when
 * the gate may first admit). A scan this device already sent changes nothing: its verdict is
 * whatever scanVerdicts reads now.
 */
export async function recordScan(db: Db, staff: StaffUser, scan: ScanInput, current: Pick<Edition, 'key' | 'startDate'>, now: Date = new Date()): Promise<void> {
  const edition = current.key;
  const time = scanTime(scan, current.startDate, now);
  const row: ScanRow = {
    id: newId(),
    scan_id: scan.id,
    reference: referenceFromScan(scan.text) ?? scan.text.trim().slice(0, 64),
    staff: staffLabel(staff).slice(0, 100),
    scanned_at: time.scannedAt,
    admitted: scan.offline ? 1 : 0,
    outcome: 'pending',
    reason: null,
  };
  const inserted = await db
    .insertInto('gate_scans')
    .values({
      ...row,
      device_id: scan.device.id,
      device_name: scan.device.name,
      received_at: now.toISOString(),
      offline: scan.offline ? 1 : 0,
      device_time: time.deviceTime,
      time_flag: time.flag,
    })
    .onConflict((oc) => oc.columns(['device_id', 'scan_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return judge(db, staff, row, edition);
  const stored = await db.selectFrom('gate_scans').select(SCAN_COLUMNS).where('device_id', '=', scan.device.id).where('scan_id', '=', scan.id).executeTakeFirst();
  // Recorded but never judged (its request died half-way): judge it now, as it was recorded.
  if (stored?.outcome === 'pending') await judge(db, staff, stored, edition);
}

async function judge(db: Db, staff: StaffUser, scan: ScanRow, edition: string): Promise<void> {
  const updated = await db
    .updateTable('registrations')
    .set({ checked_in_at: scan.scanned_at, checked_in_by: scan.staff, checked_in_scan: scan.id })
    .where('ticket_reference', '=', scan.reference)
    .where('cancelled_at', 'is', null)
    .where((eb) => eb.or([eb('edition', 'is', null), eb('edition', '=', edition)]))
    .where((eb) => eb.or([eb('checked_in_at', 'is', null), eb('checked_in_at', '>', scan.scanned_at)]))
    .executeTakeFirst();
  const won = Number(updated.numUpdatedRows) > 0;
  const ticket = await findTicket(db, scan.reference);

  let outcome: GateScanOutcome;
  let reason: CheckInRefusalReason | null = null;
  let admitted = scan.admitted;
  if (!ticket) outcome = 'unknown';
  else if (won || ticket.checked_in_scan === scan.id) {
    outcome = 'checked-in';
    admitted = 1;
  } else if (ticket.cancelled_at) [outcome, reason] = ['refused', 'cancelled'];
  else if (isEarlierEdition(ticket, edition)) [outcome, reason] = ['refused', 'earlier-edition'];
  else outcome = scan.admitted ? 'duplicate' : 'already';

  // Conditional on 'pending', so of two requests judging one scan only one records it (and audits it).
  const claimed = await db.updateTable('gate_scans').set({ outcome, reason, admitted }).where('id', '=', scan.id).where('outcome', '=', 'pending').executeTakeFirst();
  const first = Number(claimed.numUpdatedRows) > 0;
  if (!ticket) return;

  const n = ticket.number_of_tickets;
  if (won) {
    await recordAudit(db, staff, { action: 'ticket.check-in', targetType: 'registration', targetId: scan.reference, summary: `${scan.reference} checked in (${wristbands(n)})` });
  }
  if (outcome === 'duplicate' && first) await auditDuplicate(db, staff, ticket, scan.scan_id);
  if (outcome === 'checked-in') {
    // Scans that were the check-in until now (or that won a race meanwhile and lost it) are duplicates:
    // each is claimed by exactly one sweep, whichever request runs it.
    const displaced = await db
      .updateTable('gate_scans')
      .set({ outcome: 'displaced' })
      .where('reference', '=', scan.reference)
      .where('outcome', '=', 'checked-in')
      .where('id', '<>', (eb) => eb.selectFrom('registrations').select(sql<string>`checked_in_scan`.as('checked_in_scan')).where('ticket_reference', '=', scan.reference))
      .returning('scan_id')
      .execute();
    for (const d of displaced) await auditDuplicate(db, staff, ticket, d.scan_id);
  }
}

function auditDuplicate(db: Db, staff: StaffUser, ticket: TicketRow, scanId: string) {
  return recordAudit(db, staff, {
    action: 'ticket.check-in-duplicate',
    targetType: 'registration',
    targetId: ticket.ticket_reference,
    summary: `${ticket.ticket_reference} admitted again (${wristbands(ticket.number_of_tickets)}): scan ${scanId.slice(0, 8)} is a duplicate, not counted`,
  });
}

/** What a verdict needs of the ticket: no email, no phone. */
type VerdictTicket = Omit<TicketRow, 'id' | 'email'>;

const publicTicket = (row: Pick<TicketRow, 'ticket_reference' | 'first_name' | 'last_name' | 'number_of_tickets'>) => ({
  reference: row.ticket_reference,
  firstName: row.first_name,
  lastName: row.last_name,
  numberOfTickets: row.number_of_tickets,
});

/** The answer for a refused ticket: the reason, and the gate's words for it. */
function refusal(ticket: VerdictTicket, reason: CheckInRefusalReason): CheckInResult {
  const base = { success: false, status: 'refused', ticket: publicTicket(ticket) } as const;
  return reason === 'cancelled'
    ? { ...base, reason, cancelledAt: ticket.cancelled_at, message: CHECK_IN_REFUSALS.cancelled(ticket.cancelled_at ?? '') }
    : { ...base, reason, editionYear: (ticket.edition ?? '').slice(0, 4), message: CHECK_IN_REFUSALS.earlierEdition(ticket.edition ?? '') };
}

function verdictOf(scan: ScanRow, ticket: VerdictTicket | undefined, edition: string): GateScanResult {
  const answer = (result: CheckInResult, duplicate = false): GateScanResult => ({ id: scan.scan_id, duplicate, result });
  if (!ticket || scan.outcome === 'unknown') return answer({ success: false, status: 'unknown', reference: scan.reference });
  const checkedIn = { ticket: publicTicket(ticket), checkedInAt: ticket.checked_in_at ?? '', checkedInBy: ticket.checked_in_by ?? '' };
  if (ticket.checked_in_scan === scan.id) return answer({ success: true, status: 'checked-in', ...checkedIn });
  if (scan.outcome === 'refused' && (scan.reason === 'cancelled' || scan.reason === 'earlier-edition')) return answer(refusal(ticket, scan.reason));
  if (!ticket.checked_in_at) {
    // Only while another request is still judging this scan: say what the row says now.
    if (ticket.cancelled_at) return answer(refusal(ticket, 'cancelled'));
    if (isEarlierEdition(ticket, edition)) return answer(refusal(ticket, 'earlier-edition'));
  }
  return answer({ success: false, status: 'already', ...checkedIn }, scan.admitted === 1);
}

/** One device's scans' verdicts as the rows now say, in the order of `ids` (the phone's scan ids; an id may repeat). */
export async function scanVerdicts(db: Db, device: string, ids: readonly string[], edition: string): Promise<GateScanResult[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('gate_scans as s')
    .leftJoin('registrations as r', 'r.ticket_reference', 's.reference')
    .select(['s.id', 's.scan_id', 's.reference', 's.staff', 's.scanned_at', 's.admitted', 's.outcome', 's.reason'])
    .select(['r.ticket_reference', 'r.first_name', 'r.last_name', 'r.number_of_tickets', 'r.checked_in_at', 'r.checked_in_by', 'r.checked_in_scan', 'r.edition', 'r.cancelled_at'])
    .where('s.device_id', '=', device)
    .where('s.scan_id', 'in', [...new Set(ids)])
    .execute();
  const byId = new Map(
    rows.map((r) => {
      const scan: ScanRow = { id: r.id, scan_id: r.scan_id, reference: r.reference, staff: r.staff, scanned_at: r.scanned_at, admitted: Number(r.admitted), outcome: r.outcome, reason: r.reason };
      const ticket: VerdictTicket | undefined =
        r.ticket_reference === null || r.first_name === null || r.last_name === null || r.number_of_tickets === null
          ? undefined
          : {
              ticket_reference: r.ticket_reference,
              first_name: r.first_name,
              last_name: r.last_name,
              number_of_tickets: r.number_of_tickets,
              checked_in_at: r.checked_in_at,
              checked_in_by: r.checked_in_by,
              checked_in_scan: r.checked_in_scan,
              edition: r.edition,
              cancelled_at: r.cancelled_at,
            };
      return [r.scan_id, verdictOf(scan, ticket, edition)] as const;
    }),
  );
  return ids.map((id) => byId.get(id) ?? { id, duplicate: false, result: { success: false, status: 'unknown', reference: '' } });
}

/** A scan id for a scan the server makes itself (the gate form's). */
export const serverScanId = (): string => newId();
