import type { Metadata } from 'next';
import Link from 'next/link';
import { CampaignEditor } from '@/components/staff/newsletter/campaign-editor';
import { CampaignProgress } from '@/components/staff/newsletter/campaign-progress';
import newsletterStyles from '@/components/staff/newsletter/newsletter.module.css';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { formatLagos } from '@/lib/staff/messages';
import { listCampaigns } from '@/lib/staff/newsletter';
import { NEWSLETTER_TEXT } from '@/lib/staff/newsletter-messages';
import { capabilities } from '@/lib/backend';
import { staffPage } from '@/lib/staff/action';
import { requestLogger } from '@/lib/log';
import { campaignEditorAction } from './actions';

export const metadata: Metadata = { title: 'Newsletter', robots: { index: false, follow: false } };

const STATUS_STYLE = { draft: styles.draft, sending: newsletterStyles.sending, sent: newsletterStyles.sent } as const;

/** Admins only (checked here and in every action): the campaigns, newest first, and a new one. */
export default staffPage({ role: 'admin', page: '/staff/newsletter' }, async function NewsletterPage(staff) {
  if (!capabilities().campaigns) {
    return (
      <StaffShell staff={staff} current="/staff/newsletter" title={NEWSLETTER_TEXT.title}>
        <p role="status">{NEWSLETTER_TEXT.unavailable}</p>
      </StaffShell>
    );
  }
  let loaded: Awaited<ReturnType<typeof listCampaigns>> | undefined;
  try {
    loaded = await listCampaigns();
  } catch (error) {
    (await requestLogger('staff')).warn(error instanceof Error ? error.message : String(error));
  }
  return (
    <StaffShell staff={staff} current="/staff/newsletter" title={NEWSLETTER_TEXT.title} width="wide">
      {loaded ? (
        <>
          <p>{NEWSLETTER_TEXT.intro(loaded.audience)}</p>
          <CampaignEditor action={campaignEditorAction} permalink="/staff/newsletter" initial={{ id: '', subject: '', body: '' }} heading={NEWSLETTER_TEXT.newHeading} />
          <section aria-labelledby="campaigns-title">
            <h2 id="campaigns-title" className={newsletterStyles.heading}>{NEWSLETTER_TEXT.listHeading}</h2>
            {loaded.campaigns.length === 0 ? (
              <p>{NEWSLETTER_TEXT.none}</p>
            ) : (
              <ul className={styles.list} data-testid="campaign-list">
                {loaded.campaigns.map((c) => (
                  <li key={c.id} className={styles.item}>
                    <Link href={`/staff/newsletter/${c.id}`} prefetch={false}>
                      {c.subject}
                    </Link>
                    <p className={styles.itemMeta}>
                      <span className={`${styles.status} ${STATUS_STYLE[c.status]}`}>{NEWSLETTER_TEXT.statusLabel[c.status]}</span>{' '}
                      {c.sentAt ? formatLagos(c.sentAt) : c.sendingStartedAt ? formatLagos(c.sendingStartedAt) : formatLagos(c.createdAt)}
                    </p>
                    {c.status === 'draft' ? null : <CampaignProgress progress={c.progress} compact />}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : (
        <p role="alert">{NEWSLETTER_TEXT.loadFailed}</p>
      )}
    </StaffShell>
  );
});
