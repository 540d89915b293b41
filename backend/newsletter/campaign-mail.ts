import { z } from 'zod';
import { campaignAtDelivery, campaignBody, campaignSubject } from '../campaigns/mail';
import { isSubscribed, newsletterUnsubscribeLinks } from './unsubscribe';
import { PermanentFailure } from '../outbox/drain';
import { mailLayout } from '../mail/html';
import { defineMailKind } from '../mail/kind';
import { why } from '../mail/parts';

/** The outbox kind of campaign mails: paced at NEWSLETTER_RATE_PER_MINUTE (its `pace` below). */
export const CAMPAIGN_MAIL_KIND = 'newsletterCampaign';

/**
 * Why a campaign mail was not sent: the address unsubscribed (or was never confirmed, or was
 * deleted on request) after it was queued. Campaign progress counts these as skipped, not failed.
 */
export const CAMPAIGN_SKIPPED_REASON = 'Not subscribed when the campaign mail was due (unsubscribed, unconfirmed or deleted)';

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
    const campaign = await campaignAtDelivery(db, payload.campaignId);
    return { recipient, subject: campaign.subject, body: campaign.body, test: payload.test === true };
  },
  render({ recipient, subject, body, test }, ctx) {
    const { siteUrl } = ctx.config;
    const links = newsletterUnsubscribeLinks(ctx.signer, siteUrl, recipient);
    const reason = why('newsletter', siteUrl, links.pageUrl);
    const content = campaignBody(body, siteUrl);
    return {
      subject: campaignSubject(subject, test),
      text: [content.text, '', '--', reason.text].join('\n'),
      html: mailLayout({ title: subject, body: content.html, footer: reason.html }),
      headers: links.headers,
    };
  },
});
