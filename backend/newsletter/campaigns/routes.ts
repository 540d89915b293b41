import { CAMPAIGN_MESSAGES } from '@/contract/api/campaigns';
import { audienceCampaignRoutes } from '../../campaigns/routes';
import type { AppDeps } from '../../kernel/deps';
import { newsletterAudience } from './audience';

/** Newsletter campaigns (issue 31) under /api/admin/newsletter/campaigns/: the campaign machinery (backend/campaigns/) with the confirmed subscribers. */
export function campaignRoutes(deps: AppDeps) {
  return audienceCampaignRoutes(deps, newsletterAudience, CAMPAIGN_MESSAGES);
}
