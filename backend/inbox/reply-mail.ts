import { z } from 'zod';
import type { InboxKind } from '@/contract/api/inbox';
import { REPLY_QUOTE_CHARS, replyGreeting, startsWithGreeting } from '@/contract/api/inbox';
import { FESTIVAL_FULL_NAME } from '@/contract/festival';
import { entryById, findItem } from './queries';
import { escapeHtml, mailLayout, paragraph } from '../mail/html';
import { defineMailKind, gone } from '../mail/kind';
import { why } from '../mail/parts';

const SUBJECTS: Record<InboxKind, string> = {
  partnership: 'Your partnership proposal',
  volunteer: 'Your volunteer application',
  contact: 'Your message',
};
const REASONS = { partnership: 'partnership', volunteer: 'volunteer', contact: 'contact' } as const satisfies Record<InboxKind, string>;

const lagosDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' });

/** The start of what the person sent, on one paragraph's worth of characters, cut at a word. */
export function quoteOf(message: string): string {
  const text = message.trim();
  if (text.length <= REPLY_QUOTE_CHARS) return text;
  const cut = text.slice(0, REPLY_QUOTE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > REPLY_QUOTE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Plain text as HTML paragraphs: escaped, blank lines between paragraphs, single breaks kept. */
function textToHtml(text: string, style = ''): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px${style}">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A staff member's answer from the inbox (issue 31): their words as plain text (escaped in the
 * HTML part), signed with their name, and a short quote of what the person sent. It is composed
 * at delivery from the stored reply and its item: one deleted on request is never sent.
 */
export const inboxReplyMail = defineMailKind('inboxReply', {
  payload: z.object({ entryId: z.string().min(1) }),
  async load(db, { entryId }) {
    const entry = await entryById(db, entryId);
    if (!entry || entry.type !== 'reply') throw gone('The reply');
    const item = await findItem(db, entry.item_kind as InboxKind, entry.item_id);
    if (!item) throw gone('The inbox item');
    return { entry, item };
  },
  render({ entry, item }, ctx) {
    const kind = item.kind;
    const reason = why(REASONS[kind], ctx.config.siteUrl);
    const subject = `${SUBJECTS[kind]} to the ${FESTIVAL_FULL_NAME}`;
    const sentOn = lagosDay.format(new Date(item.createdAt));
    const quote = quoteOf(item.message);
    const signature = [entry.author_name, `${FESTIVAL_FULL_NAME} team`];
    // The greeting the reply form shows; a reply that already greets is not greeted twice.
    const greeting = startsWithGreeting(entry.body) ? undefined : replyGreeting(item.firstName);
    const text = [
      ...(greeting ? [greeting, ''] : []),
      entry.body,
      '',
      ...signature,
      '',
      ...(quote ? [`On ${sentOn} you wrote:`, ...quote.split('\n').map((l) => `> ${l}`), ''] : []),
      reason.text,
    ].join('\n');
    const html = mailLayout({
      title: subject,
      body:
        (greeting ? paragraph(escapeHtml(greeting)) : '') +
        textToHtml(entry.body) +
        paragraph(signature.map(escapeHtml).join('<br>')) +
        (quote
          ? `${paragraph(`On ${escapeHtml(sentOn)} you wrote:`)}<blockquote style="margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #d8ccb8;color:#5a4e45">${textToHtml(quote)}</blockquote>`
          : ''),
      footer: reason.html,
    });
    return { subject: `Re: ${subject}`, text, html };
  },
});
