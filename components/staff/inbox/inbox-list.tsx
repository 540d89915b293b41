import Link from 'next/link';
import type { InboxSummary } from '@/contract/api/inbox';
import { INBOX_KIND_LABELS, INBOX_TEXT } from '@/lib/staff/inbox-messages';
import { formatLagos } from '@/lib/staff/messages';
import admin from '../admin.module.css';
import { OverdueBadge, StatusBadge } from './status-badge';
import styles from './inbox.module.css';

/** One page of the inbox: who, what, its status and, for proposals, the answer's deadline. */
export function InboxList({ items, page, pageSize, count, pageHref }: { items: InboxSummary[]; page: number; pageSize: number; count: number; pageHref: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 || items.length === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = from === 0 ? 0 : from + items.length - 1;
  return (
    <>
      <div className={admin.tableScroll} role="region" aria-labelledby="inbox-caption" tabIndex={0}>
        <table className={`${admin.table} ${admin.stacked}`} data-testid="inbox-table">
          <caption id="inbox-caption">{INBOX_TEXT.listCaption(from, to, count)}</caption>
          <thead>
            <tr>
              <th scope="col">{INBOX_TEXT.head.from}</th>
              <th scope="col">{INBOX_TEXT.head.kind}</th>
              <th scope="col">{INBOX_TEXT.head.status}</th>
              <th scope="col">{INBOX_TEXT.head.received}</th>
              <th scope="col">{INBOX_TEXT.head.due}</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={5} className={admin.muted}>
                  {INBOX_TEXT.empty}
                </td>
              </tr>
            ) : (
              items.map((item) => (
                <tr key={`${item.kind}-${item.id}`} className={item.overdue ? styles.overdueRow : undefined} data-testid="inbox-row" data-id={item.id}>
                  <td data-label={INBOX_TEXT.head.from}>
                    <Link href={`/staff/inbox/${item.kind}/${encodeURIComponent(item.id)}`} prefetch={false}>
                      {item.name}
                    </Link>
                    {item.subject ? (
                      <>
                        <br />
                        <span className={admin.muted}>{item.subject}</span>
                      </>
                    ) : null}
                    {item.replyCount > 0 ? (
                      <>
                        <br />
                        <span className={admin.muted}>{INBOX_TEXT.replied(item.replyCount)}</span>
                      </>
                    ) : null}
                  </td>
                  <td data-label={INBOX_TEXT.head.kind}>{INBOX_KIND_LABELS[item.kind]}</td>
                  <td data-label={INBOX_TEXT.head.status}>
                    <StatusBadge status={item.status} />
                  </td>
                  <td className={admin.nowrap} data-label={INBOX_TEXT.head.received}>
                    {formatLagos(item.createdAt)}
                  </td>
                  <td data-label={INBOX_TEXT.head.due}>
                    {item.dueAt ? <span className={admin.nowrap}>{formatLagos(item.dueAt)}</span> : INBOX_TEXT.noDeadline}
                    {item.overdue ? (
                      <>
                        {' '}
                        <OverdueBadge />
                      </>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className={admin.pager} aria-label={INBOX_TEXT.pagesLabel}>
        {page > 1 ? (
          <Link className={admin.button} href={pageHref(page - 1)} prefetch={false}>
            {INBOX_TEXT.newer}
          </Link>
        ) : (
          <span />
        )}
        <span>{INBOX_TEXT.page(page, pages)}</span>
        {page < pages ? (
          <Link className={admin.button} href={pageHref(page + 1)} prefetch={false}>
            {INBOX_TEXT.older}
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </>
  );
}
