import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { StaffShell } from '@/components/staff/staff-shell';
import styles from '@/components/staff/admin.module.css';
import inbox from '@/components/staff/inbox/inbox.module.css';
import { InboxEntries } from '@/components/staff/inbox/inbox-entries';
import { InboxStatusForm } from '@/components/staff/inbox/inbox-status-form';
import { InboxTextForm } from '@/components/staff/inbox/inbox-text-form';
import { OverdueBadge, StatusBadge } from '@/components/staff/inbox/status-badge';
import { inboxParamsSchema } from '@/contract/api/inbox';
import { itemPath, loadInboxItem } from '@/lib/staff/inbox';
import { INBOX_KIND_LABELS, INBOX_TEXT } from '@/lib/staff/inbox-messages';
import { formatLagos } from '@/lib/staff/messages';
import { capabilities } from '@/lib/backend';
import { staffPage } from '@/lib/staff/action';
import { inboxNoteAction, inboxReplyAction, inboxStatusAction } from '../../actions';

export const metadata: Metadata = { title: 'Inbox item', robots: { index: false, follow: false } };

type Done = keyof typeof INBOX_TEXT.done;
const isDone = (value: unknown): value is Done => typeof value === 'string' && Object.hasOwn(INBOX_TEXT.done, value);

type Props = { params: Promise<{ kind: string; id: string }>; searchParams: Promise<{ done?: string | string[] }> };

/** Where a sign-in returns to: this item, when the address names one. */
const pageOf = (params: { kind: string; id: string }) => {
  const target = inboxParamsSchema.safeParse(params);
  return target.success ? itemPath(target.data.kind, target.data.id) : '/staff/inbox';
};

/**
 * One inbox item: what was sent, its status, the internal notes and the replies, each with its
 * form. Rendered per request: the reply form's one-time token (requestKey) is minted here.
 */
export default staffPage({ role: 'staff', page: async ({ params }: Props) => pageOf(await params) }, async function InboxItemPage(staff, { params, searchParams }: Props) {
  const target = inboxParamsSchema.safeParse(await params);
  if (!capabilities().inbox) {
    return (
      <StaffShell staff={staff} current="/staff/inbox" title={INBOX_TEXT.title} width="wide">
        <p className={styles.notice}>{INBOX_TEXT.unavailable}</p>
      </StaffShell>
    );
  }
  if (!target.success) notFound();
  const { kind, id } = target.data;
  const loaded = await loadInboxItem(kind, id);
  if (loaded.kind !== 'ok') {
    return (
      <StaffShell staff={staff} current="/staff/inbox" title={INBOX_TEXT.title} width="wide">
        <p className={styles.error}>{INBOX_TEXT.loadFailed}</p>
      </StaffShell>
    );
  }
  const item = loaded.data;
  const done = (await searchParams).done;
  const permalink = itemPath(kind, id);
  return (
    <StaffShell staff={staff} current="/staff/inbox" title={INBOX_TEXT.itemTitle(INBOX_KIND_LABELS[kind], item.name)} width="wide">
      <p>
        <Link href="/staff/inbox" prefetch={false}>
          {INBOX_TEXT.back}
        </Link>
      </p>
      <div role="status" data-testid="inbox-done">
        {isDone(done) ? <p className={styles.success}>{INBOX_TEXT.done[done]}</p> : null}
      </div>
      <div className={inbox.itemGrid}>
        <section className={styles.section} aria-labelledby="item-facts-title">
          <h2 id="item-facts-title" className="visually-hidden">
            {INBOX_TEXT.itemTitle(INBOX_KIND_LABELS[kind], item.name)}
          </h2>
          <dl className={styles.facts} data-testid="inbox-facts">
            <dt>{INBOX_TEXT.kindFact}</dt>
            <dd>{INBOX_KIND_LABELS[kind]}</dd>
            <dt>{INBOX_TEXT.statusLabel}</dt>
            <dd>
              <StatusBadge status={item.status} />
            </dd>
            <dt>{INBOX_TEXT.received}</dt>
            <dd>{formatLagos(item.createdAt)}</dd>
            {item.dueAt ? (
              <>
                <dt>{INBOX_TEXT.due}</dt>
                <dd data-testid="inbox-due">
                  {formatLagos(item.dueAt)} <span className={styles.muted}>({INBOX_TEXT.dueHint(item.kind)})</span>
                  {item.overdue ? (
                    <>
                      {' '}
                      <OverdueBadge />
                    </>
                  ) : null}
                </dd>
              </>
            ) : null}
            <dt>{INBOX_TEXT.email}</dt>
            <dd>
              <a href={`mailto:${item.email}`}>{item.email}</a>
            </dd>
            {item.phone ? (
              <>
                <dt>{INBOX_TEXT.phone}</dt>
                <dd>{item.phone}</dd>
              </>
            ) : null}
            {item.facts.map(([label, value]) => (
              <FactRow key={label} label={label} value={value} />
            ))}
          </dl>
        </section>
        <section className={styles.section} aria-labelledby="item-message-title">
          <h2 id="item-message-title">{INBOX_TEXT.message}</h2>
          <p className={inbox.message} data-testid="inbox-message">
            {item.message || '—'}
          </p>
        </section>
        <InboxStatusForm action={inboxStatusAction} kind={kind} id={id} status={item.status} permalink={permalink} />
        <section className={styles.section} aria-labelledby="item-replies-title">
          <h2 id="item-replies-title">{INBOX_TEXT.repliesTitle}</h2>
          <InboxEntries entries={item.replies} empty={INBOX_TEXT.noReplies} testId="inbox-replies" />
          <InboxTextForm
            action={inboxReplyAction}
            name="reply"
            kind={kind}
            id={id}
            permalink={permalink}
            title={INBOX_TEXT.replyButton}
            label={INBOX_TEXT.replyLabel}
            hint={INBOX_TEXT.repliesHint(item.email)}
            button={INBOX_TEXT.replyButton}
            requestKey={crypto.randomUUID()}
            greeting={item.greeting}
          />
        </section>
        <section className={styles.section} aria-labelledby="item-notes-title">
          <h2 id="item-notes-title">{INBOX_TEXT.notesTitle}</h2>
          <InboxEntries entries={item.notes} empty={INBOX_TEXT.noNotes} testId="inbox-notes" />
          <InboxTextForm
            action={inboxNoteAction}
            name="note"
            kind={kind}
            id={id}
            permalink={permalink}
            title={INBOX_TEXT.noteButton}
            label={INBOX_TEXT.noteLabel}
            hint={INBOX_TEXT.notesHint}
            button={INBOX_TEXT.noteButton}
          />
        </section>
      </div>
    </StaffShell>
  );
});

function FactRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
