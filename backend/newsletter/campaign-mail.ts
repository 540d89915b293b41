import { z } from 'zod';
import { renderReportMarkdown } from '@/contract/html/markdown';
import { absoluteUrl, markdownToText } from '@/contract/html/markdown-text';
import { isSubscribed, newsletterUnsubscribeLinks } from './unsubscribe';
import { PermanentFailure } from '../outbox/drain';
import { mailLayout } from '../mail/html';
import { defineMailKind, gone } from '../mail/kind';
import { why } from '../mail/parts';

/** The outbox kind of campaign mails: paced at NEWSLETTER_RATE_PER_MINUTE (its `pace` below). */
export const CAMPAIGN_MAIL_KIND = 'newsletterCampaign';

/**
 * Why a campaign mail was not sent: the address unsubscribed (or was never confirmed, or was
 * deleted on request) after it was queued. Campaign progress counts these as skipped, not failed.
 */
export const CAMPAIGN_SKIPPED_REASON = 'Not subscribed when the campaign mail was due (unsubscribed, unconfirmed or deleted)';

/** What marks a test send in its subject. */
export const TEST_SUBJECT_PREFIX = '[Test] ';

/** Relative addresses in the rendered body (this site's images, its pages) as absolute ones: a mail has no base. */
function absoluteLinks(html: string, siteUrl: string): string {
  return html.replace(/(\s(?:src|href)=")([^"]*)"/g, (_, start: string, url: string) => `${start}${absoluteUrl(url, siteUrl)}"`);
}

/**
 * One newsletter campaign to one address (backend/newsletter/campaigns/): the campaign as stored at delivery,
 * its Markdown through the reports' renderer and allow-list for the HTML part and as text for the
 * plain part, with the RFC 8058 one-click unsubscribe headers and the unsubscribe link at the foot.
 * Checked at delivery: an address that has unsubscribed since it was queued gets nothing. A test
 * (to the admin who asked) is not checked against the list and says so in its subject.
 */
export const newsletterCampaignMail = defineMailKind(CAMPAIGN_MAIL_KIND, {
  payload: z.object({ campaignId: z.string().min(1).max(64), test: z.boolean().optional() }),
  // Every instance together, as small SMTP plans allow; claimed after all other due mail.
  pace: (config) => ({ max: config.newsletterRatePerMinute, windowMs: 60_000 }),
  async load(db, payload, recipient) {
    if (!payload.test && !(await isSubscribed(db, recipient))) throw new PermanentFailure(CAMPAIGN_SKIPPED_REASON);
    const campaign = await db.selectFrom('newsletter_campaigns').select(['subject', 'body']).where('id', '=', payload.campaignId).executeTakeFirst();
    if (!campaign) throw gone('The campaign');
    return { recipient, subject: campaign.subject, body: campaign.body, test: payload.test === true };
  },
  render({ recipient, subject, body, test }, ctx) {
    const { siteUrl } = ctx.config;
    const links = newsletterUnsubscribeLinks(ctx.signer, siteUrl, recipient);
    const reason = why('newsletter', siteUrl, links.pageUrl);
    const fullSubject = `${test ? TEST_SUBJECT_PREFIX : ''}${subject}`;
    return {
      subject: fullSubject,
      text: [markdownToText(body, siteUrl), '', '--', reason.text].join('\n'),
      html: mailLayout({ title: subject, body: absoluteLinks(renderReportMarkdown(body), siteUrl), footer: reason.html }),
      headers: links.headers,
    };
  },
});
