import type { Metadata } from 'next';
import Link from 'next/link';
import admin from '@/components/staff/admin.module.css';
import { EntryEditor } from '@/components/staff/entry-editor';
import { RedirectForm } from '@/components/staff/redirect-form';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { ENTRY_MESSAGES, type AdminEntry } from '@/contract/api/entries';
import type { CollectionKind, ContentKind } from '@/contract/content/kinds';
import { lookup } from '@/contract/lookup';
import { capabilities } from '@/lib/backend';
import { getEdition } from '@/lib/edition';
import { staffPage } from '@/lib/staff/action';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import { editorValues, entryLabel, kindOrNotFound, loadEntries, loadRefOptions, newEntryKey, SINGLETON_ID } from '@/lib/staff/content';
import { chosenEdition, datedRowLabel, editionsOf, sortByDate } from '@/lib/staff/entry-rows';
import { PUBLISHING_OFF_MESSAGE, STAFF_TEXT } from '@/lib/staff/messages';
import { entryEditorAction, entryListAction, programmeCopyAction } from '../actions';

export const metadata: Metadata = { title: CONTENT_TEXT.title, robots: { index: false, follow: false } };

type Query = 'done' | 'failed' | 'edition' | 'copied' | 'skipped' | 'from' | 'n';
type Props = { params: Promise<{ kind: string }>; searchParams: Promise<Partial<Record<Query, string | string[]>>> };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const count = (value: string | string[] | undefined) => {
  const n = Number(one(value));
  return Number.isInteger(n) && n >= 0 && n < 100_000 ? n : 0;
};

/** What the last action did, said on the page it redirected to (?done=, ?failed=). */
function flashes(query: Partial<Record<Query, string | string[]>>): { done?: string; failed?: string } {
  const done = one(query.done);
  const failed = one(query.failed);
  const copiedFrom = (one(query.from) ?? '').slice(0, 32);
  return {
    done: done === 'copied' ? (count(query.copied) + count(query.skipped) === 0 ? ENTRY_MESSAGES.nothingToCopy : ENTRY_MESSAGES.copied(count(query.copied), count(query.skipped), copiedFrom)) : lookup(CONTENT_TEXT.done, done),
    failed:
      failed === undefined
        ? undefined
        : failed === 'gone'
          ? CONTENT_TEXT.notFound
          : failed === 'last'
            ? CONTENT_TEXT.lastOne
            : failed === 'inuse' && count(query.n) > 0
              ? ENTRY_MESSAGES.inUse(count(query.n))
              : failed === 'nothing'
                ? ENTRY_MESSAGES.nothingToCopy
                : CONTENT_TEXT.failed,
  };
}

/**
 * One kind's entries (issue 40): each with its status, publish, move and delete; the form to add one
 * (or the singleton's form). A kind ordered by its data (sessions: orderedBy) is listed by day and
 * time under one edition at a time (?edition=, the current one by default), without moving; the
 * sessions page also offers to copy last year's programme as drafts.
 */
