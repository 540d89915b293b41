'use client';

import { useActionState } from 'react';
import { logoutAction } from '@/lib/staff/sign-out-action';
import styles from './staff.module.css';

/**
 * Sign-out as a form whose HTML has a real action URL: React renders a bare server-action form
 * with action="", which HTML does not allow; useActionState's permalink gives it one. Without
 * JavaScript it is a plain POST all the same.
 */
export function SignOutForm({ name }: { name: string }) {
  const [, formAction] = useActionState(logoutAction, undefined, '/staff/login');
  return (
    <form action={formAction} aria-label="Sign out">
      <button type="submit" className={styles.linkButton}>
        Sign out <span className="visually-hidden">{name}</span>
      </button>
    </form>
  );
}
