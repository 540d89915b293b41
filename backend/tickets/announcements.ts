import { sql } from 'kysely';
import { z } from 'zod';
import { CONTENT_KINDS } from '@/contract/content/kinds';
import { FESTIVAL_FULL_NAME } from '@/contract/festival';
import type { CampaignAudience } from '../campaigns/audience';
import { campaignAtDelivery, campaignBody, campaignSubject } from '../campaigns/mail';
import { listPublishedEntries } from '../content/entries';
import type { Db } from '../db/schema';
import { currentEdition } from '../edition/service';
import { button, escapeHtml, facts, mailLayout, paragraph } from '../mail/html';
import { defineMailKind, type MailKind } from '../mail/kind';
import { festivalFacts, why } from '../mail/parts';
import { PermanentFailure } from '../outbox/drain';
import { ticketUrl } from './links';

/**
 * Announcements to ticket holders (issue 43): the tickets' audience for the campaign machinery
 * (backend/campaigns/), and its mail. A holder is an address with a ticket for the edition that
 * was not given back (`cancelled_at` null); the waiting list and newsletter subscribers are not
 * holders. These are service messages about a visit: no newsletter consent needed, no unsubscribe
 * from a list, no promotion; every one says why it came and links to the holder's own tickets.
 */
export const TICKET_HOLDERS_AUDIENCE = 'ticket-holders';
export const TICKET_HOLDER_MAIL_KIND = 'ticketHolderAnnouncement';

/** Why a holder's announcement was not sent: the ticket was given back after it was queued. Counted as skipped. */
export const HOLDER_SKIPPED_REASON = 'No valid ticket for the edition when the announcement was due (given back)';

/** The edition's valid tickets, registered by `fixedAt` (null: now). */
function holders(db: Db, edition: string, fixedAt: string | null) {
  return db
    .selectFrom('registrations')
    .where('edition', '=', edition)
    .where('cancelled_at', 'is', null)
    .$if(fixedAt !== null, (qb) => qb.where('created_at', '<=', fixedAt!));
}

/** What the thank-you needs of the newsletter (newsletter/unsubscribe.ts isSubscribed), passed in by mail-kinds.ts. */
export interface NewsletterStatus {
  isSubscribed(db: Db, email: string): Promise<boolean>;
}

const payload = z.object({ campaignId: z.string().min(1).max(64), test: z.boolean().optional() });

/**
 * One announcement (or the reminder, or the thank-you) to one holder: the campaign's Markdown as
 * stored at delivery, then the holder's own ticket links (the signed links of the ticket mail).
 * The reminder adds the dates, the venue and the way there (the visit page's directions); the
 * thank-you adds the highlights and, for an address not confirmed on the newsletter, where to sign
 * up (the footer's form, which mails its confirmation link first: double opt-in). Checked at
 * delivery: an address whose tickets were given back since gets nothing. A test goes to the admin
 * who asked, with their own tickets if they hold any.
 */
