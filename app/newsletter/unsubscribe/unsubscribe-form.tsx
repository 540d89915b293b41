'use client';

import { useActionState } from 'react';
import styles from '@/components/forms/page.module.css';
import { unsubscribeAction } from './actions';

/**
 * The confirm button. useActionState's permalink gives the form a real action (the page's own
 * address) instead of React's action="" (invalid HTML); without JavaScript the browser posts there.
 */
export function UnsubscribeForm({ email, token, permalink }: { email: string; token: string; permalink: string }) {
  const [, action] = useActionState(unsubscribeAction, null, permalink);
  return (
    <form action={action} className={styles.panel}>
      <p>
        Stop sending the festival newsletter to <strong data-testid="unsubscribe-email">{email}</strong>?
      </p>
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="t" value={token} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn--primary btn--md">
          Unsubscribe
        </button>
      </div>
    </form>
  );
}
