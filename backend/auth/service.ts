import type { StaffRegisterPayload } from '@/contract/api/staff';
import { recordAudit } from '../audit/log';
import type { Db } from '../db/schema';
import type { StaffUser } from '../kernel/deps';
import { checkCredentials, createStaffUser, EmailTakenError, findStaffByEmail, issueToken, revokeToken } from './queries';

/**
 * The staff sign-in flows (spec §6–7): sign in, sign out, self-signup. Each audited change and its
 * audit row are one transaction. auth/routes.ts does the HTTP around them.
 */

/** A token for the account, or undefined for a wrong email or password. Audited both ways, never with the password. */
export async function signIn(db: Db, email: string, password: string): Promise<{ token: string; user: StaffUser } | undefined> {
  const user = await checkCredentials(db, email, password);
  if (!user) {
    // A failure records the email that was tried.
    const tried = email.trim().toLowerCase();
    await recordAudit(db, { id: null, email: tried, name: '' }, { action: 'auth.login-failed', targetType: 'staff', targetId: tried, summary: `Failed sign-in as ${tried}` });
    return undefined;
  }
  const token = await db.transaction().execute(async (trx) => {
    const issued = await issueToken(trx, user.id);
    await recordAudit(trx, user, { action: 'auth.login', targetType: 'staff', targetId: user.id, summary: `${user.name} signed in` });
    return issued;
  });
  return { token, user };
}

/** Ends the session of this token, audited. */
export async function signOut(db: Db, user: StaffUser, token: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeToken(trx, token);
    await recordAudit(trx, user, { action: 'auth.logout', targetType: 'staff', targetId: user.id, summary: `${user.name} signed out` });
  });
}

/** A new staff account and its first token, or 'taken' when the address already has one. */
export async function signUp(db: Db, input: StaffRegisterPayload): Promise<{ token: string; user: StaffUser } | 'taken'> {
  // A cheap early answer; the unique index decides when two sign-ups race past it.
  if (await findStaffByEmail(db, input.email)) return 'taken';
  let user;
  try {
    user = await createStaffUser(db, input);
  } catch (error) {
    if (error instanceof EmailTakenError) return 'taken';
    throw error;
  }
  return { token: await issueToken(db, user.id), user };
}
