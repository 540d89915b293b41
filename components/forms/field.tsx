'use client';

import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFormField } from './form-context';
import controls from './controls.module.css';
import { ErrorMessage, describedBy } from './error-message';
import styles from './forms.module.css';

export { ErrorMessage, describedBy } from './error-message';

/** Ids a field's parts use, so labels, hints and errors tie together (aria-describedby). */
export const fieldIds = (name: string) => ({ input: name, hint: `${name}-hint`, error: `${name}-error` });

interface ShellProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  error: string | undefined;
  children: ReactNode;
}

/** Label, hint, inline error and the control, in the GOV.UK order. */
export function FieldShell({ name, label, hint, optional, error, children }: ShellProps) {
  const ids = fieldIds(name);
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field}>
      <label htmlFor={ids.input} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorMessage id={ids.error} message={error} />
      {children}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'defaultValue' | 'value'>;

export interface FieldProps extends InputProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** Textarea instead of input. */
  multiline?: boolean;
  rows?: number;
  /** Extra ids for aria-describedby (a live character count). */
  extraDescribedBy?: string;
  /** Never fill this field back in (card number, CVC). */
  secret?: boolean;
  /** Rendered after the control (a character count). */
  after?: ReactNode;
  width?: 'full' | 'medium' | 'short';
}

/** A labelled text input (or textarea) whose error and echoed answer come from its form. */
export function Field({
  name,
  label,
  hint,
  optional,
  multiline,
  rows = 6,
  extraDescribedBy,
  secret,
  after,
  width = 'full',
  className,
  ...input
}: FieldProps) {
  const { error, value } = useFormField(name);
  const ids = fieldIds(name);
  const shared = {
    id: ids.input,
    name,
    defaultValue: secret || typeof value !== 'string' ? undefined : value,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy(hint && ids.hint, error && ids.error, extraDescribedBy),
    className: [controls.input, styles[width], error ? controls.inputError : '', className].filter(Boolean).join(' '),
  };
  return (
    <FieldShell name={name} label={label} hint={hint} optional={optional} error={error}>
      {multiline ? (
        <textarea {...shared} rows={rows} spellCheck autoComplete={input.autoComplete} maxLength={input.maxLength} />
      ) : (
        <input type="text" {...input} {...shared} />
      )}
      {after}
    </FieldShell>
  );
}

export interface ChoiceOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

export interface ChoiceGroupProps {
  name: string;
  /** The key its error is reported under, when it differs from the input name. */
  errorKey?: string;
  legend: ReactNode;
  hint?: ReactNode;
  type: 'radio' | 'checkbox';
  options: readonly ChoiceOption[];
  /** Rendered after the options (the donation's custom amount). */
  children?: ReactNode;
  inline?: boolean;
}

/** Radios or checkboxes in a fieldset; the summary links to the first option. */
export function ChoiceGroup({ name, errorKey = name, legend, hint, type, options, children, inline }: ChoiceGroupProps) {
  const { error } = useFormField(errorKey);
  const { value } = useFormField(name);
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  const ids = fieldIds(errorKey);
  return (
    <fieldset
      className={error ? `${styles.fieldset} ${styles.fieldError}` : styles.fieldset}
      aria-describedby={describedBy(hint && ids.hint, error && ids.error)}
    >
      <legend className={styles.legend}>{legend}</legend>
      {hint ? (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorMessage id={ids.error} message={error} />
      <div className={inline ? `${styles.choices} ${styles.choicesInline}` : styles.choices}>
        {options.map((option, index) => {
          // The first option carries the group's id so the error summary's link lands on it. Option
          // hints are named after the option, never after the group (whose hint is `${name}-hint`).
          const id = index === 0 ? ids.input : `${name}-${option.value}`;
          const hintId = `${name}-${option.value}-hint`;
          return (
            <div key={option.value} className={styles.choice}>
              <input
                id={id}
                type={type}
                name={name}
                value={option.value}
                defaultChecked={chosen.includes(option.value)}
                className={styles.choiceInput}
                data-field={errorKey}
                aria-describedby={option.hint ? hintId : undefined}
              />
              <label htmlFor={id} className={styles.choiceLabel}>
                {option.label}
              </label>
              {option.hint ? (
                <p id={hintId} className={styles.choiceHint}>
                  {option.hint}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}
