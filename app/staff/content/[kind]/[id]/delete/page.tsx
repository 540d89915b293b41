import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import admin from '@/components/staff/admin.module.css';
import styles from '@/components/staff/editor.module.css';
import { RedirectForm } from '@/components/staff/redirect-form';
import { StaffShell } from '@/components/staff/staff-shell';
import { staffPage } from '@/lib/staff/action';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import { entryLabel, findEntry, kindOrNotFound } from '@/lib/staff/content';
import { PUBLISHING_OFF_MESSAGE, STAFF_TEXT } from '@/lib/staff/messages';
import { entryListAction } from '../../../actions';

export const metadata: Metadata = { title: CONTENT_TEXT.deleteConfirm, robots: { index: false, follow: false } };

type Props = { params: Promise<{ kind: string; id: string }> };

/** Deleting asks first (issue 40): a page of its own, so it works the same without JavaScript. */
export default staffPage({ role: 'staff', page: async ({ params }: Props) => { const p = await params; return `/staff/content/${encodeURIComponent(p.kind)}/${encodeURIComponent(p.id)}/delete`; } }, async function DeleteEntryPage(staff, { params }: Props) {
  const { kind: key, id } = await params;
  const kind = kindOrNotFound(key);
  if (kind.shape !== 'collection') notFound();
  const found = await findEntry(kind, id);
  if (found.kind !== 'ok') {
    return (
      <StaffShell staff={staff} current="/staff/content" title={CONTENT_TEXT.deleteConfirm}>
        {found.kind === 'off' ? <p role="status">{PUBLISHING_OFF_MESSAGE}</p> : <p className={admin.error}>{STAFF_TEXT.loadFailed}</p>}
      </StaffShell>
    );
  }
  const { entry } = found;
  const name = entryLabel(kind, entry);
  // A kind listed by edition (sessions): the list shown after is the entry's edition.
  const edition = kind.orderedBy?.edition ? entry.draft[kind.orderedBy.edition] : undefined;
  const editionValue = typeof edition === 'string' && edition !== '' ? edition : undefined;
  return (
    <StaffShell staff={staff} current="/staff/content" title={CONTENT_TEXT.deleteConfirm}>
      <p>
        <strong>{name}</strong> ({kind.title})
      </p>
      <p>{CONTENT_TEXT.deleteWarning}</p>
      <RedirectForm action={entryListAction} permalink={`/staff/content/${kind.key}/${entry.id}/delete`} aria-label={CONTENT_TEXT.deleteConfirm} className={styles.actions}>
        <input type="hidden" name="kind" value={kind.key} />
        <input type="hidden" name="id" value={entry.id} />
        <input type="hidden" name="verb" value="delete" />
        {editionValue ? <input type="hidden" name="edition" value={editionValue} /> : null}
        <button type="submit" className={admin.dangerButton}>
          {CONTENT_TEXT.delete}
        </button>
        <Link href={`/staff/content/${kind.key}${editionValue ? `?edition=${encodeURIComponent(editionValue)}` : ''}`} className="btn btn--secondary">
          {CONTENT_TEXT.deleteCancel}
        </Link>
      </RedirectForm>
    </StaffShell>
  );
});
