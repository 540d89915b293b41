import { sql } from 'kysely';
import { newsletterPayloadSchema } from '@/contract/api/forms';
import type { Db, DbDialect } from '../db/schema';
import type { AppDeps } from '../kernel/deps';
import { emailKey } from '../kernel/email';
import type { FormFlow } from '../kernel/form-flow';
import { newId } from '../kernel/ids';
import { FORM_MESSAGES, success } from '../kernel/results';
import { enqueue } from '../outbox/queue';
import { mayResendConfirmation } from './confirm';
import { newsletterConfirmMail } from './confirm-mail';

/**
 * A newsletter sign-up (issue 31, double opt-in), in the caller's transaction. `confirm` says
 * whether a confirmation mail is owed:
 * - a new address is stored unconfirmed: yes;
 * - confirmed and subscribed: nothing changes, no mail;
 * - confirmed, then unsubscribed: a new sign-up, so a new consent is needed: `confirmed_at` is
 *   cleared (the old consent time is not reused), `created_at` becomes the new sign-up's time
 *   (the links mailed for the old one stop working), and yes;
 * - waiting for confirmation: yes only within mayResendConfirmation's bounds (the 30 days still
 *   count from the first sign-up).
 * On PostgreSQL the address is locked for the transaction first (concurrent sign-ups take turns);
 * on SQLite the first statement, a write, takes the write lock.
 */
export async function subscribeNewsletter(db: Db, dialect: DbDialect, email: string, now: Date) {
  const normalised = emailKey(email);
  const at = now.toISOString();
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`newsletter:${normalised}`}))`.execute(db);
  const inserted = await db
    .insertInto('newsletter_subscriptions')
    .values({ id: newId(), email: normalised, created_at: at, confirmed_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  const read = () => db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', normalised).executeTakeFirstOrThrow();
  const row = await read();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { ...row, confirm: true };
  if (row.confirmed_at !== null && row.unsubscribed_at === null) return { ...row, confirm: false };
  if (row.confirmed_at !== null) {
    await db.updateTable('newsletter_subscriptions').set({ created_at: at, confirmed_at: null }).where('id', '=', row.id).execute();
    return { ...(await read()), confirm: true };
  }
  return { ...row, confirm: await mayResendConfirmation(db, normalised, row.created_at, now) };
}

/** POST /forms/newsletter (spec §7): the sign-up and its confirmation mail in one transaction. */
export function newsletterFlow(deps: Pick<AppDeps, 'dialect'>): FormFlow<typeof newsletterPayloadSchema> {
  return {
    schema: newsletterPayloadSchema,
    handle: (data, { commit }) =>
      commit(async (trx) => {
        // The same answer (status, message, shape) whether the address is new, waiting for its
        // confirmation or already confirmed: anything else would tell anyone who asks who subscribes.
        // Double opt-in (issue 31): the mail is the confirmation link, not a welcome.
        // The real clock, not FESTIVAL_NOW: sign-up and consent times are records, and the 30 days are real.
        const now = new Date();
        const row = await subscribeNewsletter(trx, deps.dialect, data.email, now);
        if (row.confirm) await enqueue(trx, newsletterConfirmMail.entry(row.email, {}), now);
        return success('subscriptionId', row.id, FORM_MESSAGES.newsletter, { id: row.id, email: row.email });
      }),
    decoy: () => success('subscriptionId', newId(), FORM_MESSAGES.newsletter, {}),
  };
}
