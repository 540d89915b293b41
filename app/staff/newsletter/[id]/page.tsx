import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CampaignEditor } from '@/components/staff/newsletter/campaign-editor';
import { CampaignProgress } from '@/components/staff/newsletter/campaign-progress';
import newsletterStyles from '@/components/staff/newsletter/newsletter.module.css';
import { PermalinkForm } from '@/components/staff/newsletter/permalink-form';
import { RefreshWhileSending } from '@/components/staff/newsletter/refresh-while-sending';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { CAMPAIGN_ID_PATTERN } from '@/contract/api/campaigns';
import { formatLagos } from '@/lib/staff/messages';
import { getCampaign } from '@/lib/staff/newsletter';
import { NEWSLETTER_TEXT, type NewsletterDone } from '@/lib/staff/newsletter-messages';
import { capabilities } from '@/lib/backend';
import { staffPage } from '@/lib/staff/action';
import { campaignEditorAction, sendCampaignAction, sendTestAction } from '../actions';

export const metadata: Metadata = { title: 'Newsletter campaign', robots: { index: false, follow: false } };

type Search = Promise<{ done?: string | string[]; confirm?: string | string[] }>;
type Props = { params: Promise<{ id: string }>; searchParams: Search };

const isDone = (value: unknown): value is NewsletterDone => typeof value === 'string' && Object.hasOwn(NEWSLETTER_TEXT.done, value);

/**
 * One campaign (admins only, checked here and in every action). A draft: edit, preview, send a
 * test, and "Send to N" with a confirmation step (?confirm=send, a plain GET form: no JavaScript
 * needed). Sending or sent: its figures (a reload shows the latest; with JavaScript they refresh)
 * and what was sent.
 */
export default staffPage({ role: 'admin', page: async ({ params }: Props) => `/staff/newsletter/${(await params).id}` }, async function CampaignPage(staff, { params, searchParams }: Props) {
  const { id } = await params;
  if (!capabilities().campaigns) {
    return (
      <StaffShell staff={staff} current="/staff/newsletter" title={NEWSLETTER_TEXT.editTitle}>
        <p role="status">{NEWSLETTER_TEXT.unavailable}</p>
      </StaffShell>
    );
  }
  if (!CAMPAIGN_ID_PATTERN.test(id)) notFound();
  const loaded = await getCampaign(id);
  if (!loaded) notFound();
  const { data: campaign, audience } = loaded;
  const search = await searchParams;
  const done = isDone(search.done) ? search.done : undefined;
  const confirming = search.confirm === 'send' && campaign.status === 'draft' && audience > 0;
  const draft = campaign.status === 'draft';

  return (
    <StaffShell staff={staff} current="/staff/newsletter" title={NEWSLETTER_TEXT.editTitle} width="wide">
      {done ? (
        <p role="status" className={`${styles.flash} ${done === 'failed' || done === 'already' || done === 'notDraft' ? styles.flashError : ''}`}>
          {NEWSLETTER_TEXT.done[done]}
        </p>
      ) : null}
      <div className={styles.aside}>
        <p>
          {NEWSLETTER_TEXT.statusPrefix} <strong data-testid="campaign-status">{NEWSLETTER_TEXT.statusLabel[campaign.status]}</strong>
        </p>
        <p>{NEWSLETTER_TEXT.created(campaign.createdBy, formatLagos(campaign.createdAt))}</p>
        {campaign.sendingStartedAt ? <p>{NEWSLETTER_TEXT.sentLine(campaign.sentBy ?? '', formatLagos(campaign.sendingStartedAt))}</p> : null}
        {campaign.sentAt ? <p>{NEWSLETTER_TEXT.finishedLine(formatLagos(campaign.sentAt))}</p> : null}
      </div>

      {confirming ? (
        <section className={`${newsletterStyles.panel} ${newsletterStyles.confirm}`} aria-labelledby="confirm-title" data-testid="campaign-confirm">
          <h2 id="confirm-title" className={newsletterStyles.heading}>{NEWSLETTER_TEXT.confirmHeading}</h2>
          <p>{NEWSLETTER_TEXT.confirmText(audience, campaign.subject)}</p>
          <PermalinkForm action={sendCampaignAction} permalink={`/staff/newsletter/${campaign.id}?confirm=send`} className={styles.actions}>
            <input type="hidden" name="id" value={campaign.id} />
            <button type="submit" className="btn btn--primary">
              {NEWSLETTER_TEXT.confirmYes(audience)}
            </button>
            <Link href={`/staff/newsletter/${campaign.id}`} prefetch={false} className="btn btn--secondary">
              {NEWSLETTER_TEXT.cancel}
            </Link>
          </PermalinkForm>
        </section>
      ) : null}

      {draft ? (
        <>
          <CampaignEditor
            action={campaignEditorAction}
            permalink={`/staff/newsletter/${campaign.id}`}
            initial={{ id: campaign.id, subject: campaign.subject, body: campaign.body }}
            heading={NEWSLETTER_TEXT.editHeading}
          />
          <section className={newsletterStyles.panel} aria-labelledby="send-title">
            <h2 id="send-title" className={newsletterStyles.heading}>{NEWSLETTER_TEXT.sendHeading}</h2>
            <PermalinkForm action={sendTestAction} permalink={`/staff/newsletter/${campaign.id}`} className={styles.actions}>
              <input type="hidden" name="id" value={campaign.id} />
              <button type="submit" className="btn btn--secondary" aria-describedby="send-test-hint">
                {NEWSLETTER_TEXT.sendTest}
              </button>
            </PermalinkForm>
            <p id="send-test-hint">{NEWSLETTER_TEXT.sendTestHint(staff.email)}</p>
            {audience > 0 ? (
              confirming ? null : (
                <form method="get" action={`/staff/newsletter/${campaign.id}`} className={styles.actions}>
                  <input type="hidden" name="confirm" value="send" />
                  <button type="submit" className="btn btn--primary">
                    {NEWSLETTER_TEXT.sendAll(audience)}
                  </button>
                </form>
              )
            ) : (
              <p>{NEWSLETTER_TEXT.nobody}</p>
            )}
          </section>
        </>
      ) : (
        <>
          <section className={newsletterStyles.panel} aria-labelledby="progress-title">
            <h2 id="progress-title" className={newsletterStyles.heading}>{NEWSLETTER_TEXT.progressHeading}</h2>
            <CampaignProgress progress={campaign.progress} />
            {campaign.status === 'sending' ? (
              <>
                <p>{NEWSLETTER_TEXT.progressRefreshNote}</p>
                <RefreshWhileSending />
              </>
            ) : null}
          </section>
          <section className={styles.preview} aria-labelledby="content-title">
            <h2 id="content-title" className={newsletterStyles.heading}>{NEWSLETTER_TEXT.contentHeading}</h2>
            <p className={styles.previewMeta}>
              <strong>{campaign.subject}</strong>
            </p>
            {/* Stored Markdown rendered by the API with the reports' sanitiser (contract/html/markdown.ts). */}
            <div className={styles.previewBody} dangerouslySetInnerHTML={{ __html: campaign.html }} />
          </section>
        </>
      )}
      <p>
        <Link href="/staff/newsletter" prefetch={false}>
          {NEWSLETTER_TEXT.back}
        </Link>
      </p>
    </StaffShell>
  );
});
