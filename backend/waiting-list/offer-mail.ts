import { wristbands } from '@/contract/festival';
import { z } from 'zod';
import { WAITING_LIST_MESSAGES, type OfferReason } from '@/contract/api/waiting-list';
import { PermanentFailure } from '../outbox/drain';
import { offerUrl } from './links';
import { button, escapeHtml, facts, mailLayout, paragraph } from '../mail/html';
import { defineMailKind, gone } from '../mail/kind';
import { festivalFacts, why } from '../mail/parts';

/**
 * Why the places came free, in the offer's own words (issue 43): wristbands given back (a ticket
 * given back, an offer before this one not taken), more places opened by the organisers (the
 * capacity raised), or an offer the organisers made by hand.
 */
export function offerOpening(reason: OfferReason | null, bands: string, name: string, n: number): string {
  const held = `${bands} for ${name} ${n === 1 ? 'is' : 'are'} now held for you`;
  switch (reason) {
    case 'capacity':
      return `Good news: the festival’s organisers have opened more places, and ${held}.`;
    case 'staff':
      return `Good news: the festival’s organisers are offering you places from the waiting list, and ${held}.`;
    default:
      return `Good news: wristbands were given back, and ${held}.`;
  }
}

/** "Wristbands are free for you": the offer, why, its personal link and until when it holds. */
export const waitingListOfferMail = defineMailKind('waitingListOffer', {
  /** `offer`: the entry's offers_made when this offer was made (absent on entries queued before issue 43). */
  payload: z.object({ entryId: z.string().min(1), offer: z.number().int().positive().optional() }),
  async load(db, { entryId, offer }) {
    const row = await db.selectFrom('waiting_list').selectAll().where('id', '=', entryId).executeTakeFirst();
    if (!row) throw gone('The waiting-list entry');
    if (row.status !== 'offered' || !row.offered_at || !row.offer_expires_at || (offer !== undefined && row.offers_made !== offer)) {
      // Taken already, lapsed or withdrawn before the mail could go, or offered again since: it would only mislead.
      throw new PermanentFailure(`The offer is ${row.status}: no mail`);
    }
    return { ...row, offered_at: row.offered_at, offer_expires_at: row.offer_expires_at };
  },
  render: (row, ctx) => {
    const n = row.number_of_tickets;
    const bands = wristbands(n);
    const { name, dates, venue } = festivalFacts(ctx.edition);
    const url = offerUrl(ctx.signer, ctx.config.siteUrl, row.id, row.offered_at);
    const until = WAITING_LIST_MESSAGES.offerUntil(row.offer_expires_at);
    const reason = why('waitingList', ctx.config.siteUrl);
    const text = [
      `Dear ${row.name},`,
      '',
      offerOpening(row.offer_reason, bands, `${name} (${dates}, ${venue})`, n),
      `They are yours if you confirm by ${until}. After that they go to the next person on the waiting list.`,
      '',
      `Confirm your registration: ${url}`,
      '',
      'The link is personal: it works once, for you.',
      '',
      reason.text,
    ].join('\n');
    const html = mailLayout({
      title: 'Wristbands are free for you',
      body:
        paragraph(`Dear ${escapeHtml(row.name)},`) +
        paragraph(escapeHtml(offerOpening(row.offer_reason, bands, name, n))) +
        facts([
          ['Wristbands', bands],
          ['Dates', dates],
          ['Venue', venue],
          ['Confirm by', until],
        ]) +
        button(url, 'Confirm my registration') +
        paragraph(`Or copy this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`) +
        paragraph('After that time the wristbands go to the next person on the waiting list. The link is personal: it works once, for you.'),
      footer: reason.html,
    });
    return { subject: `Wristbands are free for you: confirm by ${until}`, text, html };
  },
});
