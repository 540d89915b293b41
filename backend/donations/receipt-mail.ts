import { z } from 'zod';
import { donationPolicyFallback } from '@/contract/fallbacks/donation-policy';
import { FESTIVAL_FULL_NAME, formatNaira } from '@/contract/festival';
import { lookup } from '@/contract/lookup';
import { readContentBlock } from '../content/entries';
import type { Db } from '../db/schema';
import { escapeHtml, facts, mailLayout, paragraph } from '../mail/html';
import { defineMailKind, rowById } from '../mail/kind';
import { why } from '../mail/parts';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/** The receipt and refund policy as the site shows it on /donations (the stored copy, else the built-in one). */
async function donationPolicy(db: Db) {
  return readContentBlock(db, 'donation-policy').catch(() => donationPolicyFallback);
}

const CHANNELS: Record<string, string> = {
  bank_transfer: 'Bank transfer',
  bank: 'Bank account',
  ussd: 'USSD',
  mobile_money: 'Mobile money',
  qr: 'QR code',
  eft: 'EFT',
};

/** How it was paid, in the donor's words: the card's brand and last four digits, or the channel. */
function paidWith(row: { channel: string | null; card_brand: string; card_last4: string }): string {
  if (row.card_last4) return `${row.card_brand ? row.card_brand[0]!.toUpperCase() + row.card_brand.slice(1) : 'Card'} ending ${row.card_last4}`;
  // The channel is Paystack's word: an own entry only (a channel named 'constructor' is no label).
  const channel = lookup(CHANNELS, row.channel);
  if (channel) return channel;
  return row.channel === 'card' ? 'Card' : 'Paystack';
}

/** The receipt of a donation, with the refund policy. */
export const donationReceiptMail = defineMailKind('donationReceipt', {
  payload: z.object({ donationId: z.string().min(1) }),
  async load(db, { donationId }) {
    const row = await rowById(db, 'donations', donationId, 'The donation');
    return { row, policy: await donationPolicy(db) };
  },
  render({ row, policy }, ctx) {
    const amount = formatNaira(row.amount_kobo / 100);
    const when = dateTime.format(new Date(row.paid_at ?? row.created_at));
    const card = paidWith(row);
    const reason = why('donation', ctx.config.siteUrl);
    const rows: Array<[string, string]> = [
      ['Amount', amount],
      ['Date', `${when} (Lagos time)`],
      ['Reference', row.gateway_reference],
      ['Paid with', card],
    ];
    return {
      subject: `Receipt for your donation of ${amount}`,
      text: [
        `Dear ${row.first_name},`,
        '',
        `Thank you for your donation to the ${FESTIVAL_FULL_NAME}. This is your receipt.`,
        '',
        ...rows.map(([k, v]) => `${k}: ${v}`),
        '',
        'Receipts and refunds',
        ...policy.refund,
        '',
        reason.text,
      ].join('\n'),
      html: mailLayout({
        title: 'Your donation receipt',
        body:
          paragraph(`Dear ${escapeHtml(row.first_name)},`) +
          paragraph(`Thank you for your donation to the ${escapeHtml(FESTIVAL_FULL_NAME)}. This is your receipt.`) +
          facts(rows) +
          paragraph('<strong>Receipts and refunds</strong>') +
          policy.refund.map((line) => paragraph(escapeHtml(line))).join(''),
        footer: reason.html,
      }),
    };
  },
});
