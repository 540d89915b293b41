import { z } from 'zod';
import { INBOX_KINDS, type InboxKind } from '@/contract/api/inbox';
import { escapeHtml, mailLayout, paragraph } from '../mail/html';
import { defineMailKind, gone } from '../mail/kind';
import { why } from '../mail/parts';
import { findItem, type ItemRecord } from './queries';

/** How many words of what they wrote the alert shows when the item has no subject of its own. */
const FIRST_WORDS = 8;

export const ALERT_KIND_WORDS: Record<InboxKind, { one: string; many: string }> = {
  partnership: { one: 'partnership proposal', many: 'partnership proposals' },
  volunteer: { one: 'volunteer application', many: 'volunteer applications' },
  contact: { one: 'contact message', many: 'contact messages' },
};

/** "2 partnership proposals and 1 contact message". */
export function countWords(items: ReadonlyArray<{ kind: InboxKind }>): string {
  const parts = INBOX_KINDS.flatMap((kind) => {
    const n = items.filter((i) => i.kind === kind).length;
    return n === 0 ? [] : [`${n} ${n === 1 ? ALERT_KIND_WORDS[kind].one : ALERT_KIND_WORDS[kind].many}`];
  });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** A few words to tell the item by: its subject (organisation, topic, availability), else the first words it says. */
export function aboutOf(item: Pick<ItemRecord, 'subject' | 'message'>): string {
  if (item.subject.trim()) return item.subject.trim();
  const words = item.message.trim().split(/\s+/).filter(Boolean);
  return words.length > FIRST_WORDS ? `${words.slice(0, FIRST_WORDS).join(' ')}…` : words.join(' ');
}

/**
 * The team's alert (issue 43): what arrived in the inbox since the last one, at most one every few
 * minutes (backend/inbox/alerts.ts). Little personal data: the kind, the sender's name, a few words
 * and the link to the staff page; no address, no phone, not the whole message. Composed at delivery
 * from the items as they are: an item deleted on request drops out, and a mail left with none is not sent.
 */
export const inboxAlertMail = defineMailKind('inboxAlert', {
  payload: z.object({ items: z.array(z.object({ kind: z.enum(INBOX_KINDS), id: z.string().min(1) })).min(1) }),
  async load(db, { items }) {
    const found = (await Promise.all(items.map((i) => findItem(db, i.kind, i.id)))).filter((i): i is ItemRecord => i !== undefined);
    if (found.length === 0) throw gone('Every item of the inbox alert');
    return found;
  },
  render(items, ctx) {
    const reason = why('inboxAlert', ctx.config.siteUrl);
    const counted = countWords(items);
    const subject = `New in the inbox: ${counted}`;
    const lines = items.map((item) => {
      const about = aboutOf(item);
      return { label: `${ALERT_KIND_WORDS[item.kind].one[0]!.toUpperCase()}${ALERT_KIND_WORDS[item.kind].one.slice(1)} from ${item.name}${about ? `: ${about}` : ''}`, href: `${ctx.config.siteUrl}/staff/inbox/${item.kind}/${encodeURIComponent(item.id)}` };
    });
    const text = [`New in the festival’s inbox since the last alert: ${counted}.`, '', ...lines.flatMap((l) => [`- ${l.label}`, `  ${l.href}`]), '', `The whole inbox: ${ctx.config.siteUrl}/staff/inbox`, '', reason.text].join('\n');
    const html = mailLayout({
      title: 'New in the inbox',
      body:
        paragraph(`New in the festival’s inbox since the last alert: ${escapeHtml(counted)}.`) +
        `<ul style="margin:0 0 16px;padding:0 0 0 20px">${lines.map((l) => `<li style="margin:0 0 8px"><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></li>`).join('')}</ul>` +
        paragraph(`<a href="${escapeHtml(`${ctx.config.siteUrl}/staff/inbox`)}">Open the inbox</a>`),
      footer: reason.html,
    });
    return { subject, text, html };
  },
});
