import type { Metadata } from 'next';
import { staffPage } from '@/lib/staff/action';
import { CampaignListPage } from '../_campaigns/list-page';
import { campaignEditorAction } from './actions';

export const metadata: Metadata = { title: 'Newsletter', robots: { index: false, follow: false } };

/** Admins only (checked here and in every action): the campaigns, newest first, and a new one. */
export default staffPage({ role: 'admin', page: '/staff/newsletter' }, async function NewsletterPage(staff) {
  return <CampaignListPage staff={staff} section="newsletter" action={campaignEditorAction} />;
});
