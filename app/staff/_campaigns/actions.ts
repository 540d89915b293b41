import { redirect } from 'next/navigation';
import { CAMPAIGN_ID_PATTERN, CAMPAIGN_MESSAGES, ANNOUNCEMENT_MESSAGES, announcementInputSchema, campaignInputSchema, type CampaignMessages } from '@/contract/api/campaigns';
import { renderReportMarkdown } from '@/contract/html/markdown';
import { capabilities, isApiError } from '@/lib/backend';
import { apiErrorState } from '@/lib/forms/api-error';
import { staffAction, staffRedirectAction, type Posted } from '@/lib/staff/action';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { saveCampaign, sendCampaign, sendCampaignTest } from '@/lib/staff/newsletter';
import type { CampaignSectionKey, NewsletterDone } from '@/lib/staff/newsletter-messages';
import type { CampaignEditorState } from '@/components/staff/newsletter/campaign-editor-state';

/**
 * The campaign pages' actions, made once for each section (a 'use server' module exports them:
 * app/staff/newsletter/actions.ts, app/staff/announcements/actions.ts): the newsletter's and the
 * announcements', the same steps with their own endpoints, schema and words.
 */
const SECTIONS = {
  newsletter: { base: '/staff/newsletter', schema: campaignInputSchema, messages: CAMPAIGN_MESSAGES as CampaignMessages },
  announcements: { base: '/staff/announcements', schema: announcementInputSchema, messages: ANNOUNCEMENT_MESSAGES as CampaignMessages },
} as const;

const FIELDS = ['subject', 'body'] as const;

/** The campaign a form is for (hidden `id`), when it names one. */
const idOf = (posted: Posted): string | undefined => {
  const id = typeof posted.id === 'string' ? posted.id : '';
  return CAMPAIGN_ID_PATTERN.test(id) ? id : undefined;
};

/** Where a sign-in returns to: the campaign's page, or the section's. */
const pageIn = (base: string) => (posted: Posted) => {
  const id = idOf(posted);
  return id ? `${base}/${id}` : base;
};

/**
 * The campaign editor's one action (admins only; the builder checks it here as well as the page):
 * Preview renders the Markdown with the reports' sanitiser on the same page, nothing saved; Save
 * creates or updates the draft. Whatever was typed comes back on any error.
 */
export function campaignEditorActionFor(section: CampaignSectionKey) {
  const { base, schema, messages } = SECTIONS[section];
  return staffAction({
    role: 'admin',
    page: pageIn(base),
    values: (posted) => ({ id: idOf(posted) ?? '', subject: String(posted.subject ?? ''), body: String(posted.body ?? '') }),
    unavailable: () => (capabilities().campaigns ? undefined : PUBLISHING_OFF_MESSAGE),
    schema,
    fields: FIELDS,
    failure(error, { values }): CampaignEditorState {
      if (isApiError(error) && error.status === 409) return { status: 'error', errors: {}, values, message: messages.notDraft };
      return apiErrorState(error, { fallback: messages.failed, values, fields: [...FIELDS], reads: (s) => s === 404 || s === 422, message: 'alone' });
    },
    async run({ input, posted, values }): Promise<CampaignEditorState> {
      if (posted.intent === 'preview') return { status: 'preview', errors: {}, values, data: { html: renderReportMarkdown(input.body) } };
      const id = idOf(posted);
      const saved = await saveCampaign(id, input, section);
      redirect(`${base}/${saved.campaignId}?done=${id ? 'saved' : 'created'}`);
    },
  });
}

/** "Send a test to me": one mail of the saved campaign to the signed-in admin (useActionState's shape: PermalinkForm). */
export function sendTestActionFor(section: CampaignSectionKey) {
  const { base } = SECTIONS[section];
  return staffRedirectAction({
    role: 'admin',
    page: pageIn(base),
    async run({ posted }) {
      const id = idOf(posted);
      if (!id || !capabilities().campaigns) redirect(base);
      await sendCampaignTest(id, section);
      redirect(`${base}/${id}?done=${'test' satisfies NewsletterDone}`);
    },
    failure(_error, { posted }) {
      redirect(`${base}/${idOf(posted)}?done=${'failed' satisfies NewsletterDone}`);
    },
  });
}

/** The confirmed "Send to N": once; a second press is told it was sent already. */
export function sendCampaignActionFor(section: CampaignSectionKey) {
  const { base } = SECTIONS[section];
  return staffRedirectAction({
    role: 'admin',
    page: pageIn(base),
    async run({ posted }) {
      const id = idOf(posted);
      if (!id || !capabilities().campaigns) redirect(base);
      await sendCampaign(id, section);
      redirect(`${base}/${id}?done=${'sending' satisfies NewsletterDone}`);
    },
    failure(error, { posted }) {
      const done: NewsletterDone = isApiError(error) && error.status === 409 ? 'already' : 'failed';
      redirect(`${base}/${idOf(posted)}?done=${done}`);
    },
  });
}
