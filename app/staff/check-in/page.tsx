import type { Metadata } from 'next';
import { CheckInDesk } from '@/components/staff/check-in-desk';
import { StaffShell } from '@/components/staff/staff-shell';
import { OfflineWorker } from '@/components/tickets/ticket-worker';
import { GATE_MANIFEST_PATH, GATE_WORKER_SCOPE } from '@/components/tickets/offline-cache';
import { isDevelopment } from '@/lib/config';
import { capabilities } from '@/lib/backend';
import { getEditionStatus } from '@/lib/edition';
import { getCheckInCounts } from '@/lib/staff/check-in';
import { staffPage } from '@/lib/staff/action';
import { checkInAction, walkInAction } from './actions';
import { loadGatePackAction, syncGateAction } from './gate-actions';

// The gate's own manifest (installs the gate, not the visitors' tickets).
export const metadata: Metadata = { title: 'Gate check-in', robots: { index: false, follow: false }, manifest: GATE_MANIFEST_PATH };

/**
 * The gate: type or scan a ticket, see at once whether it may pass; register a walk-in while
 * wristbands remain (issue 41: its form mints its idempotency key here, per render). Staff only
 * (checked here). The offline worker keeps this page for its scope (public/ticket-sw.js), so a
 * reload or a discarded tab opens the gate with no signal, with the pack and queue the phone keeps
 * in IndexedDB.
 */
export default staffPage({ role: 'staff', page: '/staff/check-in' }, async function CheckInPage(staff) {
  const [counts, status] = await Promise.all([getCheckInCounts(), capabilities().walkIns ? getEditionStatus() : undefined]);
  const walkIn = status ? { action: walkInAction, idempotencyKey: crypto.randomUUID(), remaining: status.remaining } : undefined;
  return (
    <StaffShell staff={staff} current="/staff/check-in" title="Gate check-in">
      <OfflineWorker enabled={!isDevelopment()} scope={GATE_WORKER_SCOPE} />
      <CheckInDesk action={checkInAction} gateActions={{ loadPack: loadGatePackAction, sync: syncGateAction }} initial={{ answer: { status: 'idle' }, counts, seq: 0 }} walkIn={walkIn} />
    </StaffShell>
  );
});
