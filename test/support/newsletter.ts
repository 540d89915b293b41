import { expect } from 'vitest';
import type { BackendApp } from '../../backend/app';
import type { Db } from '../../backend/db/schema';
import { createSigner, type Signer } from '../../backend/kernel/signing';
import { confirmToken } from '../../backend/newsletter/confirm';
import { unsubscribeToken } from '../../backend/newsletter/unsubscribe';
import { postJson } from './databases';

/**
 * Double opt-in (issue 31) for tests that need a subscriber: the form's sign-up, then the
 * confirmation its mail's link would make (the token signed for the stored sign-up time).
 */
export async function subscribeConfirmed(app: BackendApp, db: Db, signer: Signer, email: string): Promise<void> {
  expect((await postJson(app, '/api/forms/newsletter/', { email })).status).toBe(201);
  const address = email.trim().toLowerCase();
  const row = await db.selectFrom('newsletter_subscriptions').select('created_at').where('email', '=', address).executeTakeFirstOrThrow();
  const confirmed = await postJson(app, '/api/newsletter/confirm/', { email: address, token: confirmToken(signer, address, row.created_at) });
  expect(confirmed.status).toBe(200);
}

/** The token a confirmation mail's link carries for this sign-up (tests outside backend/ sign through here). */
export function confirmLinkToken(secret: string, email: string, signedUpAt: string): string {
  return confirmToken(createSigner(secret), email, signedUpAt);
}

/** The token a newsletter's unsubscribe link carries. */
export function unsubscribeLinkToken(secret: string, email: string): string {
  return unsubscribeToken(createSigner(secret), email);
}
