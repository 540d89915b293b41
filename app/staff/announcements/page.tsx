import type { Metadata } from 'next';
import newsletterStyles from '@/components/staff/newsletter/newsletter.module.css';
import { HolderMailingForm } from '@/components/staff/newsletter/holder-mailing-form';
import type { HolderMailing } from '@/contract/api/campaigns';
import { formatLagos } from '@/lib/staff/messages';
import { listHolderMailings } from '@/lib/staff/newsletter';
import { HOLDER_MAILING_TEXT } from '@/lib/staff/newsletter-messages';
import { capabilities } from '@/lib/backend';
import { staffPage } from '@/lib/staff/action';
import { requestLogger } from '@/lib/log';
import { CampaignListPage } from '../_campaigns/list-page';
import { announcementEditorAction, holderMailingAction } from './actions';

export const metadata: Metadata = { title: 'Announcements', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ done?: string | string[] }> };

const statusOf = (m: HolderMailing) =>
  !m.enabled ? HOLDER_MAILING_TEXT.off : m.campaignId ? HOLDER_MAILING_TEXT.started : HOLDER_MAILING_TEXT.due[m.purpose](formatLagos(m.dueAt));

/**
 * Announcements to ticket holders (issue 43), admins only (checked here and in every action): a
 * new one, the reminder's and the thank-you's settings, and every announcement sent, newest first
 * (the reminder and the thank-you among them once started).
 */
export default staffPage({ role: 'admin', page: '/staff/announcements' }, async function AnnouncementsPage(staff, { searchParams }: Props) {
  let mailings: HolderMailing[] | undefined;
  if (capabilities().campaigns) {
    try {
      mailings = await listHolderMailings();
    } catch (error) {
      (await requestLogger('staff')).warn(error instanceof Error ? error.message : String(error));
    }
  }
  const done = (await searchParams).done;
  return (
    <CampaignListPage staff={staff} section="announcements" action={announcementEditorAction}>
      {mailings ? (
        <section aria-labelledby="holder-mailings-title" data-testid="holder-mailings">
          <h2 id="holder-mailings-title" className={newsletterStyles.heading}>{HOLDER_MAILING_TEXT.heading}</h2>
          <p>{HOLDER_MAILING_TEXT.intro}</p>
          {done === 'reminder' || done === 'thanks' ? <p role="status">{HOLDER_MAILING_TEXT.saved}</p> : null}
          {mailings.map((m) => (
            <HolderMailingForm key={m.purpose} action={holderMailingAction} mailing={m} status={statusOf(m)} />
          ))}
        </section>
      ) : null}
    </CampaignListPage>
  );
});
