'use client';

import { describedBy, ErrorMessage, FieldShell, fieldIds } from '@/components/forms/field';
import controls from '@/components/forms/controls.module.css';
import forms from '@/components/forms/forms.module.css';
import { useFormField } from '@/components/forms/form-context';
import type { EntryField } from '@/contract/content/entry-fields';
import { CONTENT_TEXT } from '@/lib/staff/content-messages';
import { chosenFirst, refValues, type RefOption } from '@/lib/staff/entry-rows';
import styles from './editor.module.css';

/**
 * A ref field (a session's venue): a select of the named kind's entries, by their link name. The
 * options are loaded by the page (every entry, drafts marked); the value shown is the form's (the
 * entry's, or what was posted before a refusal).
 */
export function EntryRefSelect({ field, options, kindTitle }: { field: EntryField; options: readonly RefOption[]; kindTitle: string }) {
  const { error, value } = useFormField(field.name);
  const ids = fieldIds(field.name);
  const current = typeof value === 'string' ? value.trim() : '';
  const hint = field.hint ?? (options.length === 0 ? CONTENT_TEXT.refNone(kindTitle) : undefined);
  return (
    <FieldShell name={field.name} label={field.label} optional={Boolean(field.optional)} hint={hint} error={error}>
      {/* Keyed by its value: React applies a select's defaultValue only when it mounts, and a form is reset
          to its defaults after each answer (JavaScript on), so the value echoed after a refusal needs a new select. */}
      <select
        key={current}
        id={ids.input}
        name={field.name}
        defaultValue={current}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && ids.hint, error && ids.error)}
        className={[controls.input, styles.select, error ? controls.inputError : ''].filter(Boolean).join(' ')}
      >
        <option value="">{field.optional ? '—' : CONTENT_TEXT.chooseOne}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A multiple ref field (a session's speakers): a fieldset with a checkbox per entry of the named
 * kind, the chosen ones first (in their kept order), then the rest by name. A long list scrolls in
 * its own box (in columns where the screen is wide), each row a whole-width touch target with its
 * focus ring drawn inside the box. Works without JavaScript: the checked boxes are what is posted.
 */
export function EntryRefChecklist({ field, options, kindTitle }: { field: EntryField; options: readonly RefOption[]; kindTitle: string }) {
  const { error, value } = useFormField(field.name);
  const ids = fieldIds(field.name);
  const chosen = refValues(value);
  const ordered = chosenFirst(options, chosen);
  const hint = field.hint ?? (options.length === 0 ? CONTENT_TEXT.refNone(kindTitle) : CONTENT_TEXT.refHint(options.length));
  return (
    <fieldset className={error ? `${forms.fieldset} ${forms.fieldError}` : forms.fieldset} aria-describedby={describedBy(ids.hint, error && ids.error)}>
      <legend className={forms.legend}>
        {field.label}
        {field.optional ? <span className={forms.optional}> (optional)</span> : null}
      </legend>
      <p id={ids.hint} className={forms.hint}>
        {hint}
      </p>
      <ErrorMessage id={ids.error} message={error} />
      {ordered.length > 0 ? (
        <ul className={`${styles.refList} ${ordered.length > 8 ? styles.refListLong : ''}`} data-testid={`ref-${field.name}`}>
          {ordered.map((option, index) => (
            <li key={option.value}>
              <label className={styles.refChoice}>
                {/* The first box carries the field's id, so the error summary's link lands on it. */}
                <input
                  id={index === 0 ? ids.input : `${field.name}-option-${option.value}`}
                  type="checkbox"
                  name={field.name}
                  value={option.value}
                  defaultChecked={chosen.includes(option.value)}
                  className={forms.choiceInput}
                  data-field={field.name}
                />
                <span>{option.label}</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** A hidden value the form echoes back after a refusal (the Add form's one-time key). */
export function EchoedHidden({ name }: { name: string }) {
  const { value } = useFormField(name);
  return <input type="hidden" name={name} value={typeof value === 'string' ? value : ''} />;
}
