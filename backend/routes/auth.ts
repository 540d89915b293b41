import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { errorsByPath } from '@/contract/forms/form-state';
import { NAME_RULES } from '@/contract/forms/field-rules';
import { textField } from '@/contract/forms/rules';
import { bearerToken, checkCredentials, createStaffUser, EmailTakenError, findStaffByEmail, issueToken, revokeToken, userForToken } from '../auth/staff';
import { recordAudit } from '../audit/log';
import type { Db } from '../db/schema';
import { fail, HTTP_MESSAGES } from '../lib/http';
import type { AppDeps, AppEnv } from '../types';
import { readJsonObject } from './read-json';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  signupDisabled: 'Staff self-signup is disabled.',
  emailTaken: 'An account with this email already exists.',
  loggedIn: 'Signed in.',
  loggedOut: 'Signed out.',
  registered: 'Account created.',
  passwordShort: 'Password must be at least 12 characters',
} as const;

const loginSchema = z.object({
  email: textField({ email: true, maxLength: 254 }),
  password: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(1024),
});

const registerSchema = z.object({
  email: textField({ email: true, maxLength: 254 }),
  name: textField(NAME_RULES),
  password: z.string({ error: 'This field is required' }).min(12, AUTH_MESSAGES.passwordShort).max(1024),
});

/** Requires a valid staff bearer token; puts the user on the context. */
export function requireStaff(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const user = token ? await userForToken(db, token) : undefined;
    if (!user) return fail(c, 401, HTTP_MESSAGES.unauthorized);
    c.set('staff', user);
    await next();
  };
}

/** After requireStaff: only admins (staff accounts, the audit log). */
export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('staff').role !== 'admin') return fail(c, 403, HTTP_MESSAGES.adminOnly);
    await next();
  };
}

/** /auth/* (spec §6–7) for festival staff. */
export function authRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const r = new Hono<AppEnv>({ strict: false });

  r.post('/login', async (c) => {
    const read = await readJsonObject(c);
    if (!read.ok) return c.json(read.body, read.status);
    const parsed = loginSchema.safeParse(read.value);
    if (!parsed.success) return fail(c, 422, HTTP_MESSAGES.validation, errorsByPath(parsed.error));
    const user = await checkCredentials(db, parsed.data.email, parsed.data.password);
    // Audited both ways, never with the password: a failure records the email that was tried.
    if (!user) {
      const tried = parsed.data.email.trim().toLowerCase();
      await recordAudit(db, { id: null, email: tried, name: '' }, { action: 'auth.login-failed', targetType: 'staff', targetId: tried, summary: `Failed sign-in as ${tried}` });
      return fail(c, 401, AUTH_MESSAGES.invalidCredentials);
    }
    const token = await db.transaction().execute(async (trx) => {
      const issued = await issueToken(trx, user.id);
      await recordAudit(trx, user, { action: 'auth.login', targetType: 'staff', targetId: user.id, summary: `${user.name} signed in` });
      return issued;
    });
    return c.json({ success: true, token, user, message: AUTH_MESSAGES.loggedIn });
  });

  r.post('/logout', requireStaff(db), async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    const user = c.get('staff');
    if (token) {
      await db.transaction().execute(async (trx) => {
        await revokeToken(trx, token);
        await recordAudit(trx, user, { action: 'auth.logout', targetType: 'staff', targetId: user.id, summary: `${user.name} signed out` });
      });
    }
    return c.json({ success: true, message: AUTH_MESSAGES.loggedOut });
  });

  r.get('/me', requireStaff(db), (c) => c.json({ success: true, user: c.get('staff') }));

  r.post('/register', async (c) => {
    if (!config.allowStaffSignup) return fail(c, 403, AUTH_MESSAGES.signupDisabled);
    const read = await readJsonObject(c);
    if (!read.ok) return c.json(read.body, read.status);
    const parsed = registerSchema.safeParse(read.value);
    if (!parsed.success) return fail(c, 422, HTTP_MESSAGES.validation, errorsByPath(parsed.error));
    const taken = () => fail(c, 400, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    // A cheap early answer; the unique index decides when two sign-ups race past it.
    if (await findStaffByEmail(db, parsed.data.email)) return taken();
    let user;
    try {
      user = await createStaffUser(db, parsed.data);
    } catch (error) {
      if (error instanceof EmailTakenError) return taken();
      throw error;
    }
    const token = await issueToken(db, user.id);
    return c.json({ success: true, token, user, message: AUTH_MESSAGES.registered }, 201);
  });

  return r;
}
