import type { Db } from '../db/schema';
import { nowIso } from '../lib/ids';
import type { Signer } from '../lib/signing';
import { unsubscribeNewsletter, verifyUnsubscribeToken } from './unsubscribe';

/**
 * Unsubscribes the address when the token is the one its links carry: 'forged' otherwise, and
 * 'done' whether or not the address was subscribed (nobody learns who subscribes).
 */
export async function unsubscribe(db: Db, signer: Signer, email: string, token: string | undefined): Promise<'done' | 'forged'> {
  if (!verifyUnsubscribeToken(signer, email, token)) return 'forged';
  await unsubscribeNewsletter(db, email, nowIso());
  return 'done';
}
