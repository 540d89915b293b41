'use server';

import { redirect } from 'next/navigation';
import { CAMPAIGN_ID_PATTERN, CAMPAIGN_MESSAGES, campaignInputSchema } from '@/contract/api/campaigns';
import { errorsByPath, formDataToObject } from '@/contract/forms/form-state';
import { renderReportMarkdown } from '@/contract/html/markdown';
import { isApiError } from '@/lib/backend';
import { apiErrorState } from '@/lib/forms/api-error';
import { saveCampaign, sendCampaign, sendCampaignTest } from '@/lib/staff/newsletter';
import type { NewsletterDone } from '@/lib/staff/newsletter-messages';
import { isPublishingEnabled, PUBLISHING_OFF_MESSAGE } from '@/lib/staff/publishing';
import { requireAdmin } from '@/lib/staff/session';
import type { CampaignEditorState } from '@/components/staff/newsletter/campaign-editor-state';

const FIELDS = ['subject', 'body'] as const;

const idOf = (formData: FormData): string | undefined => {
  const id = String(formData.get('id') ?? '');
  return CAMPAIGN_ID_PATTERN.test(id) ? id : undefined;
};

const pageOf = (id: string | undefined) => (id ? `/staff/newsletter/${id}` : '/staff/newsletter');

/**
 * The campaign editor's one action (admins only, checked here as well as by the page): Preview
 * renders the Markdown with the reports' sanitiser on the same page, nothing saved; Save creates
 * or updates the draft. Whatever was typed comes back on any error.
 */
export async function campaignEditorAction(previous: CampaignEditorState, formData: FormData): Promise<CampaignEditorState> {
  const id = idOf(formData);
  await requireAdmin(pageOf(id));
  const raw = formDataToObject(formData);
  const values = { id: id ?? '', subject: String(raw.subject ?? ''), body: String(raw.body ?? '') };
  const seq = (previous.seq ?? 0) + 1;
  if (!isPublishingEnabled()) return { status: 'error', errors: {}, values, message: PUBLISHING_OFF_MESSAGE, seq };

  const parsed = campaignInputSchema.safeParse(values);
  if (!parsed.success) {
    const found = errorsByPath(parsed.error);
    const errors = Object.fromEntries(FIELDS.filter((f) => found[f]).map((f) => [f, found[f]!]));
    return { status: 'error', errors, values, seq };
  }
  if (formData.get('intent') === 'preview') return { status: 'preview', errors: {}, values, data: { html: renderReportMarkdown(parsed.data.body) }, seq };

  let savedId: string;
  try {
    savedId = (await saveCampaign(id, parsed.data)).campaignId;
  } catch (error) {
    if (isApiError(error) && error.status === 401) await requireAdmin(pageOf(id));
    if (isApiError(error) && error.status === 409) return { status: 'error', errors: {}, values, message: CAMPAIGN_MESSAGES.notDraft, seq };
    return { ...apiErrorState(error, { fallback: CAMPAIGN_MESSAGES.failed, values, fields: [...FIELDS], reads: (s) => s === 404 || s === 422, message: 'alone' }), seq };
  }
  redirect(`/staff/newsletter/${savedId}?done=${id ? 'saved' : 'created'}`);
}

/** "Send a test to me": one mail of the saved campaign to the signed-in admin (useActionState's shape: PermalinkForm). */
export async function sendTestAction(_previous: undefined, formData: FormData): Promise<undefined> {
  const id = idOf(formData);
  await requireAdmin(pageOf(id));
  if (!id || !isPublishingEnabled()) redirect('/staff/newsletter');
  let done: NewsletterDone = 'test';
  try {
    await sendCampaignTest(id);
  } catch {
    done = 'failed';
  }
  redirect(`/staff/newsletter/${id}?done=${done}`);
}

/** The confirmed "Send to N confirmed subscribers": once; a second press is told it was sent already. */
export async function sendCampaignAction(_previous: undefined, formData: FormData): Promise<undefined> {
  const id = idOf(formData);
  await requireAdmin(pageOf(id));
  if (!id || !isPublishingEnabled()) redirect('/staff/newsletter');
  let done: NewsletterDone = 'sending';
  try {
    await sendCampaign(id);
  } catch (error) {
    done = isApiError(error) && error.status === 409 ? 'already' : 'failed';
  }
  redirect(`/staff/newsletter/${id}?done=${done}`);
}
