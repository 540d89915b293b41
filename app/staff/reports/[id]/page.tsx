import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ReportEditor } from '@/components/staff/report-editor';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { REPORT_ID_PATTERN, REPORT_MESSAGES, type AdminReport } from '@/contract/api/reports';
import { formatDate } from '@/contract/festival';
import { isKeyOf } from '@/contract/lookup';
import { capabilities } from '@/lib/backend';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { getReport } from '@/lib/staff/reports';
import { staffPage } from '@/lib/staff/action';
import { UnpublishForm } from '@/components/staff/unpublish-form';
import { reportEditorAction, unpublishReportAction } from '../actions';

export const metadata: Metadata = { title: 'Edit report', robots: { index: false, follow: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string | string[] }> };

const DONE = {
  saved: REPORT_MESSAGES.saved,
  updated: REPORT_MESSAGES.updated,
  published: REPORT_MESSAGES.published,
  unpublished: REPORT_MESSAGES.unpublished,
  failed: REPORT_MESSAGES.failed,
} as const;

function initialValues(r: AdminReport): Record<string, string> {
  return {
    id: r.id,
    title: r.title,
    category: r.category,
    date: r.date.slice(0, 10),
    author: r.author,
    excerpt: r.excerpt,
    tags: r.tags.join(', '),
    ...(r.featured ? { featured: 'on' } : {}),
    // Reports seeded as HTML have no Markdown: their HTML is valid Markdown, and goes through the same allow-list.
    body: r.body ?? r.content,
    imageId: r.imageId ?? '',
    imageUrl: r.imageId ? r.image : '',
    imageAlt: r.imageAlt,
  };
}

/** Edit one report; publish or unpublish it. Staff only (checked here and in each action). */
export default staffPage({ role: 'staff', page: async ({ params }: Props) => `/staff/reports/${(await params).id}` }, async function EditReportPage(staff, { params, searchParams }: Props) {
  const { id } = await params;
  if (!capabilities().publishing) {
    return (
      <StaffShell staff={staff} current="/staff/reports" title="Edit report">
        <p role="status">{PUBLISHING_OFF_MESSAGE}</p>
      </StaffShell>
    );
  }
  if (!REPORT_ID_PATTERN.test(id)) notFound();
  const report = await getReport(id);
  if (!report) notFound();
  const doneKey = (await searchParams).done;
  const done = isKeyOf(DONE, doneKey) ? doneKey : undefined;
  const published = report.status === 'published';
  const publicPath = `/highlights/${encodeURIComponent(report.slug)}`;
  return (
    <StaffShell staff={staff} current="/staff/reports" title="Edit report">
      {done ? (
        <p role="status" className={`${styles.flash} ${done === 'failed' ? styles.flashError : ''}`}>
          {DONE[done]}
        </p>
      ) : null}
      <div className={styles.aside}>
        <p>
          Status: <strong data-testid="report-status">{published ? 'Published' : 'Draft'}</strong>
          {report.publishedAt && published ? ` since ${formatDate(report.publishedAt)}` : ''}
        </p>
        <p>
          Address:{' '}
          {published ? (
            <Link href={publicPath} prefetch={false}>
              {publicPath}
            </Link>
          ) : (
            <code>{publicPath}</code>
          )}
          {report.publishedAt ? '' : ' (follows the title until first published)'}
        </p>
        {published ? (
          <UnpublishForm id={report.id} action={unpublishReportAction} />
        ) : null}
      </div>
      <ReportEditor action={reportEditorAction} permalink={`/staff/reports/${report.id}`} published={published} initial={initialValues(report)} />
      <p>
        <Link href="/staff/reports" prefetch={false}>
          Back to all reports
        </Link>
      </p>
    </StaffShell>
  );
});
