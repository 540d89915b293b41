import type { Db } from '../db/schema';
import type { Signer } from '../kernel/signing';
import { enqueue } from '../outbox/queue';
import { confirmSubscription, type ConfirmOutcome } from './confirm';
import { unsubscribeNewsletter, verifyUnsubscribeToken } from './unsubscribe';
import { newsletterWelcomeMail } from './welcome-mail';

/**
 * Unsubscribes the address when the token is the one its links carry: 'forged' otherwise, and
 * 'done' whether or not the address was subscribed (nobody learns who subscribes).
 */
export async function unsubscribe(db: Db, signer: Signer, email: string, token: string | undefined): Promise<'done' | 'forged'> {
  if (!verifyUnsubscribeToken(signer, email, token)) return 'forged';
  // The machine's clock, like the sign-up and its consent (kernel/clock.ts): these are records of what a person asked.
  await unsubscribeNewsletter(db, email, new Date().toISOString());
  return 'done';
}

/**
 * Double opt-in (issue 31): confirms the sign-up the token was mailed for. The first time, the
 * consent time is recorded and the welcome is queued in the same transaction (the welcome checks
 * isSubscribed again when it is sent).
 */
export async function confirm(db: Db, signer: Signer, email: string, token: string | undefined, now: Date): Promise<ConfirmOutcome> {
  return confirmSubscription(db, signer, email, token, now.toISOString(), async (trx, address) => {
    await enqueue(trx, newsletterWelcomeMail.entry(address, {}), now);
  });
}
