import type { Metadata } from 'next';
import { CheckInDesk } from '@/components/staff/check-in-desk';
import { Container } from '@/components/ui/container';
import { getCheckInCounts } from '@/lib/staff/check-in';
import { requireStaff } from '@/lib/staff/session';
import { logoutAction } from '../login/actions';
import { checkInAction } from './actions';
import styles from '@/components/staff/staff.module.css';

export const metadata: Metadata = { title: 'Gate check-in', robots: { index: false, follow: false } };

/** The gate: type or scan a ticket, see at once whether it may pass. Staff only (checked here). */
export default async function CheckInPage() {
  const staff = await requireStaff('/staff/check-in');
  const counts = await getCheckInCounts();
  return (
    <Container width="narrow" className={styles.page}>
      <div className={styles.bar}>
        <h1 className={styles.title}>Gate check-in</h1>
        <form action={logoutAction}>
          <button type="submit" className={styles.linkButton}>
            Sign out <span className="visually-hidden">{staff.name}</span>
          </button>
        </form>
      </div>
      <p className={styles.who}>Signed in as {staff.name}</p>
      <CheckInDesk action={checkInAction} initial={{ answer: { status: 'idle' }, counts, seq: 0 }} />
    </Container>
  );
}
