import type { Metadata } from 'next';
import { CheckInDesk } from '@/components/staff/check-in-desk';
import { StaffShell } from '@/components/staff/staff-shell';
import { getCheckInCounts } from '@/lib/staff/check-in';
import { staffPage } from '@/lib/staff/action';
import { checkInAction } from './actions';
import { loadGatePackAction, syncGateAction } from './gate-actions';

export const metadata: Metadata = { title: 'Gate check-in', robots: { index: false, follow: false } };

/** The gate: type or scan a ticket, see at once whether it may pass. Staff only (checked here). */
export default staffPage({ role: 'staff', page: '/staff/check-in' }, async function CheckInPage(staff) {
  const counts = await getCheckInCounts();
  return (
    <StaffShell staff={staff} current="/staff/check-in" title="Gate check-in">
      <CheckInDesk action={checkInAction} gateActions={{ loadPack: loadGatePackAction, sync: syncGateAction }} initial={{ answer: { status: 'idle' }, counts, seq: 0 }} />
    </StaffShell>
  );
});
