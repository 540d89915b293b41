'use server';

import { redirect } from 'next/navigation';
import { call } from '@/lib/backend';
import { staffRedirectAction } from './action';
import { endSession } from './session';

/**
 * Sign out (staff; the builder checks the session like every staff action): the token is revoked
 * at the backend, then the cookie goes.
 */
export const logoutAction = staffRedirectAction({
  role: 'staff',
  page: '/staff',
  async run() {
    try {
      await call('logout');
    } catch {
      // Already invalid: nothing to revoke.
    }
    await endSession();
    redirect('/staff/login');
  },
  failure(error) {
    throw error;
  },
});
