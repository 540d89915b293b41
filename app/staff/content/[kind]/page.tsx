import { getEdition } from '@/lib/edition';
import type { Metadata } from 'next';
import Link from 'next/link';
import admin from '@/components/staff/admin.module.css';
import { EntryEditor } from '@/components/staff/entry-editor';
import { RedirectForm } from '@/components/staff/redirect-form';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import type { AdminEntry } from '@/contract/api/entries';
import type { ContentKind } from '@/contract/content/kinds';
import { lookup } from '@/contract/lookup';
import { capabilities } from '@/lib/backend';
import { staffPage } from '@/lib/staff/action';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import { editorValues, entryLabel, kindOrNotFound, loadEntries, SINGLETON_ID } from '@/lib/staff/content';
import { PUBLISHING_OFF_MESSAGE, STAFF_TEXT } from '@/lib/staff/messages';
import { entryEditorAction, entryListAction } from '../actions';

export const metadata: Metadata = { title: CONTENT_TEXT.title, robots: { index: false, follow: false } };

type Props = { params: Promise<{ kind: string }>; searchParams: Promise<{ done?: string | string[]; failed?: string | string[] }> };

/** One kind's entries (issue 40): each with its status, publish, move and delete; the form to add one (or the singleton's form). */
export default staffPage({ role: 'staff', page: async ({ params }: Props) => `/staff/content/${encodeURIComponent((await params).kind)}` }, async function ContentKindPage(staff, { params, searchParams }: Props) {
  const kind = kindOrNotFound((await params).kind);
  const { done, failed } = await searchParams;
  const shell = (body: React.ReactNode) => (
    <StaffShell staff={staff} current="/staff/content" title={kind.title}>
      <p>
        <Link href="/staff/content">{CONTENT_TEXT.title}</Link>
      </p>
      {body}
    </StaffShell>
  );
  if (!capabilities().publishing) return shell(<p role="status">{PUBLISHING_OFF_MESSAGE}</p>);
  const loaded = await loadEntries(kind);
  if (loaded.kind !== 'ok') return shell(<p className={admin.error}>{STAFF_TEXT.loadFailed}</p>);
  const entries = loaded.data;
  const doneText = lookup(CONTENT_TEXT.done, done);
  return shell(
    <>
      {doneText ? (
        <p role="status" className={styles.flash}>
          {doneText}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className={styles.flashError}>
          {failed === 'gone' ? CONTENT_TEXT.notFound : failed === 'last' ? CONTENT_TEXT.lastOne : CONTENT_TEXT.failed}
        </p>
      ) : null}
      <p className={admin.muted}>{kind.description}</p>
      <p>
        <a href={`/staff/preview?kind=${kind.key}`}>{CONTENT_TEXT.preview}</a> ({kind.page})
      </p>
      {kind.shape === 'singleton' ? (
        <Singleton kind={kind} entry={entries.find((e) => e.id === SINGLETON_ID)} />
      ) : (
        <>
          {entries.length === 0 ? <p>{CONTENT_TEXT.empty}</p> : null}
          <ol className={styles.list} data-testid="entries">
            {entries.map((entry, i) => (
              <EntryRow key={entry.id} kind={kind} entry={entry} first={i === 0} last={i === entries.length - 1} />
            ))}
          </ol>
          <EntryEditor kind={kind} values={editorValues(kind, undefined, await getEdition())} action={entryEditorAction} heading={CONTENT_TEXT.add} headingId="entry-add-title" />
        </>
      )}
    </>,
  );
});

function StatusBadge({ entry }: { entry: AdminEntry }) {
  return <span className={`${styles.status} ${entry.status === 'published' ? styles.published : styles.draft}`}>{CONTENT_TEXT.status[entry.status]}</span>;
}

/** A small form posting one verb for one entry. */
function VerbButton({ kind, entry, verb, label, name }: { kind: ContentKind; entry: AdminEntry; verb: string; label: string; name: string }) {
  return (
    <RedirectForm action={entryListAction} permalink={`/staff/content/${kind.key}`}>
      <input type="hidden" name="kind" value={kind.key} />
      <input type="hidden" name="id" value={entry.id} />
      <input type="hidden" name="verb" value={verb} />
      <button type="submit" className="btn btn--secondary">
        {label}
        <span className="visually-hidden">: {name}</span>
      </button>
    </RedirectForm>
  );
}

function EntryRow({ kind, entry, first, last }: { kind: ContentKind; entry: AdminEntry; first: boolean; last: boolean }) {
  const name = entryLabel(kind, entry);
  return (
    <li className={styles.item}>
      <div className={styles.toolbar}>
        <strong>{name}</strong>
        <StatusBadge entry={entry} />
      </div>
      <div className={styles.actions}>
        <Link href={`/staff/content/${kind.key}/${entry.id}`} className="btn btn--secondary">
          {CONTENT_TEXT.edit}
          <span className="visually-hidden">: {name}</span>
        </Link>
        {entry.status !== 'published' ? <VerbButton kind={kind} entry={entry} verb="publish" label={CONTENT_TEXT.publish} name={name} /> : null}
        {entry.status !== 'draft' ? <VerbButton kind={kind} entry={entry} verb="unpublish" label={CONTENT_TEXT.unpublish} name={name} /> : null}
        {!first ? <VerbButton kind={kind} entry={entry} verb="up" label={CONTENT_TEXT.moveUp} name={name} /> : null}
        {!last ? <VerbButton kind={kind} entry={entry} verb="down" label={CONTENT_TEXT.moveDown} name={name} /> : null}
        <Link href={`/staff/content/${kind.key}/${entry.id}/delete`} className="btn btn--secondary">
          {CONTENT_TEXT.delete}
          <span className="visually-hidden">: {name}</span>
        </Link>
      </div>
    </li>
  );
}

async function Singleton({ kind, entry }: { kind: ContentKind; entry: AdminEntry | undefined }) {
  return (
    <>
      {entry ? (
        <div className={styles.toolbar}>
          <StatusBadge entry={entry} />
          {entry.status === 'changed' ? <VerbButton kind={kind} entry={entry} verb="publish" label={CONTENT_TEXT.publish} name={kind.title} /> : null}
        </div>
      ) : null}
      <EntryEditor kind={kind} id={SINGLETON_ID} values={editorValues(kind, entry, await getEdition())} action={entryEditorAction} heading={CONTENT_TEXT.edit} headingId="entry-edit-title" />
    </>
  );
}
