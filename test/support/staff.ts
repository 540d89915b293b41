import { upsertStaffUser } from '@/backend/auth/queries';
import type { BackendApp } from '@/backend/app';
import type { DbHandle } from '@/backend/db/connect';
import { postJson } from './databases';

/** A staff account in the test database, signed in through the backend: its bearer token. */
export async function staffToken(app: BackendApp, handle: DbHandle, staff = { email: 'gate@itan.example', name: 'Gate Volunteer', password: 'gate-password-long' }): Promise<string> {
  await upsertStaffUser(handle.db, staff);
  const res = await postJson(app, '/api/auth/login/', { email: staff.email, password: staff.password });
  if (res.status !== 200) throw new Error(`sign-in of ${staff.email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
