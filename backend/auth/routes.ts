import { Hono, type MiddlewareHandler } from 'hono';
import { SIGN_IN_MESSAGES } from '@/contract/api/staff';
import { ENDPOINTS } from '@/contract/api/endpoints';
import { ACCOUNT_MESSAGES } from '@/contract/api/admin';
import { resolveClientAddress } from '../kernel/client-address';
import { fail } from '../kernel/http';
import { validJson } from '../kernel/validate';
import type { AppDeps, AppEnv } from '../kernel/deps';
import { requireStaff } from './middleware';
import { bearerToken } from './queries';
import { signIn, signOut, signUp } from './service';
import { createSignInThrottle } from './throttle';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  signupDisabled: 'Staff self-signup is disabled.',
  emailTaken: ACCOUNT_MESSAGES.emailTaken,
  loggedIn: 'Signed in.',
  loggedOut: 'Signed out.',
  registered: 'Account created.',
} as const;

/** /auth/* (spec §6–7) for festival staff; the flows are in auth/service.ts. */
export function authRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const r = new Hono<AppEnv>({ strict: false });

  // Sign-in's own limit (auth/throttle.ts), not the forms' bucket: failures per account and per client.
  const throttle = createSignInThrottle(db);
  r.post('/login', validJson(ENDPOINTS.login.request), async (c) => {
    const { email, password } = c.req.valid('json');
    const address = resolveClientAddress({ forwardedFor: c.req.header('x-forwarded-for'), peer: deps.socketAddress?.(c), trust: config.trustedProxies });
    const turn = await throttle.attempt({ email, address });
    if (!turn.allowed) {
      c.header('Retry-After', String(turn.retryAfterSeconds));
      return fail(c, 429, SIGN_IN_MESSAGES.tooManyAttempts);
    }
    const signedIn = await signIn(db, email, password);
    if (!signedIn) return fail(c, 401, AUTH_MESSAGES.invalidCredentials);
    await turn.release();
    return c.json({ success: true, token: signedIn.token, user: signedIn.user, message: AUTH_MESSAGES.loggedIn });
  });

  r.post('/logout', requireStaff(db), async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token) await signOut(db, c.get('staff'), token);
    return c.json({ success: true, message: AUTH_MESSAGES.loggedOut });
  });

  r.get('/me', requireStaff(db), (c) => c.json({ success: true, user: c.get('staff') }));

  const signupOpen: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!config.allowStaffSignup) return fail(c, 403, AUTH_MESSAGES.signupDisabled);
    await next();
  };
  r.post('/register', signupOpen, validJson(ENDPOINTS.staffRegister.request), async (c) => {
    const signedUp = await signUp(db, c.req.valid('json'));
    if (signedUp === 'taken') return fail(c, 400, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    return c.json({ success: true, token: signedUp.token, user: signedUp.user, message: AUTH_MESSAGES.registered }, 201);
  });

  return r;
}
