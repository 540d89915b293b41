'use client';

import Link from 'next/link';
import { useActionState, useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { NEWSLETTER_RESET_MS } from '@/contract/festival';
import { NEWSLETTER_CONSENT, NEWSLETTER_MESSAGES } from '@/contract/forms/newsletter-messages';
import controls from './controls.module.css';
import { ErrorMessage, describedBy } from './error-message';
import { Honeypot } from './honeypot';
import styles from './newsletter.module.css';
import { idleState, type FormState } from '@/contract/forms/form-state';
import { useHydrated } from './use-hydrated';

/** The sign-up's server action (app/newsletter/actions.ts): `seq` is the answer's time. */
export type NewsletterAction = (state: FormState, formData: FormData) => Promise<FormState>;

/**
 * The footer's newsletter sign-up (spec §4): idle, loading, success or error, success and error
 * reverting to idle after 3 seconds, the email cleared on success, the button disabled while the
 * email is blank. Without JavaScript it is a plain form: the page comes back with the message
 * (and the button is never disabled, since nothing could enable it again).
 */
/**
 * The permalink makes the form's action "#newsletter" instead of React's action="" (which is not
 * valid HTML): without JavaScript the browser posts to the page it is on, as before, and comes
 * back scrolled to this form and its message. Every page uses the same permalink, so the answer
 * finds this form whichever page it was sent from.
 */
const PERMALINK = '#newsletter';

export function NewsletterForm({ action: subscribe }: { action: NewsletterAction }) {
  const [state, action, pending] = useActionState(subscribe, idleState, PERMALINK);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  useEffect(() => {
    if (state.status === 'idle') return;
    const timer = setTimeout(() => setDismissedAt(state.seq ?? 0), NEWSLETTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const shown: FormState['status'] = state.status !== 'idle' && dismissedAt !== (state.seq ?? 0) ? state.status : 'idle';
  const statusText =
    pending ? 'Subscribing…' : shown === 'success' ? NEWSLETTER_MESSAGES.success : shown === 'error' ? NEWSLETTER_MESSAGES.error : '';

  return (
    <form
      id="newsletter"
      className={`newsletter-form ${styles.newsletter}`}
      action={action}
      noValidate
      aria-labelledby="newsletter-title"
      data-state={pending ? 'loading' : shown}
    >
      <h2 id="newsletter-title" className="newsletter-form__title">
        Stories in your inbox
      </h2>
      <p className="newsletter-form__hint" id="newsletter-hint">
        Festival news, new reports and podcast episodes. One email a month, no spam.
      </p>
      <p className="newsletter-form__consent" id="newsletter-consent" data-testid="newsletter-consent">
        {NEWSLETTER_CONSENT} <Link href="/privacy">Privacy notice</Link>
      </p>
      <Honeypot idPrefix="newsletter" />
      <EmailRow
        key={state.status === 'idle' ? 'initial' : state.seq}
        pending={pending}
        defaultEmail={state.status === 'error' && typeof state.values.email === 'string' ? state.values.email : ''}
        fieldError={state.status === 'error' && shown === 'error' ? state.errors.email : undefined}
      />
      <p
        role="status"
        className={[styles.status, shown === 'success' ? styles.statusSuccess : '', shown === 'error' ? styles.statusError : '']
          .filter(Boolean)
          .join(' ')}
        data-testid="newsletter-status"
      >
        {statusText}
      </p>
      {/* The step that remains (double opt-in): it stays after the status goes back to idle, until the next sign-up. */}
      <p aria-live="polite" className={styles.nextStep} data-testid="newsletter-next-step">
        {!pending && state.status === 'success' ? NEWSLETTER_MESSAGES.nextStep : null}
      </p>
    </form>
  );
}

function EmailRow({ pending, defaultEmail, fieldError }: { pending: boolean; defaultEmail: string; fieldError?: string }) {
  const hydrated = useHydrated();
  const [blank, setBlank] = useState(defaultEmail.trim() === '');
  return (
    <div className={`newsletter-form__row ${styles.newsletterRow}`}>
      <label htmlFor="newsletter-email" className="newsletter-form__label">
        Email address
      </label>
      <ErrorMessage id="newsletter-email-error" message={fieldError} />
      <input
        id="newsletter-email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        defaultValue={defaultEmail}
        onInput={(e) => setBlank(e.currentTarget.value.trim() === '')}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={describedBy('newsletter-hint', 'newsletter-consent', fieldError && 'newsletter-email-error')}
        className={`input ${controls.input}`}
        placeholder="you@example.com"
      />
      <button
        type="submit"
        className="btn btn--primary btn--md"
        disabled={pending || (hydrated && blank)}
        aria-busy={pending || undefined}
      >
        {pending ? <Spinner size="sm" /> : null}
        Subscribe
      </button>
    </div>
  );
}
