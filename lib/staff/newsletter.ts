import 'server-only';
import { call, isApiError } from '@/lib/backend';
import type { AdminCampaign, CampaignInput, CampaignResult, HolderMailing, HolderMailingInput, HolderMailingPurpose } from '@/contract/api/campaigns';
import type { CampaignSectionKey } from './newsletter-messages';

/**
 * The staff area's calls about campaigns, with the signed-in admin's token (lib/backend sends it):
 * the newsletter's (issue 31) and the announcements to ticket holders (issue 43), the same calls
 * on two sets of endpoints. Server-only: the campaign pages and actions use these.
 */
const ENDPOINTS = {
  newsletter: { list: 'campaigns', get: 'campaign', create: 'campaignCreate', update: 'campaignUpdate', test: 'campaignTest', send: 'campaignSend' },
  announcements: { list: 'announcements', get: 'announcement', create: 'announcementCreate', update: 'announcementUpdate', test: 'announcementTest', send: 'announcementSend' },
} as const;

export async function listCampaigns(section: CampaignSectionKey = 'newsletter'): Promise<{ campaigns: AdminCampaign[]; audience: number }> {
  const result = await call(ENDPOINTS[section].list);
  return { campaigns: result.results, audience: result.audience };
}

/** undefined for an unknown id (the page's notFound()). */
export async function getCampaign(id: string, section: CampaignSectionKey = 'newsletter'): Promise<CampaignResult | undefined> {
  try {
    return await call(ENDPOINTS[section].get, { params: { id } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}

export async function saveCampaign(id: string | undefined, input: CampaignInput, section: CampaignSectionKey = 'newsletter'): Promise<CampaignResult> {
  return id ? call(ENDPOINTS[section].update, { params: { id }, body: input }) : call(ENDPOINTS[section].create, { body: input });
}

export async function sendCampaignTest(id: string, section: CampaignSectionKey = 'newsletter'): Promise<CampaignResult> {
  return call(ENDPOINTS[section].test, { params: { id } });
}

export async function sendCampaign(id: string, section: CampaignSectionKey = 'newsletter'): Promise<CampaignResult> {
  return call(ENDPOINTS[section].send, { params: { id } });
}

/** The reminder's and the thank-you's settings (issue 43). */
export async function listHolderMailings(): Promise<HolderMailing[]> {
  return (await call('holderMailings')).results;
}

export async function saveHolderMailing(purpose: HolderMailingPurpose, input: HolderMailingInput): Promise<HolderMailing[]> {
  return (await call('holderMailingUpdate', { params: { purpose }, body: input })).results;
}
