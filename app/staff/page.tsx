import { redirect } from 'next/navigation';
import { requireStaff } from '@/lib/staff/session';

/** The staff area's front door: the gate check-in, for now (the session is checked first). */
export default async function StaffHome() {
  await requireStaff('/staff');
  redirect('/staff/check-in');
}
