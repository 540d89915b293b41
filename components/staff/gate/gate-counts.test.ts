import { describe, expect, it } from 'vitest';
import { admittedOffline, noGateCounts, restored, serverCounts, shownCounts, synced, type GateCounts } from './gate-counts';

/**
 * The offline gate's "Checked in: N of M" (issue 41): each offline admission adds its wristbands
 * at once, and a sync hands them over to the server's counts without counting them twice.
 */
const counts = (checkedInRegistrations: number, checkedInWristbands: number) => ({ registrations: 10, wristbands: 25, checkedInRegistrations, checkedInWristbands });

describe('the gate’s counts with offline admissions', () => {
  it('nothing to show until the server has answered once; then its counts as they are', () => {
    expect(shownCounts(noGateCounts)).toBeUndefined();
    expect(shownCounts(serverCounts(noGateCounts, counts(3, 7)))).toEqual(counts(3, 7));
  });

  it('each offline admission adds its wristbands and one registration at once; the total stays the server’s', () => {
    let state = serverCounts(noGateCounts, counts(3, 7));
    state = admittedOffline(state, { id: 'scan-a', wristbands: 2 });
    expect(shownCounts(state)).toEqual(counts(4, 9));
    state = admittedOffline(state, { id: 'scan-b', wristbands: 1 });
    expect(shownCounts(state)).toEqual(counts(5, 10));
    // The same scan id again is the same admission.
    expect(shownCounts(admittedOffline(state, { id: 'scan-a', wristbands: 2 }))).toEqual(counts(5, 10));
  });

  it('a download while offline admissions wait: the server’s new counts plus those still waiting', () => {
    let state = admittedOffline(serverCounts(noGateCounts, counts(3, 7)), { id: 'scan-a', wristbands: 2 });
    // Another gate checked in 4 wristbands meanwhile; this phone's admission has not reached the server.
    state = serverCounts(state, counts(4, 11));
    expect(shownCounts(state)).toEqual(counts(5, 13));
  });

  it('synced: the server’s counts include the admissions, which leave the pending list in the same step (never counted twice)', () => {
    let state: GateCounts = serverCounts(noGateCounts, counts(3, 7));
    state = admittedOffline(state, { id: 'scan-a', wristbands: 2 });
    state = admittedOffline(state, { id: 'scan-b', wristbands: 3 });
    expect(shownCounts(state)).toEqual(counts(5, 12));
    // The first batch delivered scan-a only; the server counted it.
    state = synced(state, ['scan-a'], counts(4, 9));
    expect(state.pending).toEqual([{ id: 'scan-b', wristbands: 3 }]);
    expect(shownCounts(state)).toEqual(counts(5, 12));
    state = synced(state, ['scan-b'], counts(5, 12));
    expect(state.pending).toEqual([]);
    expect(shownCounts(state)).toEqual(counts(5, 12));
    // A sync sent again (the same ids) changes nothing.
    expect(shownCounts(synced(state, ['scan-a', 'scan-b'], counts(5, 12)))).toEqual(counts(5, 12));
  });

  it('an admission the server did not count (a duplicate of another gate’s, or given back) drops out once synced', () => {
    let state = admittedOffline(serverCounts(noGateCounts, counts(3, 7)), { id: 'scan-a', wristbands: 2 });
    expect(shownCounts(state)).toEqual(counts(4, 9));
    state = synced(state, ['scan-a'], counts(3, 7));
    expect(shownCounts(state)).toEqual(counts(3, 7));
  });

  it('after a reload: the saved download’s counts plus the admissions still in the queue', () => {
    const state = restored(serverCounts(noGateCounts, counts(3, 7)), [
      { id: 'scan-a', wristbands: 2 },
      { id: 'scan-b', wristbands: 1 },
    ]);
    expect(shownCounts(state)).toEqual(counts(5, 10));
  });
});
