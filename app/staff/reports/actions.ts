'use server';

import { redirect } from 'next/navigation';
import { REPORT_ID_PATTERN, REPORT_MESSAGES, reportInputSchema } from '@/contract/api/reports';
import { errorsByPath, formDataToObject } from '@/contract/forms/form-state';
import { readTimeOf, renderReportMarkdown } from '@/contract/html/markdown';
import { isPublishingEnabled, PUBLISHING_OFF_MESSAGE } from '@/lib/staff/publishing';
import { isApiError } from '@/lib/backend';
import { editorErrorState, inFormOrder, revalidatePublicReports, saveReport, setReportStatus, takeImageUpload } from '@/lib/staff/reports';
import { requireStaff } from '@/lib/staff/session';
import type { ReportEditorState } from '@/components/staff/report-editor-state';

const INTENTS = ['preview', 'save', 'publish'] as const;
const REPORT_FIELDS = ['title', 'category', 'date', 'author', 'excerpt', 'tags', 'featured', 'body', 'image', 'imageAlt'] as const;
type Intent = (typeof INTENTS)[number];

/**
 * The report editor's one action: Preview (renders the Markdown on the same page, nothing saved),
 * Save draft / Save changes, and Publish (saves, then publishes). The session is checked here, not
 * only by the page. Whatever was typed comes back on any error; an image that passed the checks is
 * kept (its id echoed) so it need not be uploaded again.
 */
export async function reportEditorAction(previous: ReportEditorState, formData: FormData): Promise<ReportEditorState> {
  const idField = String(formData.get('id') ?? '');
  const id = REPORT_ID_PATTERN.test(idField) ? idField : undefined;
  await requireStaff(id ? `/staff/reports/${id}` : '/staff/reports/new');
  const values = formDataToObject(formData);
  delete values.image;
  delete values.intent;
  const seq = (previous.seq ?? 0) + 1;
  const fail = (errors: Record<string, string>, message?: string): ReportEditorState => ({ status: 'error', errors, values, message, seq });
  if (!isPublishingEnabled()) return fail({}, PUBLISHING_OFF_MESSAGE);

  const rawIntent = String(formData.get('intent') ?? 'save');
  const intent: Intent = (INTENTS as readonly string[]).includes(rawIntent) ? (rawIntent as Intent) : 'save';

  // The image first: once it passed the checks it is stored, and the form keeps its id.
  const imageError = await takeImageUpload(formData.get('image'), values);
  const parsed = reportInputSchema.safeParse(values);
  if (!parsed.success || imageError) return fail(inFormOrder(REPORT_FIELDS, parsed.success ? {} : errorsByPath(parsed.error), imageError));

  if (intent === 'preview') {
    const html = renderReportMarkdown(parsed.data.body);
    return { status: 'preview', errors: {}, values, data: { html, readTime: readTimeOf(html) }, seq };
  }

  let saved;
  try {
    saved = await saveReport(id, parsed.data);
    if (intent === 'publish' && saved.status !== 'published') saved = await setReportStatus(saved.id, 'publish');
  } catch (error) {
    if (isApiError(error) && error.status === 404) return fail({}, REPORT_MESSAGES.notFound);
    return { ...editorErrorState(error, values), seq };
  }
  if (saved.status === 'published') revalidatePublicReports(saved.slug);
  const done = intent === 'publish' ? 'published' : id ? 'updated' : 'saved';
  redirect(`/staff/reports/${saved.id}?done=${done}`);
}

/** Unpublish: the report leaves the site at once (its page answers 404) and becomes a draft again. */
export async function unpublishReportAction(formData: FormData): Promise<void> {
  const idField = String(formData.get('id') ?? '');
  const id = REPORT_ID_PATTERN.test(idField) ? idField : undefined;
  await requireStaff(id ? `/staff/reports/${id}` : '/staff/reports');
  if (!id || !isPublishingEnabled()) redirect('/staff/reports');
  let result;
  try {
    result = await setReportStatus(id, 'unpublish');
  } catch {
    redirect(`/staff/reports/${id}?done=failed`);
  }
  revalidatePublicReports(result.slug);
  redirect(`/staff/reports/${id}?done=unpublished`);
}