export function ticketHolderMail(newsletter: NewsletterStatus) {
  return defineMailKind(TICKET_HOLDER_MAIL_KIND, {
    payload,
    pace: (config) => ({ max: config.newsletterRatePerMinute, windowMs: 60_000 }),
    async load(db, { campaignId, test }, recipient) {
      const campaign = await campaignAtDelivery(db, campaignId);
      // The edition fixed when sending started; a draft's test shows the admin's own valid tickets, if any.
      const tickets = await db
        .selectFrom('registrations')
        .select('ticket_reference')
        .where('email', '=', recipient)
        .where('cancelled_at', 'is', null)
        .$if(campaign.audience_key !== null, (qb) => qb.where('edition', '=', campaign.audience_key!))
        .orderBy('created_at')
        .execute();
      if (!test && tickets.length === 0) throw new PermanentFailure(HOLDER_SKIPPED_REASON);
      const directions = campaign.purpose === 'reminder' ? (await listPublishedEntries(db, CONTENT_KINDS.directions)).map((e) => e.data) : [];
      const subscribed = campaign.purpose === 'thanks' ? await newsletter.isSubscribed(db, recipient) : true;
      return { ...campaign, test: test === true, references: tickets.map((t) => t.ticket_reference), directions, subscribed };
    },
    render(m, ctx) {
      const { siteUrl } = ctx.config;
      const content = campaignBody(m.body, siteUrl);
      const links = m.references.map((ref) => ticketUrl(ctx.signer, siteUrl, ref));
      const ticketLines = links.length > 0 ? links : ['(each holder’s own ticket link appears here)'];
      const reason = why('ticketHolder', siteUrl, ticketLines.join(' '));
      const { dates, venue } = festivalFacts(ctx.edition);
      const text: string[] = [content.text, ''];
      let html = content.html;
      if (links.length > 0) {
        text.push(`Your ticket${links.length === 1 ? '' : 's'}:`, ...links, '');
        html += links.map((url, i) => button(url, links.length === 1 ? 'Open your ticket' : `Open ticket ${m.references[i]}`)).join('');
      }
      if (m.purpose === 'reminder') {
        const way = m.directions.map((d) => `${String(d.title ?? '')}: ${String(d.body ?? '')}`);
        text.push(`Dates: ${dates}`, `Venue: ${venue}`, '', 'How to get there:', ...way, `${siteUrl}/visit`, '');
        html +=
          facts([
            ['Dates', dates],
            ['Venue', venue],
          ]) +
          paragraph('<strong>How to get there</strong>') +
          m.directions.map((d) => paragraph(`<strong>${escapeHtml(String(d.title ?? ''))}</strong>: ${escapeHtml(String(d.body ?? ''))}`)).join('') +
          paragraph(`<a href="${escapeHtml(`${siteUrl}/visit`)}">The visit page: map, parking, what to bring</a>`);
      }
      if (m.purpose === 'thanks') {
        text.push(`Highlights of the festival: ${siteUrl}/highlights`);
        html += paragraph(`<a href="${escapeHtml(`${siteUrl}/highlights`)}">Highlights of the festival</a>`);
        if (!m.subscribed) {
          const signUp = `${siteUrl}/#newsletter`;
          const line = `To hear about the next ${FESTIVAL_FULL_NAME}, sign up to the newsletter: ${signUp} (we mail you a link to confirm first; nothing is sent until you do).`;
          text.push(line);
          html += paragraph(
            `To hear about the next ${escapeHtml(FESTIVAL_FULL_NAME)}, <a href="${escapeHtml(signUp)}">sign up to the newsletter</a> (we mail you a link to confirm first; nothing is sent until you do).`,
          );
        }
        text.push('');
      }
      text.push('--', reason.text);
      return { subject: campaignSubject(m.subject, m.test), text: text.join('\n'), html: mailLayout({ title: m.subject, body: html, footer: reason.html }) };
    },
  });
}

/** The ticket holders of the current edition, for the campaign machinery; `mail` is ticketHolderMail's kind (registered in mail-kinds.ts). */
export function ticketHolderAudience(mail: MailKind<typeof payload>): CampaignAudience {
  return {
    name: TICKET_HOLDERS_AUDIENCE,
    keyAt: async (db, config) => (await currentEdition(db, config)).key,
    // Registrations are stamped by the festival's clock (kernel/clock.ts), which fixes the audience too.
    clock: (config) => config.now(),
    async count(db, key, fixedAt) {
      const row = await holders(db, key ?? '', fixedAt).select(sql<number | string>`count(distinct email)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async page(db, key, fixedAt, after, limit) {
      const rows = await holders(db, key ?? '', fixedAt)
        .select('email')
        .distinct()
        .$if(after !== null, (qb) => qb.where('email', '>', after!))
        .orderBy('email')
        .limit(limit)
        .execute();
      return rows.map((r) => r.email);
    },
    mail: (email, p) => mail.entry(email, p),
    skippedReason: HOLDER_SKIPPED_REASON,
    words: { action: 'announcement', thing: 'Announcement', recipients: (n) => `${n} ticket holder${n === 1 ? '' : 's'}` },
  };
}
