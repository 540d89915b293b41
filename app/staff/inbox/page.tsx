import type { Metadata } from 'next';
import { StaffShell } from '@/components/staff/staff-shell';
import styles from '@/components/staff/admin.module.css';
import { InboxFilters } from '@/components/staff/inbox/inbox-filters';
import { InboxList } from '@/components/staff/inbox/inbox-list';
import { inboxQuerySchema, type InboxQuery } from '@/contract/api/inbox';
import { loadInbox } from '@/lib/staff/inbox';
import { INBOX_TEXT } from '@/lib/staff/inbox-messages';
import { capabilities } from '@/lib/backend';
import { staffPage } from '@/lib/staff/action';

export const metadata: Metadata = { title: 'Inbox', robots: { index: false, follow: false } };

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The filters as a query string (page 1 left out), for the pager's links. */
function hrefOf(query: InboxQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.kind) params.set('kind', query.kind);
  if (query.status) params.set('status', query.status);
  if (query.overdue) params.set('overdue', '1');
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `/staff/inbox?${qs}` : '/staff/inbox';
}

/**
 * Staff and admins: partnership proposals, volunteer applications and contact messages, newest
 * first, filtered by a GET form (works without JavaScript). Built-in backend only.
 */
export default staffPage({ role: 'staff', page: '/staff/inbox' }, async function InboxPage(staff, { searchParams }: { searchParams: Promise<Search> }) {
  if (!capabilities().inbox) {
    return (
      <StaffShell staff={staff} current="/staff/inbox" title={INBOX_TEXT.title} width="wide">
        <p className={styles.notice} data-testid="inbox-unavailable">
          {INBOX_TEXT.unavailable}
        </p>
      </StaffShell>
    );
  }
  const search = await searchParams;
  // Anything unknown in the address is "all" (or page 1): the contract's lenient query schema.
  const query = inboxQuerySchema.parse({ kind: first(search.kind), status: first(search.status), overdue: first(search.overdue), page: first(search.page) });
  const inbox = await loadInbox(query);
  return (
    <StaffShell staff={staff} current="/staff/inbox" title={INBOX_TEXT.title} width="wide">
      <p className={styles.muted}>{INBOX_TEXT.intro}</p>
      <InboxFilters kind={query.kind} status={query.status} overdue={query.overdue} />
      {inbox.kind === 'ok' ? (
        <InboxList items={inbox.data.data} page={inbox.data.page} pageSize={inbox.data.pageSize} count={inbox.data.count} pageHref={(page) => hrefOf(query, page)} />
      ) : (
        <p className={inbox.kind === 'unavailable' ? styles.notice : styles.error}>{inbox.kind === 'unavailable' ? INBOX_TEXT.unavailable : INBOX_TEXT.loadFailed}</p>
      )}
    </StaffShell>
  );
});
