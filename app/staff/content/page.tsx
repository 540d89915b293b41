import type { Metadata } from 'next';
import Link from 'next/link';
import admin from '@/components/staff/admin.module.css';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { CONTENT_KINDS, EDITED_ELSEWHERE, type ContentKind } from '@/contract/content/kinds';
import { capabilities } from '@/lib/backend';
import { staffPage } from '@/lib/staff/action';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';

export const metadata: Metadata = { title: CONTENT_TEXT.title, robots: { index: false, follow: false } };

/** Every kind of content organisers edit (issue 40), and where the rest is edited. Staff only. */
export default staffPage({ role: 'staff', page: '/staff/content' }, async function ContentKindsPage(staff) {
  return (
    <StaffShell staff={staff} current="/staff/content" title={CONTENT_TEXT.title}>
      {capabilities().publishing ? (
        <>
          <p className={admin.muted}>{CONTENT_TEXT.intro}</p>
          <ul className={styles.list} data-testid="content-kinds">
            {(Object.values(CONTENT_KINDS) as ContentKind[]).map((kind) => (
              <li key={kind.key}>
                <Link href={`/staff/content/${kind.key}`}>{kind.title}</Link>
                <span className={admin.muted}>
                  {' '}
                  {kind.description} ({kind.page})
                </span>
              </li>
            ))}
          </ul>
          <h2>{CONTENT_TEXT.elsewhere}</h2>
          <ul className={styles.list}>
            {Object.entries(EDITED_ELSEWHERE).map(([key, href]) => (
              <li key={key}>
                <Link href={href}>{CONTENT_TEXT.elsewhereLabels[key as keyof typeof EDITED_ELSEWHERE]}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status">{PUBLISHING_OFF_MESSAGE}</p>
      )}
    </StaffShell>
  );
});
