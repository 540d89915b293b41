import Link from 'next/link';
import { INBOX_KINDS, INBOX_STATUSES, type InboxKind, type InboxStatus } from '@/contract/api/inbox-limits';
import { INBOX_KIND_LABELS, INBOX_STATUS_LABELS, INBOX_TEXT } from '@/lib/staff/inbox-messages';
import admin from '../admin.module.css';
import styles from './inbox.module.css';

/**
 * The list's filters as a plain GET form: the filters are the page's address, so they work
 * without JavaScript, can be bookmarked, and the dashboard links to one (overdue proposals).
 */
export function InboxFilters({ kind, status, overdue }: { kind?: InboxKind; status?: InboxStatus; overdue: boolean }) {
  return (
    <form method="get" action="/staff/inbox" className={styles.filters} aria-labelledby="inbox-filters-title">
      <fieldset>
        <legend id="inbox-filters-title" className="visually-hidden">{INBOX_TEXT.filtersTitle}</legend>
        <div className={admin.field}>
          <label htmlFor="inbox-kind">{INBOX_TEXT.kindLabel}</label>
          <select id="inbox-kind" name="kind" defaultValue={kind ?? ''}>
            <option value="">{INBOX_TEXT.anyKind}</option>
            {INBOX_KINDS.map((k) => (
              <option key={k} value={k}>
                {INBOX_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className={admin.field}>
          <label htmlFor="inbox-status">{INBOX_TEXT.statusLabel}</label>
          <select id="inbox-status" name="status" defaultValue={status ?? ''}>
            <option value="">{INBOX_TEXT.anyStatus}</option>
            {INBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INBOX_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.check}>
          <input id="inbox-overdue" type="checkbox" name="overdue" value="1" defaultChecked={overdue} />
          <label htmlFor="inbox-overdue">{INBOX_TEXT.overdueLabel}</label>
        </div>
        <button type="submit" className={`${admin.button} ${admin.primaryButton}`}>
          {INBOX_TEXT.filterButton}
        </button>
        {kind || status || overdue ? (
          <Link href="/staff/inbox" prefetch={false} className={admin.button}>
            {INBOX_TEXT.clearFilters}
          </Link>
        ) : null}
      </fieldset>
    </form>
  );
}
