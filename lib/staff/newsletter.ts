import 'server-only';
import { apiClient, isApiError } from '@/lib/backend';
import { campaignListResultSchema, campaignResultSchema, type AdminCampaign, type CampaignInput, type CampaignResult } from '@/contract/api/campaigns';

/**
 * The staff area's calls to /api/admin/newsletter/campaigns/ (issue 31), with the signed-in
 * admin's token (lib/backend sends it). Server-only: the newsletter pages and actions use these.
 */
const BASE = '/api/admin/newsletter/campaigns/';
const pathOf = (id: string, verb?: 'test' | 'send') => `${BASE}${encodeURIComponent(id)}/${verb ? `${verb}/` : ''}`;

export async function listCampaigns(): Promise<{ campaigns: AdminCampaign[]; audience: number }> {
  const result = await apiClient.get(BASE, { schema: campaignListResultSchema });
  return { campaigns: result.results, audience: result.audience };
}

/** undefined for an unknown id (the page's notFound()). */
export async function getCampaign(id: string): Promise<CampaignResult | undefined> {
  try {
    return await apiClient.get(pathOf(id), { schema: campaignResultSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}

export async function saveCampaign(id: string | undefined, input: CampaignInput): Promise<CampaignResult> {
  return apiClient.post(id ? pathOf(id) : BASE, input, { schema: campaignResultSchema });
}

export async function sendCampaignTest(id: string): Promise<CampaignResult> {
  return apiClient.post(pathOf(id, 'test'), {}, { schema: campaignResultSchema });
}

export async function sendCampaign(id: string): Promise<CampaignResult> {
  return apiClient.post(pathOf(id, 'send'), {}, { schema: campaignResultSchema });
}
