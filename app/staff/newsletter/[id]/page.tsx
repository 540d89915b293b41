import type { Metadata } from 'next';
import { staffPage } from '@/lib/staff/action';
import { CampaignPage } from '../../_campaigns/campaign-page';
import { campaignEditorAction, sendCampaignAction, sendTestAction } from '../actions';

export const metadata: Metadata = { title: 'Newsletter campaign', robots: { index: false, follow: false } };

type Search = Promise<{ done?: string | string[]; confirm?: string | string[] }>;
type Props = { params: Promise<{ id: string }>; searchParams: Search };

/** One newsletter campaign (admins only, checked here and in every action): app/staff/_campaigns/campaign-page.tsx. */
export default staffPage({ role: 'admin', page: async ({ params }: Props) => `/staff/newsletter/${(await params).id}` }, async function NewsletterCampaignPage(staff, { params, searchParams }: Props) {
  return (
    <CampaignPage
      staff={staff}
      section="newsletter"
      id={(await params).id}
      search={await searchParams}
      actions={{ editor: campaignEditorAction, test: sendTestAction, send: sendCampaignAction }}
    />
  );
});
