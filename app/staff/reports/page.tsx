import type { Metadata } from 'next';
import Link from 'next/link';
import { StaffShell } from '@/components/staff/staff-shell';
import styles from '@/components/staff/editor.module.css';
import { formatDate } from '@/contract/festival';
import { capabilities } from '@/lib/backend';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { listReports } from '@/lib/staff/reports';
import { staffPage } from '@/lib/staff/action';

export const metadata: Metadata = { title: 'Reports', robots: { index: false, follow: false } };

/** Every report, drafts included, newest first (by report date, then last change). Staff only. */
export default staffPage({ role: 'staff', page: '/staff/reports' }, async function ReportsPage(staff) {
  if (!capabilities().publishing) {
    return (
      <StaffShell staff={staff} current="/staff/reports" title="Reports">
        <p role="status">{PUBLISHING_OFF_MESSAGE}</p>
      </StaffShell>
    );
  }
  const reports = (await listReports()).sort((a, b) => b.date.localeCompare(a.date) || (b.updatedAt ?? '').localeCompare(a.updatedAt ?? ''));
  return (
    <StaffShell staff={staff} current="/staff/reports" title="Reports">
      <div className={styles.toolbar}>
        <p className={styles.itemMeta}>
          {reports.length} {reports.length === 1 ? 'report' : 'reports'}: {reports.filter((r) => r.status === 'draft').length} draft,{' '}
          {reports.filter((r) => r.status === 'published').length} published.
        </p>
        <Link href="/staff/reports/new" prefetch={false} className="btn btn--primary">
          New report
        </Link>
      </div>
      <ul className={styles.list} data-testid="report-list">
        {reports.map((r) => (
          <li key={r.id} className={styles.item}>
            <Link href={`/staff/reports/${r.id}`} prefetch={false}>
              {r.title}
            </Link>
            <p className={styles.itemMeta}>
              <span className={`${styles.status} ${r.status === 'published' ? styles.published : styles.draft}`}>{r.status === 'published' ? 'Published' : 'Draft'}</span>{' '}
              {formatDate(r.date)} · {r.category}
              {r.featured ? ' · Featured' : ''}
            </p>
          </li>
        ))}
      </ul>
    </StaffShell>
  );
});
