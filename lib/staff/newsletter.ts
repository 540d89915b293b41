import 'server-only';
import { call, isApiError } from '@/lib/backend';
import type { AdminCampaign, CampaignInput, CampaignResult } from '@/contract/api/campaigns';

/**
 * The staff area's calls about newsletter campaigns (issue 31), with the signed-in admin's token
 * (lib/backend sends it). Server-only: the newsletter pages and actions use these.
 */

export async function listCampaigns(): Promise<{ campaigns: AdminCampaign[]; audience: number }> {
  const result = await call('campaigns');
  return { campaigns: result.results, audience: result.audience };
}

/** undefined for an unknown id (the page's notFound()). */
export async function getCampaign(id: string): Promise<CampaignResult | undefined> {
  try {
    return await call('campaign', { params: { id } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}

export async function saveCampaign(id: string | undefined, input: CampaignInput): Promise<CampaignResult> {
  return id ? call('campaignUpdate', { params: { id }, body: input }) : call('campaignCreate', { body: input });
}

export async function sendCampaignTest(id: string): Promise<CampaignResult> {
  return call('campaignTest', { params: { id } });
}

export async function sendCampaign(id: string): Promise<CampaignResult> {
  return call('campaignSend', { params: { id } });
}
