import { createHash, randomBytes } from 'node:crypto';
import { STAFF_SESSION_HOURS, STAFF_SESSION_IDLE_MINUTES } from '@/contract/api/staff';
import { newId } from '../kernel/ids';
import { isUniqueViolation } from '../db/errors';
import type { Db } from '../db/schema';
import type { StaffUser } from '../kernel/deps';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

/**
 * Staff accounts and their opaque bearer tokens (stored only as SHA-256 hashes). A token lives as
 * long as the site's session cookie (STAFF_SESSION_HOURS), and ends sooner when unused for
 * STAFF_SESSION_IDLE_MINUTES: the backend decides, whatever a client keeps.
 */
const TOKEN_TTL_MS = STAFF_SESSION_HOURS * 60 * 60 * 1000;
const TOKEN_IDLE_MS = STAFF_SESSION_IDLE_MINUTES * 60 * 1000;
/** last_used_at is written at most this often per token (one write a minute, not one per request). */
const TOUCH_EVERY_MS = 60 * 1000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function findStaffByEmail(db: Db, email: string) {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export class EmailTakenError extends Error {
  constructor() {
    super('A staff account with this email already exists');
    this.name = 'EmailTakenError';
  }
}

/**
 * Creates an account, never touching an existing one (self-signup): the database's unique index on
 * the email decides between concurrent sign-ups, so exactly one wins and the others get
 * EmailTakenError, however the requests interleave.
 */
export async function createStaffUser(db: Db, input: { email: string; name: string; password: string }): Promise<StaffUser> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  try {
    await db
      .insertInto('staff_users')
      .values({ id, email, name: input.name, password_hash: passwordHash, created_at: new Date().toISOString(), role: 'staff' })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
  return { id, email, name: input.name, role: 'staff' };
}

/**
 * `npm run staff:create`, the server operator's command: creates an admin account, or sets a new
 * name and password when the email exists (and enables it again if an admin had disabled it; its
 * role stays). A new password ends every session of that account: its tokens are revoked in the
 * same transaction, so a token issued under the old password stops working the moment the new one does.
 */
export async function upsertStaffUser(db: Db, input: { email: string; name: string; password: string }, now = new Date()) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const existing = await findStaffByEmail(trx, email);
    if (existing) {
      await trx
        .updateTable('staff_users')
        .set({ name: input.name, password_hash: passwordHash, disabled_at: null })
        .where('id', '=', existing.id)
        .execute();
      await revokeAllTokens(trx, existing.id, now);
      return { user: { id: existing.id, email, name: input.name, role: existing.role }, created: false };
    }
    const id = newId();
    await trx
      .insertInto('staff_users')
      .values({ id, email, name: input.name, password_hash: passwordHash, created_at: now.toISOString(), role: 'admin' })
      .execute();
    return { user: { id, email, name: input.name, role: 'admin' as const }, created: true };
  });
}

/** A disabled account is answered like a wrong password, after the same work (no timing tell). */
export async function checkCredentials(db: Db, email: string, password: string): Promise<StaffUser | undefined> {
  const row = await findStaffByEmail(db, email);
  if (!row) {
    await verifyAgainstDummy(password);
    return undefined;
  }
  const ok = await verifyPassword(password, row.password_hash);
  return ok && !row.disabled_at ? { id: row.id, email: row.email, name: row.name, role: row.role } : undefined;
}

export async function issueToken(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + TOKEN_TTL_MS).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

export async function userForToken(db: Db, token: string, now = new Date()): Promise<StaffUser | undefined> {
  const idleSince = new Date(now.getTime() - TOKEN_IDLE_MS).toISOString();
  const hash = hashToken(token);
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('staff_users', 'staff_users.id', 'auth_tokens.user_id')
    .select(['staff_users.id', 'staff_users.email', 'staff_users.name', 'staff_users.role', 'auth_tokens.created_at', 'auth_tokens.last_used_at'])
    .where('auth_tokens.token_hash', '=', hash)
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', now.toISOString())
    .where('staff_users.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const lastUsed = row.last_used_at ?? row.created_at;
  if (lastUsed <= idleSince) return undefined;
  if (now.getTime() - Date.parse(lastUsed) >= TOUCH_EVERY_MS) {
    await db.updateTable('auth_tokens').set({ last_used_at: now.toISOString() }).where('token_hash', '=', hash).execute();
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/** Ends every session of one account (a new password, a disabled account). */
export async function revokeAllTokens(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: now.toISOString() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export async function revokeToken(db: Db, token: string, now = new Date()): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** The token from `Authorization: Bearer <token>`, if well-formed. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,256})\s*$/i.exec(header ?? '');
  return match?.[1];
}
