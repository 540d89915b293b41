import type { Metadata } from 'next';
import { CheckInDesk } from '@/components/staff/check-in-desk';
import { StaffShell } from '@/components/staff/staff-shell';
import { getCheckInCounts } from '@/lib/staff/check-in';
import { requireStaff } from '@/lib/staff/session';
import { checkInAction } from './actions';
import { loadGatePackAction, syncGateAction } from './gate-actions';

export const metadata: Metadata = { title: 'Gate check-in', robots: { index: false, follow: false } };

/** The gate: type or scan a ticket, see at once whether it may pass. Staff only (checked here). */
export default async function CheckInPage() {
  const staff = await requireStaff('/staff/check-in');
  const counts = await getCheckInCounts();
  return (
    <StaffShell staff={staff} current="/staff/check-in" title="Gate check-in">
      <CheckInDesk action={checkInAction} gateActions={{ loadPack: loadGatePackAction, sync: syncGateAction }} initial={{ answer: { status: 'idle' }, counts, seq: 0 }} />
    </StaffShell>
  );
}
