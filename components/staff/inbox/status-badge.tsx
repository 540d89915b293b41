import type { InboxStatus } from '@/contract/api/inbox-limits';
import { INBOX_STATUS_LABELS, INBOX_TEXT } from '@/lib/staff/inbox-messages';
import styles from './inbox.module.css';

/** An item's status in words, coloured by status (the words carry it, never the colour alone). */
export function StatusBadge({ status }: { status: InboxStatus }) {
  return (
    <span className={styles.status} data-status={status} data-testid="inbox-status">
      {INBOX_STATUS_LABELS[status]}
    </span>
  );
}

export function OverdueBadge() {
  return (
    <span className={styles.overdueBadge} data-testid="inbox-overdue">
      {INBOX_TEXT.overdue}
    </span>
  );
}