export default staffPage({ role: 'staff', page: async ({ params }: Props) => `/staff/content/${encodeURIComponent((await params).kind)}` }, async function ContentKindPage(staff, { params, searchParams }: Props) {
  const kind = kindOrNotFound((await params).kind);
  const query = await searchParams;
  const { done: doneText, failed } = flashes(query);
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
  const edition = await getEdition();
  const listed = kind.shape === 'collection' && kind.orderedBy ? datedList(kind, kind.orderedBy, loaded.data, query.edition, edition.key) : undefined;
  const entries = listed ? listed.entries : loaded.data;
  const single = kind.shape === 'singleton' ? entries.find((e) => e.id === SINGLETON_ID) : undefined;
  const fresh = editorValues(kind, single, edition);
  if (listed?.edition && kind.shape === 'collection' && kind.orderedBy?.edition) fresh[kind.orderedBy.edition] = listed.edition;
  const refs = await loadRefOptions(kind, fresh);
  return shell(
    <>
      {doneText ? (
        <p role="status" className={styles.flash}>
          {doneText}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className={styles.flashError}>
          {failed}
        </p>
      ) : null}
      <p className={admin.muted}>{kind.description}</p>
      <p>
        <a href={`/staff/preview?kind=${kind.key}`}>{CONTENT_TEXT.preview}</a> ({kind.page})
      </p>
      {kind.shape === 'singleton' ? (
        <Singleton kind={kind} entry={single} values={fresh} refs={refs} />
      ) : (
        <>
          {listed ? <Editions kind={kind} editions={listed.editions} shown={listed.edition} current={edition.key} /> : null}
          {listed ? <p className={admin.muted}>{CONTENT_TEXT.orderedByDate}</p> : null}
          {entries.length === 0 ? <p>{listed?.edition ? CONTENT_TEXT.noEntriesInEdition(listed.edition) : CONTENT_TEXT.empty}</p> : null}
          <ol className={styles.list} data-testid="entries">
            {entries.map((entry, i) => (
              <EntryRow key={entry.id} kind={kind} entry={entry} first={i === 0} last={i === entries.length - 1} />
            ))}
          </ol>
          {kind.key === 'sessions' ? <CopyProgramme /> : null}
          <EntryEditor kind={kind} values={fresh} refs={refs} formKey={newEntryKey()} action={entryEditorAction} heading={CONTENT_TEXT.add} headingId="entry-add-title" />
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
  // A kind listed by edition (sessions): the answer shows the entry's edition again.
  const editionField = kind.shape === 'collection' ? kind.orderedBy?.edition : undefined;
  const edition = editionField ? entry.draft[editionField] : undefined;
  return (
    <RedirectForm action={entryListAction} permalink={`/staff/content/${kind.key}`}>
      <input type="hidden" name="kind" value={kind.key} />
      <input type="hidden" name="id" value={entry.id} />
      <input type="hidden" name="verb" value={verb} />
      {typeof edition === 'string' && edition !== '' ? <input type="hidden" name="edition" value={edition} /> : null}
      <button type="submit" className="btn btn--secondary">
        {label}
        <span className="visually-hidden">: {name}</span>
      </button>
    </RedirectForm>
  );
}

/** A kind ordered by its data: its entries by day and time, of one edition where the kind has editions. */
function datedList(kind: CollectionKind, orderedBy: NonNullable<CollectionKind['orderedBy']>, all: AdminEntry[], asked: unknown, current: string) {
  const editions = editionsOf(all, orderedBy, current);
  const field = orderedBy.edition;
  if (!field) return { entries: sortByDate(all, orderedBy), editions, edition: undefined };
  const edition = chosenEdition(asked, editions, current);
  return { entries: sortByDate(all.filter((e) => e.draft[field] === edition), orderedBy), editions, edition };
}

/** The editions with entries (and the current one), as links: the one shown is marked. */
function Editions({ kind, editions, shown, current }: { kind: ContentKind; editions: string[]; shown: string | undefined; current: string }) {
  if (editions.length === 0) return null;
  return (
    <nav aria-label={CONTENT_TEXT.editions}>
      <ul className={styles.editions}>
        {editions.map((edition) => (
          <li key={edition}>
            <Link href={`/staff/content/${kind.key}?edition=${encodeURIComponent(edition)}`} aria-current={edition === shown ? 'page' : undefined}>
              {edition}
              {edition === current ? CONTENT_TEXT.editionCurrent : ''}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Copy last year's programme as drafts": a plain form (no JavaScript needed); the page it leads to says what was copied. */
function CopyProgramme() {
  return (
    <section className={styles.item} aria-labelledby="copy-programme-title">
      <h2 id="copy-programme-title">{CONTENT_TEXT.copyProgramme.heading}</h2>
      <p>{CONTENT_TEXT.copyProgramme.body}</p>
      <RedirectForm action={programmeCopyAction} permalink="/staff/content/sessions" aria-label={CONTENT_TEXT.copyProgramme.button}>
        <button type="submit" className="btn btn--secondary">
          {CONTENT_TEXT.copyProgramme.button}
        </button>
      </RedirectForm>
    </section>
  );
}

function EntryRow({ kind, entry, first, last }: { kind: ContentKind; entry: AdminEntry; first: boolean; last: boolean }) {
  const name = entryLabel(kind, entry);
  const orderedBy = kind.shape === 'collection' ? kind.orderedBy : undefined;
  // The row shows a dated entry's day and time; the hidden ': <name>' after each button's word stays its name.
  const shown = orderedBy ? datedRowLabel(entry.draft, orderedBy, name) : name;
  return (
    <li className={styles.item}>
      <div className={styles.toolbar}>
        <strong>{shown}</strong>
        <StatusBadge entry={entry} />
      </div>
      <div className={styles.actions}>
        <Link href={`/staff/content/${kind.key}/${entry.id}`} className="btn btn--secondary">
          {CONTENT_TEXT.edit}
          <span className="visually-hidden">: {name}</span>
        </Link>
        {entry.status !== 'published' ? <VerbButton kind={kind} entry={entry} verb="publish" label={CONTENT_TEXT.publish} name={name} /> : null}
        {entry.status !== 'draft' ? <VerbButton kind={kind} entry={entry} verb="unpublish" label={CONTENT_TEXT.unpublish} name={name} /> : null}
        {!orderedBy && !first ? <VerbButton kind={kind} entry={entry} verb="up" label={CONTENT_TEXT.moveUp} name={name} /> : null}
        {!orderedBy && !last ? <VerbButton kind={kind} entry={entry} verb="down" label={CONTENT_TEXT.moveDown} name={name} /> : null}
        <Link href={`/staff/content/${kind.key}/${entry.id}/delete`} className="btn btn--secondary">
          {CONTENT_TEXT.delete}
          <span className="visually-hidden">: {name}</span>
        </Link>
      </div>
    </li>
  );
}

function Singleton({ kind, entry, values, refs }: { kind: ContentKind; entry: AdminEntry | undefined; values: Record<string, string>; refs: Awaited<ReturnType<typeof loadRefOptions>> }) {
  return (
    <>
      {entry ? (
        <div className={styles.toolbar}>
          <StatusBadge entry={entry} />
          {entry.status === 'changed' ? <VerbButton kind={kind} entry={entry} verb="publish" label={CONTENT_TEXT.publish} name={kind.title} /> : null}
        </div>
      ) : null}
      <EntryEditor kind={kind} id={SINGLETON_ID} values={values} refs={refs} action={entryEditorAction} heading={CONTENT_TEXT.edit} headingId="entry-edit-title" />
    </>
  );
}
