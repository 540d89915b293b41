import { PACK_STATE, referenceHash, type GateDuplicate, type GatePack } from '@/contract/api/gate';
import type { Edition } from '@/contract/edition';
import type { Db } from '../../db/schema';
import { strongEtag } from '../../kernel/etag';
import { checkInCounts } from '../queries';
import type { GateKeys } from './keys';
import { GATE_FORM_DEVICE } from './scans';

/**
 * What a gate phone downloads to decide with no signal (GET /api/admin/check-ins/offline/), and
 * the duplicates every gate and the dashboard show. The pack holds no names, emails, phones or
 * references: a ticket is its reference's salted, shortened hash, its wristbands and its state.
 */

export async function gatePack(db: Db, keys: GateKeys, edition: Pick<Edition, 'key' | 'startDate' | 'endDate'>, now: Date = new Date()): Promise<GatePack> {
  const [rows, counts, duplicates] = await Promise.all([
    // The current edition's (edition null: from before editions were recorded, taken as current).
    db
      .selectFrom('registrations')
      .select(['ticket_reference', 'number_of_tickets', 'checked_in_at', 'cancelled_at'])
      .where((eb) => eb.or([eb('edition', '=', edition.key), eb('edition', 'is', null)]))
      .execute(),
    checkInCounts(db, edition.key),
    gateDuplicates(db, edition.key),
  ]);
  const tickets = await Promise.all(
    rows.map(async (r): Promise<GatePack['tickets'][number]> => {
      const state = r.cancelled_at ? PACK_STATE.givenBack : r.checked_in_at ? PACK_STATE.checkedIn : PACK_STATE.valid;
      return [await referenceHash(keys.salt, r.ticket_reference), r.number_of_tickets, state];
    }),
  );
  // In hash order, so the list says nothing of the order people registered in.
  tickets.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]));
  return {
    issuedAt: now.toISOString(),
    edition: { key: edition.key, startDate: edition.startDate, endDate: edition.endDate },
    publicKey: keys.publicKey,
    salt: keys.salt,
    tickets,
    counts,
    duplicates,
  };
}

/**
 * The pack's ETag (issue 41): over all of it but issuedAt, so a list nothing has changed in keeps
 * its tag, and a gate phone asking every minute gets a 304 instead of the whole list again. The
 * phone then keeps its copy and takes the answer's time as its issuedAt (lib/staff/check-in.ts):
 * the same content, issued now. Every part is built in a fixed order (tickets by hash, duplicates
 * by time then reference, the key's fields by its schema), so equal content is equal text.
 */
export function gatePackEtag(pack: GatePack): string {
  return strongEtag(JSON.stringify({ ...pack, issuedAt: undefined }));
}

/** How a gate is named in a duplicate: its volunteer's name for it, else the start of its id. */
const deviceLabel = (id: string | null, name: string | null): string => name?.trim() || (id ? id.slice(0, 8) : GATE_FORM_DEVICE.name);

/**
 * The current edition's tickets admitted more than once (one query): the check-in that counts and
 * every other admitted scan. A check-in from before scans were recorded was the gate form's.
 */
export async function gateDuplicates(db: Db, edition: string): Promise<GateDuplicate[]> {
  const rows = await db
    .selectFrom('gate_scans as d')
    .innerJoin('registrations as r', 'r.ticket_reference', 'd.reference')
    .leftJoin('gate_scans as w', 'w.id', 'r.checked_in_scan')
    .select([
      'r.ticket_reference as reference',
      'r.number_of_tickets as wristbands',
      'r.checked_in_at',
      'r.checked_in_by',
      'w.device_id as w_device_id',
      'w.device_name as w_device_name',
      'w.staff as w_staff',
      'w.scanned_at as w_scanned_at',
      'd.device_id',
      'd.device_name',
      'd.staff',
      'd.scanned_at',
    ])
    .where('d.admitted', '=', 1)
    .where('r.checked_in_at', 'is not', null)
    .where((eb) => eb.or([eb('r.checked_in_scan', 'is', null), eb('d.id', '<>', eb.ref('r.checked_in_scan'))]))
    .where((eb) => eb.or([eb('r.edition', '=', edition), eb('r.edition', 'is', null)]))
    .orderBy('r.ticket_reference')
    .orderBy('d.scanned_at')
    .orderBy('d.id')
    .execute();
  const byTicket = new Map<string, GateDuplicate>();
  for (const r of rows) {
    let entry = byTicket.get(r.reference);
    if (!entry) {
      const checkIn =
        r.w_scanned_at !== null
          ? { device: deviceLabel(r.w_device_id, r.w_device_name), by: r.w_staff ?? '', scannedAt: r.w_scanned_at }
          : { device: GATE_FORM_DEVICE.name, by: r.checked_in_by ?? '', scannedAt: r.checked_in_at ?? '' };
      entry = { reference: r.reference, wristbands: Number(r.wristbands), checkIn, duplicates: [] };
      byTicket.set(r.reference, entry);
    }
    entry.duplicates.push({ device: deviceLabel(r.device_id, r.device_name), by: r.staff, scannedAt: r.scanned_at });
  }
  // The latest duplicate first: what the doors just let in twice leads the list.
  const latest = (d: GateDuplicate) => d.duplicates[d.duplicates.length - 1]!.scannedAt;
  return [...byTicket.values()].sort((a, b) => (latest(a) < latest(b) ? 1 : latest(a) > latest(b) ? -1 : 0));
}
