import type { CheckInCounts } from '@/contract/api/tickets';

/**
 * The gate's "Checked in: N of M" (issue 41): the server's last counts, plus what this phone
 * admitted offline and has not yet synced, so N moves with each offline admission at once.
 *
 * Each admission waiting in the phone's queue adds its wristbands, and one registration, to the
 * server's counts. A sync removes the scans it delivered from the pending list in the same step as
 * it takes the server's new counts (which now include them, or not, when the server judged one a
 * duplicate or refused it): nothing is counted twice, and nothing the server did not count stays.
 * Pure: use-gate.ts keeps the state, the desk shows `shownCounts`.
 */
export interface PendingAdmission {
  /** The scan's id (the queue's key). */
  id: string;
  wristbands: number;
}

export interface GateCounts {
  /** The server's counts: the download's, or the last sync's or online scan's answer. */
  server?: CheckInCounts;
  /** Admitted offline on this phone, not synced yet (oldest first). */
  pending: PendingAdmission[];
}

export const noGateCounts: GateCounts = { pending: [] };

/** The server answered (a download, a sync, an online scan): its counts stand; the pending list is unchanged. */
export function serverCounts(state: GateCounts, counts: CheckInCounts): GateCounts {
  return { ...state, server: counts };
}

/** One more offline admission: counted at once. The same scan id twice is one admission. */
export function admittedOffline(state: GateCounts, admission: PendingAdmission): GateCounts {
  if (state.pending.some((p) => p.id === admission.id)) return state;
  return { ...state, pending: [...state.pending, admission] };
}

/**
 * A sync delivered `ids` and the server answered with `counts`, which include whatever of them it
 * counted: those leave the pending list in the same step, so none is counted twice.
 */
export function synced(state: GateCounts, ids: readonly string[], counts: CheckInCounts): GateCounts {
  const done = new Set(ids);
  return { server: counts, pending: state.pending.filter((p) => !done.has(p.id)) };
}

/** After a reload: the admissions still in the phone's queue. */
export function restored(state: GateCounts, pending: readonly PendingAdmission[]): GateCounts {
  return { ...state, pending: [...pending] };
}

/** What the desk shows: the server's counts with this phone's unsynced admissions added; undefined until the server has answered once. */
export function shownCounts(state: GateCounts): CheckInCounts | undefined {
  const { server, pending } = state;
  if (!server) return undefined;
  if (pending.length === 0) return server;
  const wristbands = pending.reduce((sum, p) => sum + p.wristbands, 0);
  return {
    ...server,
    checkedInRegistrations: server.checkedInRegistrations + pending.length,
    checkedInWristbands: server.checkedInWristbands + wristbands,
  };
}
