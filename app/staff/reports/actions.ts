'use server';

import { redirect } from 'next/navigation';
import { REPORT_ID_PATTERN, REPORT_MESSAGES, reportInputSchema } from '@/contract/api/reports';
import { errorsByPath } from '@/contract/forms/form-state';
import { readTimeOf, renderReportMarkdown } from '@/contract/html/markdown';
import { capabilities, isApiError } from '@/lib/backend';
import { staffAction, staffRedirectAction, type Posted } from '@/lib/staff/action';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { editorErrorState, inFormOrder, revalidatePublicReports, saveReport, setReportStatus, takeImageUpload } from '@/lib/staff/reports';
import type { ReportEditorState } from '@/components/staff/report-editor-state';

const INTENTS = ['preview', 'save', 'publish'] as const;
const REPORT_FIELDS = ['title', 'category', 'date', 'author', 'excerpt', 'tags', 'featured', 'body', 'image', 'imageAlt'] as const;
type Intent = (typeof INTENTS)[number];

/** The report a form is for (hidden `id`), when it names one. */
const idOf = (posted: Posted): string | undefined => {
  const id = typeof posted.id === 'string' ? posted.id : '';
  return REPORT_ID_PATTERN.test(id) ? id : undefined;
};

/**
 * The report editor's one action: Preview (renders the Markdown on the same page, nothing saved),
 * Save draft / Save changes, and Publish (saves, then publishes). Staff only (the builder checks it
 * here, not only the page). Whatever was typed comes back on any error; an image that passed the
 * checks is kept (its id echoed) so it need not be uploaded again.
 */
export const reportEditorAction = staffAction({
  role: 'staff',
  page: (posted) => {
    const id = idOf(posted);
    return id ? `/staff/reports/${id}` : '/staff/reports/new';
  },
  values: (posted) => {
    const values = { ...posted };
    delete values.image;
    delete values.intent;
    return values;
  },
  unavailable: () => (capabilities().publishing ? undefined : PUBLISHING_OFF_MESSAGE),
  failure(error, { values }): ReportEditorState {
    if (isApiError(error) && error.status === 404) return { status: 'error', errors: {}, values, message: REPORT_MESSAGES.notFound };
    return editorErrorState(error, values);
  },
  async run({ posted, formData, values }): Promise<ReportEditorState> {
    const fail = (errors: Record<string, string>, message?: string): ReportEditorState => ({ status: 'error', errors, values, message });
    const rawIntent = typeof posted.intent === 'string' ? posted.intent : 'save';
    const intent: Intent = (INTENTS as readonly string[]).includes(rawIntent) ? (rawIntent as Intent) : 'save';

    // The image first: once it passed the checks it is stored, and the form keeps its id.
    const imageError = await takeImageUpload(formData.get('image'), values);
    const parsed = reportInputSchema.safeParse(values);
    if (!parsed.success || imageError) return fail(inFormOrder(REPORT_FIELDS, parsed.success ? {} : errorsByPath(parsed.error), imageError));

    if (intent === 'preview') {
      const html = renderReportMarkdown(parsed.data.body);
      return { status: 'preview', errors: {}, values, data: { html, readTime: readTimeOf(html) } };
    }

    const id = idOf(posted);
    let saved = await saveReport(id, parsed.data);
    if (intent === 'publish' && saved.status !== 'published') saved = await setReportStatus(saved.id, 'publish');
    if (saved.status === 'published') revalidatePublicReports(saved.slug);
    const done = intent === 'publish' ? 'published' : id ? 'updated' : 'saved';
    redirect(`/staff/reports/${saved.id}?done=${done}`);
  },
});

/** Unpublish: the report leaves the site at once (its page answers 404) and becomes a draft again. */
export const unpublishReportAction = staffRedirectAction({
  role: 'staff',
  page: (posted) => {
    const id = idOf(posted);
    return id ? `/staff/reports/${id}` : '/staff/reports';
  },
  async run({ posted }) {
    const id = idOf(posted);
    if (!id || !capabilities().publishing) redirect('/staff/reports');
    const result = await setReportStatus(id, 'unpublish');
    revalidatePublicReports(result.slug);
    redirect(`/staff/reports/${id}?done=unpublished`);
  },
  failure(_error, { posted }) {
    redirect(`/staff/reports/${idOf(posted)}?done=failed`);
  },
});
