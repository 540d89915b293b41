import { NEWSLETTER_UNCONFIRMED_DAYS } from '@/contract/forms/newsletter-messages';
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { Signer } from '../kernel/signing';
import { emailKey } from '../kernel/email';

/**
 * Double opt-in (issue 31). A sign-up is stored unconfirmed (`confirmed_at` null) and mailed a
 * link to the site's page /newsletter/confirm?email=…&t=…, whose button (a POST: a GET never
 * confirms, mail link scanners open links) records `confirmed_at`, the consent record (NDPA 2023).
 *
 * The token is the signer's HMAC, under its own purpose 'newsletter-confirm' (an unsubscribe or
 * ticket token never confirms), of the address AND the sign-up's time (`created_at`): a sign-up
 * that is forgotten after UNCONFIRMED_KEPT_DAYS, or renewed after an unsubscribe, invalidates the
 * links mailed for it, so an old confirmation mail never stands for a new consent.
 */
export const CONFIRM_PAGE_PATH = '/newsletter/confirm';

/** Unconfirmed sign-ups are deleted this long after they signed up (housekeeping, backend/start.ts). */
export const UNCONFIRMED_KEPT_DAYS = NEWSLETTER_UNCONFIRMED_DAYS;
const DAY_MS = 24 * 60 * 60_000;

const signedValue = (email: string, signedUpAt: string) => `${emailKey(email)}\n${signedUpAt}`;

export function confirmToken(signer: Signer, email: string, signedUpAt: string): string {
  return signer.sign('newsletter-confirm', signedValue(email, signedUpAt));
}

/** The link a confirmation mail carries: the site's confirm page (never the API: its button posts). */
export function confirmUrl(signer: Signer, siteUrl: string, email: string, signedUpAt: string): string {
  const url = new URL(CONFIRM_PAGE_PATH, `${siteUrl.replace(/\/+$/, '')}/`);
  url.searchParams.set('email', emailKey(email));
  url.searchParams.set('t', confirmToken(signer, email, signedUpAt));
  return url.toString();
}

export type ConfirmOutcome =
  /** Confirmed now (`first`) or earlier; `confirmedAt` is the consent time, never moved. */
  | { kind: 'confirmed'; confirmedAt: string; first: boolean }
  /** The token is not this sign-up's: forged, edited, another purpose's, or the sign-up is gone. */
  | { kind: 'forged' }
  /** The address confirmed, then unsubscribed: only a new sign-up (and its own link) subscribes it again. */
  | { kind: 'unsubscribed' };

/**
 * Checks the token against the address's current sign-up and records the consent the first time.
 * `onFirst` runs in the same transaction as the update (the welcome mail goes in with it). The
 * UPDATE comes first in the transaction, conditional on `confirmed_at is null`: on SQLite it takes
 * the write lock at once, on PostgreSQL the row lock, so two clicks at once confirm once.
 */
export async function confirmSubscription(
  db: Db,
  signer: Signer,
  email: string,
  token: string | undefined,
  now: string,
  onFirst: (trx: Db, email: string) => Promise<void> = async () => undefined,
): Promise<ConfirmOutcome> {
  const address = emailKey(email);
  const read = () =>
    db.selectFrom('newsletter_subscriptions').select(['id', 'created_at', 'confirmed_at', 'unsubscribed_at']).where('email', '=', address).executeTakeFirst();
  const row = await read();
  // Verified even with no row (against nothing that can match): the same work either way.
  const valid = signer.verify('newsletter-confirm', signedValue(address, row?.created_at ?? ''), token);
  if (!row || !valid) return { kind: 'forged' };

  const first = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('newsletter_subscriptions')
      // Confirming ends an earlier unsubscribe too: the new sign-up's link is the new consent.
      .set({ confirmed_at: now, unsubscribed_at: null })
      .where('id', '=', row.id)
      .where('created_at', '=', row.created_at)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await onFirst(trx, address);
    return true;
  });
  if (first) return { kind: 'confirmed', confirmedAt: now, first: true };

  const after = await read();
  // Renewed or forgotten meanwhile: this link is not the sign-up's any more.
  if (!after || after.created_at !== row.created_at || after.confirmed_at === null) return { kind: 'forged' };
  if (after.unsubscribed_at !== null) return { kind: 'unsubscribed' };
  return { kind: 'confirmed', confirmedAt: after.confirmed_at, first: false };
}

/**
 * Forgets sign-ups never confirmed within UNCONFIRMED_KEPT_DAYS of signing up: the row, and the
 * confirmation mails queued for it (the outbox keeps sent entries with their address). Confirmed
 * addresses, unsubscribed or not, are not touched. Answers how many sign-ups were deleted.
 */
export async function forgetUnconfirmedSignUps(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_KEPT_DAYS * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const stale = trx.selectFrom('newsletter_subscriptions').select('email').where('confirmed_at', 'is', null).where('created_at', '<', before);
    await trx.deleteFrom('outbox').where('kind', '=', 'newsletterConfirm').where('recipient', 'in', stale).execute();
    const deleted = await trx.deleteFrom('newsletter_subscriptions').where('confirmed_at', 'is', null).where('created_at', '<', before).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}

/** How many confirmation mails a sign-up gets at most, however often the form is sent with its address. */
export const CONFIRMATION_MAILS_PER_SIGN_UP = 3;
/** And at least this long apart (a person who did not see the first mail may ask again after a while). */
export const CONFIRMATION_RESEND_AFTER_MS = 10 * 60_000;

/**
 * Whether asking again for an unconfirmed sign-up may queue another confirmation mail: none while
 * one waits in the outbox, at most CONFIRMATION_MAILS_PER_SIGN_UP since the sign-up, and the last
 * at least CONFIRMATION_RESEND_AFTER_MS ago. The per-recipient mail cap only spaces mails out; this
 * keeps a script that posts someone's address from making us mail them again and again.
 * Callers hold the address's lock (newsletter/sign-up.ts subscribeNewsletter).
 */
export async function mayResendConfirmation(db: Db, email: string, signedUpAt: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select([
      sql<number | string>`count(*)`.as('n'),
      sql<number | string>`coalesce(sum(case when status = 'pending' then 1 else 0 end), 0)`.as('waiting'),
      sql<string | null>`max(created_at)`.as('last'),
    ])
    .where('recipient', '=', emailKey(email))
    .where('kind', '=', 'newsletterConfirm')
    .where('created_at', '>=', signedUpAt)
    .executeTakeFirstOrThrow();
  if (Number(row.waiting) > 0 || Number(row.n) >= CONFIRMATION_MAILS_PER_SIGN_UP) return false;
  return !row.last || now.getTime() - Date.parse(row.last) >= CONFIRMATION_RESEND_AFTER_MS;
}
