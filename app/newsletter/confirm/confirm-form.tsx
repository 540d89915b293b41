'use client';

import { useActionState } from 'react';
import styles from '@/components/forms/page.module.css';
import { NEWSLETTER_CONFIRM_MESSAGES } from '@/contract/forms/newsletter-messages';
import { confirmAction } from './actions';

/**
 * The confirm button. useActionState's permalink gives the form a real action (the page's own
 * address) instead of React's action="" (invalid HTML); without JavaScript the browser posts there.
 */
export function ConfirmForm({ email, token, permalink }: { email: string; token: string; permalink: string }) {
  const [, action] = useActionState(confirmAction, null, permalink);
  return (
    <form action={action} className={styles.panel}>
      <p>
        {NEWSLETTER_CONFIRM_MESSAGES.question} <strong data-testid="confirm-email">{email}</strong>?
      </p>
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="t" value={token} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn--primary btn--md">
          {NEWSLETTER_CONFIRM_MESSAGES.button}
        </button>
      </div>
    </form>
  );
}
