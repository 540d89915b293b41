import type { Metadata } from 'next';
import Link from 'next/link';
import admin from '@/components/staff/admin.module.css';
import { EntryEditor } from '@/components/staff/entry-editor';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { getEdition } from '@/lib/edition';
import { staffPage } from '@/lib/staff/action';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import { editorValues, entryLabel, findEntry, kindOrNotFound, loadRefOptions } from '@/lib/staff/content';
import { PUBLISHING_OFF_MESSAGE, STAFF_TEXT } from '@/lib/staff/messages';
import { entryEditorAction } from '../../actions';

export const metadata: Metadata = { title: CONTENT_TEXT.title, robots: { index: false, follow: false } };

type Props = { params: Promise<{ kind: string; id: string }> };

/** One entry's form (issue 40): its draft, saved as a draft or published at once. */
export default staffPage({ role: 'staff', page: async ({ params }: Props) => { const p = await params; return `/staff/content/${encodeURIComponent(p.kind)}/${encodeURIComponent(p.id)}`; } }, async function EntryPage(staff, { params }: Props) {
  const { kind: key, id } = await params;
  const kind = kindOrNotFound(key);
  const found = await findEntry(kind, id);
  // A kind listed by edition (sessions): back to the entry's edition.
  const editionField = kind.shape === 'collection' ? kind.orderedBy?.edition : undefined;
  const edition = found.kind === 'ok' && editionField ? found.entry.draft[editionField] : undefined;
  const back = (
    <p>
      <Link href={`/staff/content/${kind.key}${typeof edition === 'string' && edition !== '' ? `?edition=${encodeURIComponent(edition)}` : ''}`}>{kind.title}</Link>
    </p>
  );
  if (found.kind !== 'ok') {
    return (
      <StaffShell staff={staff} current="/staff/content" title={kind.title}>
        {back}
        {found.kind === 'off' ? <p role="status">{PUBLISHING_OFF_MESSAGE}</p> : <p className={admin.error}>{STAFF_TEXT.loadFailed}</p>}
      </StaffShell>
    );
  }
  const { entry } = found;
  const name = entryLabel(kind, entry);
  const values = editorValues(kind, entry, await getEdition());
  const refs = await loadRefOptions(kind, values);
  return (
    <StaffShell staff={staff} current="/staff/content" title={name}>
      {back}
      <p>
        <span className={`${styles.status} ${entry.status === 'published' ? styles.published : styles.draft}`}>{CONTENT_TEXT.status[entry.status]}</span>
      </p>
      <EntryEditor kind={kind} id={entry.id} values={values} refs={refs} action={entryEditorAction} heading={CONTENT_TEXT.edit} headingId="entry-edit-title" />
    </StaffShell>
  );
});
