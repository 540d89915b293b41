'use server';

import { redirect } from 'next/navigation';
import { CAMPAIGN_ID_PATTERN, CAMPAIGN_MESSAGES, campaignInputSchema } from '@/contract/api/campaigns';
import { renderReportMarkdown } from '@/contract/html/markdown';
import { capabilities, isApiError } from '@/lib/backend';
import { apiErrorState } from '@/lib/forms/api-error';
import { staffAction, staffRedirectAction, type Posted } from '@/lib/staff/action';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { saveCampaign, sendCampaign, sendCampaignTest } from '@/lib/staff/newsletter';
import type { NewsletterDone } from '@/lib/staff/newsletter-messages';
import type { CampaignEditorState } from '@/components/staff/newsletter/campaign-editor-state';

const FIELDS = ['subject', 'body'] as const;

/** The campaign a form is for (hidden `id`), when it names one. */
const idOf = (posted: Posted): string | undefined => {
  const id = typeof posted.id === 'string' ? posted.id : '';
  return CAMPAIGN_ID_PATTERN.test(id) ? id : undefined;
};

const pageOf = (posted: Posted) => {
  const id = idOf(posted);
  return id ? `/staff/newsletter/${id}` : '/staff/newsletter';
};

/**
 * The campaign editor's one action (admins only; the builder checks it here as well as the page):
 * Preview renders the Markdown with the reports' sanitiser on the same page, nothing saved; Save
 * creates or updates the draft. Whatever was typed comes back on any error.
 */
export const campaignEditorAction = staffAction({
  role: 'admin',
  page: pageOf,
  values: (posted) => ({ id: idOf(posted) ?? '', subject: String(posted.subject ?? ''), body: String(posted.body ?? '') }),
  unavailable: () => (capabilities().campaigns ? undefined : PUBLISHING_OFF_MESSAGE),
  schema: campaignInputSchema,
  fields: FIELDS,
  failure(error, { values }): CampaignEditorState {
    if (isApiError(error) && error.status === 409) return { status: 'error', errors: {}, values, message: CAMPAIGN_MESSAGES.notDraft };
    return apiErrorState(error, { fallback: CAMPAIGN_MESSAGES.failed, values, fields: [...FIELDS], reads: (s) => s === 404 || s === 422, message: 'alone' });
  },
  async run({ input, posted, values }): Promise<CampaignEditorState> {
    if (posted.intent === 'preview') return { status: 'preview', errors: {}, values, data: { html: renderReportMarkdown(input.body) } };
    const id = idOf(posted);
    const saved = await saveCampaign(id, input);
    redirect(`/staff/newsletter/${saved.campaignId}?done=${id ? 'saved' : 'created'}`);
  },
});

/** "Send a test to me": one mail of the saved campaign to the signed-in admin (useActionState's shape: PermalinkForm). */
export const sendTestAction = staffRedirectAction({
  role: 'admin',
  page: pageOf,
  async run({ posted }) {
    const id = idOf(posted);
    if (!id || !capabilities().campaigns) redirect('/staff/newsletter');
    await sendCampaignTest(id);
    redirect(`/staff/newsletter/${id}?done=${'test' satisfies NewsletterDone}`);
  },
  failure(_error, { posted }) {
    redirect(`/staff/newsletter/${idOf(posted)}?done=${'failed' satisfies NewsletterDone}`);
  },
});

/** The confirmed "Send to N confirmed subscribers": once; a second press is told it was sent already. */
export const sendCampaignAction = staffRedirectAction({
  role: 'admin',
  page: pageOf,
  async run({ posted }) {
    const id = idOf(posted);
    if (!id || !capabilities().campaigns) redirect('/staff/newsletter');
    await sendCampaign(id);
    redirect(`/staff/newsletter/${id}?done=${'sending' satisfies NewsletterDone}`);
  },
  failure(error, { posted }) {
    const done: NewsletterDone = isApiError(error) && error.status === 409 ? 'already' : 'failed';
    redirect(`/staff/newsletter/${idOf(posted)}?done=${done}`);
  },
});
