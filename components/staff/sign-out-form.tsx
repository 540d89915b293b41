'use client';

import { useActionState } from 'react';
import { forgetGatePages } from '@/components/tickets/offline-cache';
import { logoutAction } from '@/lib/staff/sign-out-action';
import styles from './staff.module.css';

/**
 * Sign-out as a form whose HTML has a real action URL: React renders a bare server-action form
 * with action="", which HTML does not allow; useActionState's permalink gives it one. Without
 * JavaScript it is a plain POST to that URL, so the permalink must be a page that renders this
 * same form (React's rule for permalinks, and Next finds the action only in the pages that use
 * it): the dashboard, which every signed-in member may open. The action ends on /staff/login.
 * On its way out it takes the gate's kept page off the phone (it names who was signed in).
 */
export function SignOutForm({ name }: { name: string }) {
  const [, formAction] = useActionState(logoutAction, undefined, '/staff');
  return (
    <form action={formAction} aria-label="Sign out" onSubmit={() => void forgetGatePages().catch(() => undefined)}>
      <button type="submit" className={styles.linkButton}>
        Sign out <span className="visually-hidden">{name}</span>
      </button>
    </form>
  );
}
