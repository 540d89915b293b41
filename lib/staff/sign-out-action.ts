'use server';

import { redirect } from 'next/navigation';
import { apiClient } from '@/lib/backend';
import { endSession } from '@/lib/staff/session';

/** Sign out: the token is revoked at the backend, then the cookie goes. */
export async function logoutAction(): Promise<undefined> {
  try {
    await apiClient.post('/api/auth/logout/', {});
  } catch {
    // Already invalid: nothing to revoke.
  }
  await endSession();
  redirect('/staff/login');
}
