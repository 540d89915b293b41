import Link from 'next/link';
import type { ReactNode } from 'react';
import { PRIVACY_NOTE } from '@/contract/forms/messages';
import styles from './forms.module.css';

/** Two fields side by side on wide screens, stacked on phones. */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

/** A titled group of fields (a fieldset would double the legends of the groups inside it). */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The submit button, and beside it what happens to the visitor's details (NDPA 2023; issue 16). */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <div className={styles.actions}>
      {children}
      <p className={styles.privacyNote} data-testid="privacy-note">
        {PRIVACY_NOTE.text} <Link href="/privacy">{PRIVACY_NOTE.link}</Link>
      </p>
    </div>
  );
}
