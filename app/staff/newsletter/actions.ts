'use server';

import { campaignEditorActionFor, sendCampaignActionFor, sendTestActionFor } from '../_campaigns/actions';

/** The newsletter campaign pages' actions (issue 31): the campaign actions (app/staff/_campaigns/actions.ts) for the newsletter. */
export const campaignEditorAction = campaignEditorActionFor('newsletter');
export const sendTestAction = sendTestActionFor('newsletter');
export const sendCampaignAction = sendCampaignActionFor('newsletter');
