import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/schema';
import { fail, HTTP_MESSAGES } from '../kernel/http';
import type { AppEnv } from '../kernel/deps';
import { bearerToken, userForToken } from './queries';

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
