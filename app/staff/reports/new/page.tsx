import type { Metadata } from 'next';
import { ReportEditor } from '@/components/staff/report-editor';
import { StaffShell } from '@/components/staff/staff-shell';
import { REPORT_CATEGORIES } from '@/contract/api/reports';
import { capabilities } from '@/lib/backend';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { staffPage } from '@/lib/staff/action';
import { reportEditorAction } from '../actions';

export const metadata: Metadata = { title: 'New report', robots: { index: false, follow: false } };

/** A new report, saved as a draft until published. Staff only (checked here and in the action). */
export default staffPage({ role: 'staff', page: '/staff/reports/new' }, async function NewReportPage(staff) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  return (
    <StaffShell staff={staff} current="/staff/reports" title="New report">
      {capabilities().publishing ? (
        <ReportEditor
          action={reportEditorAction}
          permalink="/staff/reports/new"
          published={false}
          initial={{ category: REPORT_CATEGORIES[0] ?? '', date: today, author: staff.name }}
        />
      ) : (
        <p role="status">{PUBLISHING_OFF_MESSAGE}</p>
      )}
    </StaffShell>
  );
});
