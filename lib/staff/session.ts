import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { AUTH_TOKEN_COOKIE, call, isApiError } from '@/lib/backend';
import { STAFF_SESSION_HOURS, type StaffUser } from '@/contract/api/staff';

/**
 * The staff session: the backend's bearer token in an HttpOnly, SameSite=Strict cookie (Secure in
 * production), which the API client sends as `Authorization: Bearer` on every call. Every staff
 * page, route handler and server action checks it itself, built with lib/staff/action.ts (which
 * calls requireStaff/requireAdmin): a layout is not a guard (Next's data security guide). Server
 * actions also get Next's own Origin check against the Host. The cookie
 * lasts as long as the backend's token (STAFF_SESSION_HOURS); the backend also ends an idle token.
 */
export { STAFF_SESSION_HOURS, type StaffUser };

export async function getStaffUser(): Promise<StaffUser | undefined> {
  if (!(await cookies()).get(AUTH_TOKEN_COOKIE)?.value) return undefined;
  try {
    return (await call('me')).user;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return undefined;
    throw error;
  }
}

/** Only paths of this site, so a crafted ?next= cannot send a volunteer elsewhere after login. */
export function safeNext(next: unknown, fallback = '/staff'): string {
  return typeof next === 'string' && /^\/staff(\/[A-Za-z0-9/_-]*)?$/.test(next) ? next : fallback;
}

export async function requireStaff(next: string): Promise<StaffUser> {
  const user = await getStaffUser();
  if (!user) redirect(`/staff/login?next=${encodeURIComponent(safeNext(next))}`);
  return user;
}

/** For the admins' pages and actions (accounts, audit log): plain staff are sent to the dashboard. */
export async function requireAdmin(next: string): Promise<StaffUser> {
  const user = await requireStaff(next);
  if (user.role !== 'admin') redirect('/staff');
  return user;
}

export async function startSession(token: string, secure: boolean): Promise<void> {
  (await cookies()).set(AUTH_TOKEN_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/',
    maxAge: STAFF_SESSION_HOURS * 60 * 60,
  });
}

export async function endSession(): Promise<void> {
  (await cookies()).delete(AUTH_TOKEN_COOKIE);
}
