import { z } from 'zod';
import { FESTIVAL_FULL_NAME } from '@/contract/festival';
import { isSubscribed, newsletterUnsubscribeLinks } from './unsubscribe';
import { PermanentFailure } from '../outbox/drain';
import { button, escapeHtml, mailLayout, paragraph } from '../mail/html';
import { defineMailKind } from '../mail/kind';
import { why } from '../mail/parts';

/** The welcome to a new subscriber once confirmed (issue 31, double opt-in), with one-click unsubscribe links. */
export const newsletterWelcomeMail = defineMailKind('newsletterWelcome', {
  payload: z.object({}),
  async load(db, _payload, recipient) {
    // Unsubscribed (or deleted on request) before the welcome went out: it is not sent.
    if (!(await isSubscribed(db, recipient))) throw new PermanentFailure('No longer subscribed');
    return recipient;
  },
  render(recipient, ctx) {
    const { siteUrl } = ctx.config;
    const links = newsletterUnsubscribeLinks(ctx.signer, siteUrl, recipient);
    const reason = why('newsletter', siteUrl, links.pageUrl);
    const lines = [
      `Thank you for confirming your subscription to news of the ${FESTIVAL_FULL_NAME}.`,
      'About once a month we write with new event reports, podcast episodes, the programme as it takes shape, and registration when it opens.',
    ];
    return {
      subject: `Welcome to the ${FESTIVAL_FULL_NAME} newsletter`,
      text: ['Hello,', '', ...lines, '', `Read the latest reports: ${siteUrl}/highlights`, '', reason.text].join('\n'),
      html: mailLayout({
        title: 'Welcome to the newsletter',
        body: paragraph('Hello,') + lines.map((l) => paragraph(escapeHtml(l))).join('') + button(`${siteUrl}/highlights`, 'Read the latest reports'),
        footer: reason.html,
      }),
      headers: links.headers,
    };
  },
});
