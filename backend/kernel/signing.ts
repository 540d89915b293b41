import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/schema';

/**
 * Signed tokens for links that must not be guessable (a ticket page, an unsubscribe link): an
 * HMAC-SHA256 of `purpose` and `value` under the server secret, cut to 128 bits (22 base64url
 * characters: short in a QR code, far beyond guessing). The purpose keeps a ticket token from
 * working as an unsubscribe token for the same text, and the other way round.
 */
export interface Signer {
  sign(purpose: SigningPurpose, value: string): string;
  verify(purpose: SigningPurpose, value: string, token: string | undefined | null): boolean;
}

export type SigningPurpose = 'ticket' | 'unsubscribe' | 'offer' | 'newsletter-confirm';

const TOKEN_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function createSigner(secret: string): Signer {
  if (secret.length < 16) throw new Error('TICKET_SECRET must be at least 16 characters');
  const mac = (purpose: SigningPurpose, value: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${value}`).digest().subarray(0, TOKEN_BYTES);
  return {
    sign: (purpose, value) => mac(purpose, value).toString('base64url'),
    verify(purpose, value, token) {
      if (!token || !TOKEN_PATTERN.test(token)) return false;
      const given = Buffer.from(token, 'base64url');
      // The 22nd character carries 4 unused bits: only the canonical spelling is the token, or 16
      // texts (one edited last character) would open the same link.
      if (given.length !== TOKEN_BYTES || given.toString('base64url') !== token) return false;
      return timingSafeEqual(given, mac(purpose, value));
    },
  };
}

const SECRET_NAME = 'signing';

/**
 * The configured TICKET_SECRET, or the one this deployment generated: created once, kept in the
 * database (the SQLite file under DATA_DIR, or PostgreSQL), so every instance on one database signs
 * alike and a restart keeps old links working. Concurrent first starts agree: the insert does
 * nothing when a row exists, and everyone reads the row that won.
 */
export async function loadSigner(db: Db, configured: string | undefined): Promise<Signer> {
  if (configured) return createSigner(configured);
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return createSigner(row.value);
}
