import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CampaignEditor, type CampaignEditorProps } from '@/components/staff/newsletter/campaign-editor';
import { CampaignProgress } from '@/components/staff/newsletter/campaign-progress';
import newsletterStyles from '@/components/staff/newsletter/newsletter.module.css';
import { PermalinkForm } from '@/components/staff/newsletter/permalink-form';
import { RefreshWhileSending } from '@/components/staff/newsletter/refresh-while-sending';
import styles from '@/components/staff/editor.module.css';
import { StaffShell } from '@/components/staff/staff-shell';
import { CAMPAIGN_ID_PATTERN } from '@/contract/api/campaigns';
import { formatLagos } from '@/lib/staff/messages';
import { getCampaign } from '@/lib/staff/newsletter';
import { CAMPAIGN_TEXT, HOLDER_MAILING_TEXT, type CampaignSectionKey, type NewsletterDone } from '@/lib/staff/newsletter-messages';
import type { StaffUser } from '@/lib/staff/session';
import { capabilities } from '@/lib/backend';

type RedirectAction = (state: undefined, formData: FormData) => Promise<undefined>;

const isDone = (value: unknown): value is NewsletterDone => typeof value === 'string' && Object.hasOwn(CAMPAIGN_TEXT.newsletter.done, value);

/**
 * One campaign of a section (admins only, checked by its route and in every action). A draft:
 * edit, preview, send a test, and "Send to N" with a confirmation step (?confirm=send, a plain GET
 * form: no JavaScript needed). Sending or sent: its figures (a reload shows the latest; with
 * JavaScript they refresh) and what was sent.
 */
export async function CampaignPage({
  staff,
  section,
  id,
  search,
  actions,
}: {
  staff: StaffUser;
  section: CampaignSectionKey;
  id: string;
  search: { done?: string | string[]; confirm?: string | string[] };
  actions: { editor: CampaignEditorProps['action']; test: RedirectAction; send: RedirectAction };
}) {
  const text = CAMPAIGN_TEXT[section];
  const base = `/staff/${section}`;
  if (!capabilities().campaigns) {
    return (
      <StaffShell staff={staff} current={base} title={text.editTitle}>
        <p role="status">{text.unavailable}</p>
      </StaffShell>
    );
  }
  if (!CAMPAIGN_ID_PATTERN.test(id)) notFound();
  const loaded = await getCampaign(id, section);
  if (!loaded) notFound();
  const { data: campaign, audience } = loaded;
  const done = isDone(search.done) ? search.done : undefined;
  const confirming = search.confirm === 'send' && campaign.status === 'draft' && audience > 0;
  const draft = campaign.status === 'draft';

  return (
    <StaffShell staff={staff} current={base} title={text.editTitle} width="wide">
      {done ? (
        <p role="status" className={`${styles.flash} ${done === 'failed' || done === 'already' || done === 'notDraft' ? styles.flashError : ''}`}>
          {text.done[done]}
        </p>
      ) : null}
      <div className={styles.aside}>
        <p>
          {text.statusPrefix} <strong data-testid="campaign-status">{text.statusLabel[campaign.status]}</strong>
        </p>
        {campaign.purpose ? (
          <p>
            {HOLDER_MAILING_TEXT.purposeLabel[campaign.purpose]}, {formatLagos(campaign.createdAt)}
          </p>
        ) : (
          <p>{text.created(campaign.createdBy, formatLagos(campaign.createdAt))}</p>
        )}
        {campaign.sendingStartedAt && !campaign.purpose ? <p>{text.sentLine(campaign.sentBy ?? '', formatLagos(campaign.sendingStartedAt))}</p> : null}
        {campaign.sentAt ? <p>{text.finishedLine(formatLagos(campaign.sentAt))}</p> : null}
      </div>

      {confirming ? (
        <section className={`${newsletterStyles.panel} ${newsletterStyles.confirm}`} aria-labelledby="confirm-title" data-testid="campaign-confirm">
          <h2 id="confirm-title" className={newsletterStyles.heading}>{text.confirmHeading}</h2>
          <p>{text.confirmText(audience, campaign.subject)}</p>
          <PermalinkForm action={actions.send} permalink={`${base}/${campaign.id}?confirm=send`} className={styles.actions}>
            <input type="hidden" name="id" value={campaign.id} />
            <button type="submit" className="btn btn--primary">
              {text.confirmYes(audience)}
            </button>
            <Link href={`${base}/${campaign.id}`} prefetch={false} className="btn btn--secondary">
              {text.cancel}
            </Link>
          </PermalinkForm>
        </section>
      ) : null}

      {draft ? (
        <>
          <CampaignEditor
            action={actions.editor}
            permalink={`${base}/${campaign.id}`}
            initial={{ id: campaign.id, subject: campaign.subject, body: campaign.body }}
            heading={text.editHeading}
            section={section}
          />
          <section className={newsletterStyles.panel} aria-labelledby="send-title">
            <h2 id="send-title" className={newsletterStyles.heading}>{text.sendHeading}</h2>
            <PermalinkForm action={actions.test} permalink={`${base}/${campaign.id}`} className={styles.actions}>
              <input type="hidden" name="id" value={campaign.id} />
              <button type="submit" className="btn btn--secondary" aria-describedby="send-test-hint">
                {text.sendTest}
              </button>
            </PermalinkForm>
            <p id="send-test-hint">{text.sendTestHint(staff.email)}</p>
            {audience > 0 ? (
              confirming ? null : (
                <form method="get" action={`${base}/${campaign.id}`} className={styles.actions}>
                  <input type="hidden" name="confirm" value="send" />
                  <button type="submit" className="btn btn--primary">
                    {text.sendAll(audience)}
                  </button>
                </form>
              )
            ) : (
              <p>{text.nobody}</p>
            )}
          </section>
        </>
      ) : (
        <>
          <section className={newsletterStyles.panel} aria-labelledby="progress-title">
            <h2 id="progress-title" className={newsletterStyles.heading}>{text.progressHeading}</h2>
            <CampaignProgress progress={campaign.progress} section={section} />
            {campaign.status === 'sending' ? (
              <>
                <p>{text.progressRefreshNote}</p>
                <RefreshWhileSending />
              </>
            ) : null}
          </section>
          <section className={styles.preview} aria-labelledby="content-title">
            <h2 id="content-title" className={newsletterStyles.heading}>{text.contentHeading}</h2>
            <p className={styles.previewMeta}>
              <strong>{campaign.subject}</strong>
            </p>
            {/* Stored Markdown rendered by the API with the reports' sanitiser (contract/html/markdown.ts). */}
            <div className={styles.previewBody} dangerouslySetInnerHTML={{ __html: campaign.html }} />
          </section>
        </>
      )}
      <p>
        <Link href={base} prefetch={false}>
          {text.back}
        </Link>
      </p>
    </StaffShell>
  );
}
