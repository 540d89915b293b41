import { isPreviewing } from '@/lib/content';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import styles from './preview-notice.module.css';

/** On a page that shows content entries: in a staff preview (issue 40), says so and offers the way out. */
export async function PreviewNotice({ page }: { page: string }) {
  if (!(await isPreviewing())) return null;
  return (
    <p role="status" className={styles.notice} data-testid="preview-notice">
      {CONTENT_TEXT.previewOn}{' '}
      <a href={`/staff/preview/exit?to=${encodeURIComponent(page)}`}>{CONTENT_TEXT.previewExit}</a>
    </p>
  );
}
