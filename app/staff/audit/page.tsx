import type { Metadata } from 'next';
import Link from 'next/link';
import { StaffShell } from '@/components/staff/staff-shell';
import styles from '@/components/staff/admin.module.css';
import { auditQuerySchema, type AuditEntryView } from '@/contract/api/admin';
import { loadAudit } from '@/lib/staff/admin';
import { STAFF_TEXT, auditActionLabel, formatLagos } from '@/lib/staff/messages';
import { staffPage } from '@/lib/staff/action';

export const metadata: Metadata = { title: 'Audit log', robots: { index: false, follow: false } };

/** Admins only: who did what and when, newest first, a page at a time (times in Lagos). */
export default staffPage({ role: 'admin', page: '/staff/audit' }, async function AuditPage(staff, { searchParams }: { searchParams: Promise<{ page?: string | string[] }> }) {
  // Any nonsense in ?page= is page 1 (the contract's own query schema).
  const raw = (await searchParams).page;
  const { page } = auditQuerySchema.parse({ page: Array.isArray(raw) ? raw[0] : raw });
  const audit = await loadAudit(page);
  return (
    <StaffShell staff={staff} current="/staff/audit" title={STAFF_TEXT.auditTitle} width="wide">
      {audit.kind !== 'ok' ? (
        <p className={audit.kind === 'unavailable' ? styles.notice : styles.error}>{audit.kind === 'unavailable' ? STAFF_TEXT.auditUnavailable : STAFF_TEXT.loadFailed}</p>
      ) : (
        <AuditTable page={audit.data.page} pageSize={audit.data.pageSize} count={audit.data.count} entries={audit.data.data} />
      )}
    </StaffShell>
  );
});

function AuditTable({ page, pageSize, count, entries }: { page: number; pageSize: number; count: number; entries: AuditEntryView[] }) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);
  return (
    <>
      <div className={styles.tableScroll} role="region" aria-labelledby="audit-caption" tabIndex={0}>
        <table className={`${styles.table} ${styles.stacked}`} data-testid="audit-table">
          <caption id="audit-caption">
            Entries {from}–{to} of {count}, newest first (Lagos time)
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={4} className={styles.muted}>
                  {STAFF_TEXT.auditEmpty}
                </td>
              </tr>
            ) : (
              entries.map((e) => (
                <tr key={e.id} data-action={e.action}>
                  <td className={styles.nowrap} data-label="When">
                    {formatLagos(e.at)}
                  </td>
                  <td data-label="Who">
                    {e.actor.name || e.actor.email}
                    {e.actor.name ? (
                      <>
                        <br />
                        <span className={styles.muted}>{e.actor.email}</span>
                      </>
                    ) : null}
                  </td>
                  <td data-label="What">{auditActionLabel(e.action)}</td>
                  <td data-label="Details">{e.summary}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className={styles.pager} aria-label="Audit log pages">
        {page > 1 ? (
          <Link className={styles.button} href={page === 2 ? '/staff/audit' : `/staff/audit?page=${page - 1}`} prefetch={false}>
            Newer
          </Link>
        ) : (
          <span />
        )}
        <span>
          Page {page} of {pages}
        </span>
        {page < pages ? (
          <Link className={styles.button} href={`/staff/audit?page=${page + 1}`} prefetch={false}>
            Older
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </>
  );
}
