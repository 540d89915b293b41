import Link from 'next/link';
import type { ReactNode } from 'react';
import { CampaignEditor, type CampaignEditorProps } from '@/components/staff/newsletter/campaign-editor';
import { CampaignProgress } from '@/components/staff/newsletter/campaign-progress';
import newsletterStyles from '@/components/staff/newsletter/newsletter.module.css';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { formatLagos } from '@/lib/staff/messages';
import { listCampaigns } from '@/lib/staff/newsletter';
import { CAMPAIGN_TEXT, HOLDER_MAILING_TEXT, type CampaignSectionKey } from '@/lib/staff/newsletter-messages';
import type { StaffUser } from '@/lib/staff/session';
import { capabilities } from '@/lib/backend';
import { requestLogger } from '@/lib/log';

const STATUS_STYLE = { draft: styles.draft, sending: newsletterStyles.sending, sent: newsletterStyles.sent } as const;

/**
 * A campaign section's page (admins only, checked by its route and in every action): the
 * campaigns, newest first, and a new one; the newsletter's (/staff/newsletter) and the
 * announcements' (/staff/announcements, with `children`: the reminder's and thank-you's settings).
 */
export async function CampaignListPage({
  staff,
  section,
  action,
  children,
}: {
  staff: StaffUser;
  section: CampaignSectionKey;
  action: CampaignEditorProps['action'];
  children?: ReactNode;
}) {
  const text = CAMPAIGN_TEXT[section];
  const base = `/staff/${section}`;
  if (!capabilities().campaigns) {
    return (
      <StaffShell staff={staff} current={base} title={text.title}>
        <p role="status">{text.unavailable}</p>
      </StaffShell>
    );
  }
  let loaded: Awaited<ReturnType<typeof listCampaigns>> | undefined;
  try {
    loaded = await listCampaigns(section);
  } catch (error) {
    (await requestLogger('staff')).warn(error instanceof Error ? error.message : String(error));
  }
  return (
    <StaffShell staff={staff} current={base} title={text.title} width="wide">
      {loaded ? (
        <>
          <p>{text.intro(loaded.audience)}</p>
          <CampaignEditor action={action} permalink={base} initial={{ id: '', subject: '', body: '' }} heading={text.newHeading} section={section} />
          {children}
          <section aria-labelledby="campaigns-title">
            <h2 id="campaigns-title" className={newsletterStyles.heading}>{text.listHeading}</h2>
            {loaded.campaigns.length === 0 ? (
              <p>{text.none}</p>
            ) : (
              <ul className={styles.list} data-testid="campaign-list">
                {loaded.campaigns.map((c) => (
                  <li key={c.id} className={styles.item}>
                    <Link href={`${base}/${c.id}`} prefetch={false}>
                      {c.subject}
                    </Link>
                    <p className={styles.itemMeta}>
                      <span className={`${styles.status} ${STATUS_STYLE[c.status]}`}>{text.statusLabel[c.status]}</span>{' '}
                      {c.purpose ? `${HOLDER_MAILING_TEXT.purposeLabel[c.purpose]} ` : null}
                      {c.sentAt ? formatLagos(c.sentAt) : c.sendingStartedAt ? formatLagos(c.sendingStartedAt) : formatLagos(c.createdAt)}
                    </p>
                    {c.status === 'draft' ? null : <CampaignProgress progress={c.progress} compact section={section} />}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : (
        <p role="alert">{text.loadFailed}</p>
      )}
    </StaffShell>
  );
}
