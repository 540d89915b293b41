'use client';

import { useActionState, type ReactNode } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { CAPACITY_MAX, EDITION_FIELDS, VENUE_MAX_CHARS } from '@/contract/api/edition-admin';
import { EDITION_NAME_MAX, EDITION_NUMBER_MAX, defaultEditionName, defaultEditionNumber } from '@/contract/edition';
import { ordinalNumber, ordinalWord } from '@/contract/edition-copy';
import { FIRST_EDITION_YEAR } from '@/contract/festival';
import type { EditionFormState } from './edition-state';
import styles from './admin.module.css';

type Action = (state: EditionFormState, formData: FormData) => Promise<EditionFormState>;
type Field = (typeof EDITION_FIELDS)[number];

const ID = (name: Field) => `edition-${name}`;

/** The hints' example: the edition two years after the first festival. */
const EXAMPLE_KEY = String(FIRST_EDITION_YEAR + 2);

/**
 * The edition's settings (admins): one form, posted to a server action. Without JavaScript it is a
 * plain POST and the page comes back with the answer; the error summary (focused) links to each
 * field and every field carries its own message. The values start as those in force.
 */
export function EditionForm({ action, initial }: { action: Action; initial: Record<Field, string> }) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle', errors: {}, values: {}, seq: 0 }, '/staff/edition');
  const errors = state.status === 'error' ? state.errors : {};
  const values = state.status === 'error' ? state.values : {};
  const value = (name: Field) => {
    const v = values[name];
    return typeof v === 'string' ? v : initial[name];
  };
  const summaryErrors = Object.fromEntries(EDITION_FIELDS.filter((f) => errors[f]).map((f) => [ID(f), errors[f]!]));

  const field = (name: Field, label: string, hint: ReactNode, input: (props: Record<string, unknown>) => ReactNode) => {
    const describedBy = [`${ID(name)}-hint`, errors[name] ? `${ID(name)}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className={styles.field}>
        <label htmlFor={ID(name)}>{label}</label>
        <p id={`${ID(name)}-hint`} className={styles.fieldHint}>
          {hint}
        </p>
        {errors[name] ? (
          <p id={`${ID(name)}-error`} className={styles.fieldError}>
            <span className="visually-hidden">Error: </span>
            {errors[name]}
          </p>
        ) : null}
        {input({ id: ID(name), name, defaultValue: value(name), 'aria-describedby': describedBy, 'aria-invalid': errors[name] ? true : undefined })}
      </div>
    );
  };

  return (
    <form action={formAction} className={styles.form} aria-labelledby="edition-form-title" noValidate key={state.seq} data-testid="edition-form">
      {state.status === 'error' ? <ErrorSummary key={state.seq} errors={summaryErrors} message={state.message} /> : null}
      <h2 id="edition-form-title">Change the edition</h2>
      {field('startDate', 'First festival day', 'A date, for example 2026-10-24.', (p) => <input type="date" required {...p} />)}
      {field('endDate', 'Last festival day', 'The same as the first day for a one-day festival.', (p) => <input type="date" required {...p} />)}
      {field(
        'name',
        'Name (optional)',
        `What the pages and mails call the edition. Leave empty for the festival’s name and the edition’s year, for example “${defaultEditionName(EXAMPLE_KEY)}”. At most ${EDITION_NAME_MAX} characters.`,
        (p) => <input type="text" autoComplete="off" maxLength={EDITION_NAME_MAX + 50} {...p} />,
      )}
      {field(
        'number',
        'Edition number (optional)',
        `Its place in the series, 1 for the first festival: the pages call the edition “the ${ordinalWord(defaultEditionNumber(EXAMPLE_KEY))} edition” from it (“inaugural” only for the 1st). Leave empty to count the years from the first festival, in ${FIRST_EDITION_YEAR} (${EXAMPLE_KEY} is the ${ordinalNumber(defaultEditionNumber(EXAMPLE_KEY))}). A name or number set here stays when the dates change: set them again for a new edition.`,
        (p) => <input type="text" inputMode="numeric" autoComplete="off" maxLength={String(EDITION_NUMBER_MAX).length + 10} {...p} />,
      )}
      {field('venue', 'Venue', `Shown on the home page, /visit, tickets and mails. At most ${VENUE_MAX_CHARS} characters.`, (p) => (
        <input type="text" autoComplete="off" maxLength={VENUE_MAX_CHARS + 50} required {...p} />
      ))}
      {field(
        'capacity',
        'Capacity (wristbands)',
        `A whole number up to ${CAPACITY_MAX.toLocaleString('en-NG')}, never below the wristbands already taken. Leave empty for no limit. Raising it offers the new places to the waiting list.`,
        (p) => <input type="text" inputMode="numeric" autoComplete="off" {...p} />,
      )}
      {field('registrationOpensAt', 'Registration opens (Lagos time)', 'Leave empty to open registration now.', (p) => <input type="datetime-local" {...p} />)}
      {field('registrationClosesAt', 'Registration closes (Lagos time)', 'Leave empty to close it when the last festival day ends.', (p) => (
        <input type="datetime-local" {...p} />
      ))}
      <div>
        <button type="submit" className={`${styles.button} ${styles.primaryButton}`} disabled={pending}>
          {pending ? 'Saving…' : 'Save the edition'}
        </button>
      </div>
    </form>
  );
}
