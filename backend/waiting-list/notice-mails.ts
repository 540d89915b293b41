import { wristbands } from '@/contract/festival';
import { z } from 'zod';
import { WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import type { Db } from '../db/schema';
import { PermanentFailure } from '../outbox/drain';
import { offerUrl } from './links';
import { button, escapeHtml, facts, mailLayout, paragraph } from '../mail/html';
import { defineMailKind, gone } from '../mail/kind';
import { acknowledgement, festivalFacts, why } from '../mail/parts';

/**
 * The waiting list's other mails (issue 43), each queued once by backend/waiting-list/service.ts:
 * told why you were passed over, a reminder before an offer lapses, a note when it lapsed or was
 * withdrawn, and a word when registration closed while you still waited. Each reads its entry at
 * delivery and sends nothing when what it would say is no longer true.
 */

const loadEntry = async (db: Db, entryId: string) => {
  const row = await db.selectFrom('waiting_list').selectAll().where('id', '=', entryId).executeTakeFirst();
  if (!row) throw gone('The waiting-list entry');
  return row;
};

/** The entry while it still waits, what the passed-over and registration-closed mails speak of; nothing once it moved on. */
const stillWaiting = {
  payload: z.object({ entryId: z.string().min(1) }),
  async load(db: Db, { entryId }: { entryId: string }) {
    const row = await loadEntry(db, entryId);
    if (row.status !== 'waiting') throw new PermanentFailure(`The entry is ${row.status}: no mail`);
    return row;
  },
};

/** Passed over: wristbands came free, fewer than asked for, and went to someone behind you whose request fits. Once per entry. */
export const waitingListSkippedMail = defineMailKind('waitingListSkipped', {
  ...stillWaiting,
  render: (row, ctx) => {
    const n = row.number_of_tickets;
    const { name } = festivalFacts(ctx.edition);
    return acknowledgement({
      firstName: row.name,
      subject: `About your place on the waiting list: ${name}`,
      title: 'You keep your place on the waiting list',
      lines: [
        `Some wristbands for ${name} came free, but fewer than the ${wristbands(n)} you asked for, so they went to the next person on the list whose request fits.`,
        `You keep your place: as soon as ${wristbands(n)} are free at once, they are offered to you before anyone who joined after you.`,
        'We tell you this once. Nothing to do until then.',
      ],
      reason: why('waitingList', ctx.config.siteUrl),
    });
  },
});

/** The offer's own reminder, OFFER_REMINDER_HOURS before it lapses: one per offer (`offer`: the entry's offers_made when it was made). */
export const waitingListOfferReminderMail = defineMailKind('waitingListOfferReminder', {
  payload: z.object({ entryId: z.string().min(1), offer: z.number().int().positive() }),
  async load(db, { entryId, offer }) {
    const row = await loadEntry(db, entryId);
    if (row.status !== 'offered' || row.offers_made !== offer || !row.offered_at || !row.offer_expires_at) {
      throw new PermanentFailure(`The offer is ${row.status}: no reminder`);
    }
    return { ...row, offered_at: row.offered_at, offer_expires_at: row.offer_expires_at };
  },
  render: (row, ctx) => {
    const n = row.number_of_tickets;
    const bands = wristbands(n);
    const { name } = festivalFacts(ctx.edition);
    const url = offerUrl(ctx.signer, ctx.config.siteUrl, row.id, row.offered_at);
    const until = WAITING_LIST_MESSAGES.offerUntil(row.offer_expires_at);
    const reason = why('waitingList', ctx.config.siteUrl);
    const text = [
      `Dear ${row.name},`,
      '',
      `A reminder: the ${bands} for ${name} held for you are yours only if you confirm by ${until}. After that they go to the next person on the waiting list.`,
      '',
      `Confirm your registration: ${url}`,
      '',
      'Cannot come after all? Do nothing: the places pass on by themselves.',
      '',
      reason.text,
    ].join('\n');
    const html = mailLayout({
      title: 'Your wristbands are still held for you',
      body:
        paragraph(`Dear ${escapeHtml(row.name)},`) +
        paragraph(`A reminder: the ${escapeHtml(bands)} for ${escapeHtml(name)} held for you are yours only if you confirm in time.`) +
        facts([
          ['Wristbands', bands],
          ['Confirm by', until],
        ]) +
        button(url, 'Confirm my registration') +
        paragraph(`Or copy this link: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`) +
        paragraph('Cannot come after all? Do nothing: the places pass on by themselves.'),
      footer: reason.html,
    });
    return { subject: `Reminder: your wristbands are held until ${until}`, text, html };
  },
});

/** After an offer ended untaken: it lapsed, or the organisers withdrew it. Once per offer (the status change that ends it is once). */
export const waitingListOfferEndedMail = defineMailKind('waitingListOfferEnded', {
  payload: z.object({ entryId: z.string().min(1), offer: z.number().int().positive(), ended: z.enum(['lapsed', 'withdrawn']) }),
  async load(db, { entryId, offer, ended }) {
    const row = await loadEntry(db, entryId);
    // Offered again since (by hand): this note would contradict the new offer.
    if (row.offers_made !== offer || row.status !== ended) throw new PermanentFailure(`The entry is ${row.status} (offer ${row.offers_made}): no note`);
    return { ...row, ended };
  },
  render: (row, ctx) => {
    const bands = wristbands(row.number_of_tickets);
    const { name } = festivalFacts(ctx.edition);
    const site = ctx.config.siteUrl;
    const lapsed = row.ended === 'lapsed';
    // An offer held until registration closed lapsed with it: there is no list to join again.
    const atClose = row.offer_expires_at !== null && Date.parse(row.offer_expires_at) >= Date.parse(ctx.edition.registrationClosesAt);
    return acknowledgement({
      firstName: row.name,
      subject: lapsed ? `Your waiting-list offer has lapsed: ${name}` : `Your waiting-list offer was withdrawn: ${name}`,
      title: lapsed ? 'Your offer has lapsed' : 'Your offer was withdrawn',
      lines: lapsed
        ? [
            `The ${bands} for ${name} held for you${row.offer_expires_at ? ` until ${WAITING_LIST_MESSAGES.offerUntil(row.offer_expires_at)}` : ''} were not taken in time, so they have gone to the next person on the waiting list. The link in our offer no longer works.`,
            atClose
              ? 'Registration has now closed, so no more places will be offered.'
              : `You are no longer on the waiting list. While the festival is fully booked and registration is open, you can join it again at ${site}/register (at the end of the list).`,
          ]
        : [
            `The festival’s organisers have withdrawn the offer of ${bands} for ${name} made to you, so the link in our offer no longer works.`,
            `You are no longer on the waiting list. If you think this is a mistake, write to us at ${site}/contact.`,
          ],
      reason: why('waitingList', site),
    });
  },
});

/** Registration closed while the entry still waited: one word, once per entry (the drain's housekeeping). */
export const waitingListClosedMail = defineMailKind('waitingListClosed', {
  ...stillWaiting,
  render: (row, ctx) => {
    const { name, dates } = festivalFacts(ctx.edition);
    return acknowledgement({
      firstName: row.name,
      subject: `Registration has closed: ${name}`,
      title: 'Registration has closed',
      lines: [
        `Registration for ${name} (${dates}) has closed, and no wristbands came free for you in time. We are sorry.`,
        'No more offers will be made from the waiting list, and there is nothing you need to do.',
        `News of the next festival is on ${ctx.config.siteUrl}.`,
      ],
      reason: why('waitingList', ctx.config.siteUrl),
    });
  },
});
