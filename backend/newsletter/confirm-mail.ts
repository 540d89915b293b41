import { z } from 'zod';
import { FESTIVAL_FULL_NAME } from '@/contract/festival';
import { NEWSLETTER_CONFIRM_MESSAGES } from '@/contract/forms/messages';
import { confirmUrl, UNCONFIRMED_KEPT_DAYS } from './confirm';
import { PermanentFailure } from '../outbox/drain';
import { button, escapeHtml, mailLayout, paragraph } from '../mail/html';
import { defineMailKind, gone } from '../mail/kind';
import { why } from '../mail/parts';
import { emailKey } from '../kernel/email';

/**
 * Double opt-in (issue 31): the mail a newsletter sign-up gets, asking to confirm with a signed
 * link to the site's confirm page. The link is made at delivery from the sign-up as it is then.
 * Not a newsletter: no unsubscribe headers (ignoring it is how to say no).
 */
export const newsletterConfirmMail = defineMailKind('newsletterConfirm', {
  payload: z.object({}),
  async load(db, _payload, recipient) {
    const email = emailKey(recipient);
    const row = await db.selectFrom('newsletter_subscriptions').select(['created_at', 'confirmed_at']).where('email', '=', email).executeTakeFirst();
    if (!row) throw gone('The newsletter sign-up');
    // Confirmed before this mail went out (an earlier one's link): asking again would only confuse.
    if (row.confirmed_at !== null) throw new PermanentFailure('Already confirmed: no confirmation mail');
    return { email, signedUpAt: row.created_at };
  },
  render({ email, signedUpAt }, ctx) {
    const { siteUrl } = ctx.config;
    const url = confirmUrl(ctx.signer, siteUrl, email, signedUpAt);
    const reason = why('newsletterConfirm', siteUrl);
    const asked = `Someone, we hope you, asked for news of the ${FESTIVAL_FULL_NAME} to be sent to this address: about once a month, new event reports, podcast episodes, the programme as it takes shape, and registration when it opens.`;
    const ignore = `If it was not you, or you changed your mind, ignore this email: nothing happens, we send you nothing more, and we delete the address within ${UNCONFIRMED_KEPT_DAYS} days.`;
    return {
      subject: `Please confirm your subscription to the ${FESTIVAL_FULL_NAME} newsletter`,
      text: ['Hello,', '', asked, '', `To confirm, open this link and press the button "${NEWSLETTER_CONFIRM_MESSAGES.button}":`, url, '', ignore, '', reason.text].join('\n'),
      html: mailLayout({
        title: NEWSLETTER_CONFIRM_MESSAGES.title,
        body:
          paragraph('Hello,') +
          paragraph(escapeHtml(asked)) +
          button(url, NEWSLETTER_CONFIRM_MESSAGES.button) +
          paragraph(`Or copy this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`) +
          paragraph(escapeHtml(ignore)),
        footer: reason.html,
      }),
    };
  },
});
