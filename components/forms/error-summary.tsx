'use client';

import { useEffect, useRef, type MouseEvent } from 'react';
import { summaryLine, type FieldErrors } from '@/contract/forms/form-state';
import styles from './forms.module.css';

/**
 * The GOV.UK error summary: at the top of the form, focused when it appears (the HTML autofocus
 * attribute does it without JavaScript, the effect after a client-side submit), one link per
 * field error in the form's order, and the submit-level message when the call failed (once: not
 * again when it is one of the field errors). With `labels`, each link names its field ("First
 * name: This field is required") unless the message already does.
 */
export function ErrorSummary({ errors, message, labels }: { errors: FieldErrors; message?: string; labels?: Readonly<Record<string, string>> }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);

  useEffect(() => {
    ref.current?.focus();
  }, []);

  // A message that only repeats a field's error (an API's 409 names the field it is about) is
  // said once, as that field's link.
  const ownMessage = message && !entries.some(([, text]) => text === message) ? message : undefined;
  if (entries.length === 0 && !ownMessage) return null;

  // Focus the field itself (a fragment link only scrolls) and keep its label in view.
  const focusField = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    const label = document.querySelector(`label[for="${CSS.escape(id)}"]`) ?? target;
    label.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };

  return (
    <div ref={ref} className={styles.summary} tabIndex={-1} autoFocus aria-labelledby="error-summary-title" role="alert">
      <h2 id="error-summary-title" className={styles.summaryTitle}>
        There is a problem
      </h2>
      {ownMessage ? <p className={styles.summaryMessage}>{ownMessage}</p> : null}
      {entries.length > 0 ? (
        <ul className={styles.summaryList}>
          {entries.map(([field, text]) => (
            <li key={field}>
              <a href={`#${field}`} onClick={(e) => focusField(e, field)}>
                {summaryLine(labels?.[field], text)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
