import type { Db } from '../db/schema';
import type { Signer } from '../kernel/signing';
import { emailKey } from '../kernel/email';

/**
 * Newsletter unsubscribe links (issue 16, RFC 8058). Every newsletter mail carries:
 * - in its body, the page link (newsletterUnsubscribeUrl): /newsletter/unsubscribe?email=…&t=…,
 *   a page whose button unsubscribes, with or without JavaScript;
 * - in its headers (listUnsubscribeHeaders), the one-click link: a POST with the body
 *   `List-Unsubscribe=One-Click` to /api/newsletter/unsubscribe?email=…&t=… unsubscribes at once;
 *   a GET there is sent on to the page (a click must never unsubscribe by itself: link scanners).
 * The token is the signer's HMAC of the lower-cased address under the purpose 'unsubscribe', so a
 * forged or edited link is refused and a ticket token never works here.
 */
export const UNSUBSCRIBE_PAGE_PATH = '/newsletter/unsubscribe';
/** No trailing slash: Next answers '/api/…/' with a 308 to the address without it, and a mail
 * provider's one-click POST must land without following a redirect. */
const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

export function unsubscribeToken(signer: Signer, email: string): string {
  return signer.sign('unsubscribe', emailKey(email));
}

export function verifyUnsubscribeToken(signer: Signer, email: string, token: string | undefined | null): boolean {
  return signer.verify('unsubscribe', emailKey(email), token);
}

function linkTo(path: string, signer: Signer, siteUrl: string, email: string): string {
  const url = new URL(path, `${siteUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('email', emailKey(email));
  url.searchParams.set('t', unsubscribeToken(signer, email));
  return url.toString();
}

/** The link for a newsletter's body: the confirm page. */
function newsletterUnsubscribeUrl(signer: Signer, siteUrl: string, email: string): string {
  return linkTo(UNSUBSCRIBE_PAGE_PATH, signer, siteUrl, email);
}

/** The RFC 8058 one-click URL (POST unsubscribes; GET is sent on to the page). */
function oneClickUnsubscribeUrl(signer: Signer, siteUrl: string, email: string): string {
  return linkTo(ONE_CLICK_UNSUBSCRIBE_PATH, signer, siteUrl, email);
}

/** The headers every newsletter mail carries (RFC 2369 and RFC 8058), for the one-click URL. */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Both links and the headers for one recipient: what a newsletter mail builder needs. */
export function newsletterUnsubscribeLinks(signer: Signer, siteUrl: string, email: string) {
  const oneClickUrl = oneClickUnsubscribeUrl(signer, siteUrl, email);
  return { pageUrl: newsletterUnsubscribeUrl(signer, siteUrl, email), oneClickUrl, headers: listUnsubscribeHeaders(oneClickUrl) };
}

/**
 * Records the unsubscribe (the first time only). An address that was never subscribed changes
 * nothing; the caller answers the same either way, so nobody learns who subscribes.
 */
export async function unsubscribeNewsletter(db: Db, email: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscriptions')
    .set({ unsubscribed_at: now })
    .where('email', '=', emailKey(email))
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether a newsletter may be sent to this address now (confirmed and not unsubscribed). */
export async function isSubscribed(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select(['unsubscribed_at', 'confirmed_at'])
    .where('email', '=', emailKey(email))
    .executeTakeFirst();
  return row !== undefined && row.unsubscribed_at === null && row.confirmed_at !== null;
}
