import { startOfLagosDay } from '@/contract/edition';

/**
 * The time an offline scan is judged by (issue 41). Of one ticket's scans the earliest is the
 * check-in, so a phone whose clock is wrong must not win with a time it never scanned at: a scan
 * stamped 2000-01-01 would otherwise become the check-in and turn the real one into a duplicate.
 *
 * We FLAG rather than refuse. The visitor is already inside: the phone said Admit. Refusing the
 * scan would leave the ticket valid for a second entry and drop a real admission from the counts.
 * A flagged scan is recorded with the phone's time and the reason, and judged at the time it
 * ARRIVED at the server: a check-in recorded before it arrived was scanned no later than that, so
 * the flagged scan can never displace it (the check-in moves only to a strictly earlier time), and
 * when it is the only scan of its ticket it still checks the ticket in, honestly counted.
 *
 * An offline scan's time is flagged when it is
 * - 'ahead': later than its arrival (the phone's clock runs fast);
 * - 'before-pack': more than GATE_CLOCK_TOLERANCE_MS before the issuedAt of the ticket list the
 *   phone judged it against (it was decided with that list, so it happened after it was issued);
 * - 'before-gate': before the gate can open, GATE_OPENS_BEFORE_MS before the edition's first day
 *   begins in Lagos (00:00 Lagos on the day before: a gate may be set up and tried the evening
 *   before, never earlier).
 */
export type GateTimeFlag = 'ahead' | 'before-pack' | 'before-gate';

/** How far a phone's clock may run behind the server's and its time still count: phones drift, and set by hand they are minutes out. */
export const GATE_CLOCK_TOLERANCE_MS = 5 * 60_000;
/** How long before the edition's first day begins (Lagos) a gate may admit: one day. */
export const GATE_OPENS_BEFORE_MS = 86_400_000;

/** When the current edition's gate may first admit anyone (edition: its start date, YYYY-MM-DD). */
export function gateOpensAt(edition: string): Date {
  return new Date(startOfLagosDay(edition).getTime() - GATE_OPENS_BEFORE_MS);
}

export interface ScanTime {
  /** What judges the scan, as UTC ISO (sorts as text). */
  scannedAt: string;
  /** The phone's time for an offline scan, as UTC ISO; null for an online one. */
  deviceTime: string | null;
  flag: GateTimeFlag | null;
}

const validDate = (iso: string | undefined): Date | undefined => {
  if (!iso) return undefined;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/**
 * An online scan takes the server's time (`now`); an offline one the phone's, unless flagged.
 * `packIssuedAt`: the issuedAt of the pack the phone judged it against, when it said.
 */
export function scanTime(scan: { offline: boolean; scannedAt?: string | undefined; packIssuedAt?: string | undefined }, edition: string, now: Date): ScanTime {
  const arrived = now.toISOString();
  const phone = scan.offline ? validDate(scan.scannedAt) : undefined;
  if (!phone) return { scannedAt: arrived, deviceTime: null, flag: null };
  const pack = validDate(scan.packIssuedAt);
  const flag: GateTimeFlag | null =
    phone > now
      ? 'ahead'
      : pack && phone.getTime() < pack.getTime() - GATE_CLOCK_TOLERANCE_MS
        ? 'before-pack'
        : phone < gateOpensAt(edition)
          ? 'before-gate'
          : null;
  return { scannedAt: flag ? arrived : phone.toISOString(), deviceTime: phone.toISOString(), flag };
}
