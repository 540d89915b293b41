import type { Metadata } from 'next';
import { AccountsManager } from '@/components/staff/accounts-manager';
import { StaffShell } from '@/components/staff/staff-shell';
import styles from '@/components/staff/admin.module.css';
import { loadAccounts } from '@/lib/staff/admin';
import { STAFF_TEXT, formatLagos } from '@/lib/staff/messages';
import { staffPage } from '@/lib/staff/action';
import { accountsAction } from './actions';

export const metadata: Metadata = { title: 'Staff accounts', robots: { index: false, follow: false } };

/** Admins only: the page checks it itself (plain staff are sent to the dashboard). */
export default staffPage({ role: 'admin', page: '/staff/accounts' }, async function AccountsPage(staff) {
  const accounts = await loadAccounts();
  return (
    <StaffShell staff={staff} current="/staff/accounts" title={STAFF_TEXT.accountsTitle} width="wide">
      {accounts.kind === 'ok' ? (
        <AccountsManager
          action={accountsAction}
          accounts={accounts.data}
          selfId={staff.id}
          when={Object.fromEntries(accounts.data.map((a) => [a.id, formatLagos(a.createdAt)]))}
        />
      ) : (
        <p className={accounts.kind === 'unavailable' ? styles.notice : styles.error}>
          {accounts.kind === 'unavailable' ? STAFF_TEXT.accountsUnavailable : STAFF_TEXT.loadFailed}
        </p>
      )}
    </StaffShell>
  );
});
