import type { Metadata } from 'next';
import { staffPage } from '@/lib/staff/action';
import { CampaignPage } from '../../_campaigns/campaign-page';
import { announcementEditorAction, sendAnnouncementAction, sendAnnouncementTestAction } from '../actions';

export const metadata: Metadata = { title: 'Announcement to ticket holders', robots: { index: false, follow: false } };

type Search = Promise<{ done?: string | string[]; confirm?: string | string[] }>;
type Props = { params: Promise<{ id: string }>; searchParams: Search };

/** One announcement to ticket holders (admins only, checked here and in every action): app/staff/_campaigns/campaign-page.tsx. */
export default staffPage({ role: 'admin', page: async ({ params }: Props) => `/staff/announcements/${(await params).id}` }, async function AnnouncementPage(staff, { params, searchParams }: Props) {
  return (
    <CampaignPage
      staff={staff}
      section="announcements"
      id={(await params).id}
      search={await searchParams}
      actions={{ editor: announcementEditorAction, test: sendAnnouncementTestAction, send: sendAnnouncementAction }}
    />
  );
});
