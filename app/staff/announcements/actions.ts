'use server';

import { redirect } from 'next/navigation';
import { HOLDER_MAILING_PURPOSES, holderMailingInputSchema, type HolderMailingPurpose } from '@/contract/api/campaigns';
import { capabilities } from '@/lib/backend';
import { apiErrorState } from '@/lib/forms/api-error';
import { staffAction } from '@/lib/staff/action';
import { PUBLISHING_OFF_MESSAGE } from '@/lib/staff/messages';
import { saveHolderMailing } from '@/lib/staff/newsletter';
import { HOLDER_MAILING_TEXT } from '@/lib/staff/newsletter-messages';
import type { HolderMailingState } from '@/components/staff/newsletter/holder-mailing-form';
import { campaignEditorActionFor, sendCampaignActionFor, sendTestActionFor } from '../_campaigns/actions';

/** The announcement pages' actions (issue 43): the campaign actions (app/staff/_campaigns/actions.ts) for the ticket holders. */
export const announcementEditorAction = campaignEditorActionFor('announcements');
export const sendAnnouncementTestAction = sendTestActionFor('announcements');
export const sendAnnouncementAction = sendCampaignActionFor('announcements');

const FIELDS = ['enabled', 'daysBefore', 'subject', 'body'] as const;
const purposeOf = (value: unknown): HolderMailingPurpose => ((HOLDER_MAILING_PURPOSES as readonly unknown[]).includes(value) ? (value as HolderMailingPurpose) : 'reminder');

/** The reminder's or the thank-you's settings (hidden `purpose`): on or off, the days before, the subject and text. Audited by the API. */
export const holderMailingAction = staffAction({
  role: 'admin',
  page: '/staff/announcements',
  // The form's fields carry its purpose (two forms on one page): read back without it.
  values: (posted) => {
    const purpose = purposeOf(posted.purpose);
    const field = (name: string) => String(posted[`${purpose}-${name}`] ?? '');
    return { enabled: field('enabled') === 'on' ? 'on' : '', daysBefore: field('daysBefore'), subject: field('subject'), body: field('body') };
  },
  formId: (posted) => purposeOf(posted.purpose),
  unavailable: () => (capabilities().campaigns ? undefined : PUBLISHING_OFF_MESSAGE),
  schema: holderMailingInputSchema,
  fields: FIELDS,
  failure(error, { values }): HolderMailingState {
    return apiErrorState(error, { fallback: HOLDER_MAILING_TEXT.failed, values, fields: [...FIELDS], reads: (s) => s === 404 || s === 422, message: 'alone' });
  },
  async run({ input, posted }): Promise<HolderMailingState> {
    const purpose = purposeOf(posted.purpose);
    await saveHolderMailing(purpose, input);
    redirect(`/staff/announcements?done=${purpose}#${purpose}`);
  },
});
