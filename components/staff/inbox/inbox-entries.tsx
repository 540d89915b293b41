import type { InboxEntry } from '@/contract/api/inbox';
import { INBOX_TEXT } from '@/lib/staff/inbox-messages';
import { formatLagos } from '@/lib/staff/messages';
import admin from '../admin.module.css';
import styles from './inbox.module.css';

/** An item's notes or replies, oldest first: who, when, what (as typed: plain text), a reply's delivery. */
export function InboxEntries({ entries, empty, testId }: { entries: InboxEntry[]; empty: string; testId: string }) {
  if (entries.length === 0) return <p className={admin.muted}>{empty}</p>;
  return (
    <ol className={styles.entries} data-testid={testId}>
      {entries.map((e) => (
        <li key={e.id} className={styles.entry} data-testid={`${testId}-entry`}>
          <p className={styles.entryMeta}>
            {INBOX_TEXT.by(e.author.name, formatLagos(e.createdAt))}
            {e.delivery ? ` · ${INBOX_TEXT.delivery[e.delivery]}` : ''}
          </p>
          <p className={styles.entryBody}>{e.body}</p>
        </li>
      ))}
    </ol>
  );
}
