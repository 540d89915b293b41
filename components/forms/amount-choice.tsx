'use client';

import { useRef } from 'react';
import { DONATION_MIN_NGN, DONATION_SUGGESTED_NGN, formatNaira } from '@/contract/festival';
import { AMOUNT_CHOICE_FIELD, AMOUNT_OTHER, CUSTOM_AMOUNT_FIELD, checkField } from '@/contract/forms/field-rules';
import { ChoiceGroup, describedBy } from './field';
import { useFormField, useSetError } from './form-context';
import controls from './controls.module.css';
import styles from './forms.module.css';

/**
 * The donation amount: suggested amounts as radio buttons (they work without JavaScript) plus
 * "Other amount" with its own field. With JavaScript, typing an amount picks "Other amount", and
 * leaving the field checks it — unless a suggested amount is chosen, which the typed one would
 * not replace.
 */
export function AmountChoice() {
  const { error } = useFormField('amount');
  const { value: custom } = useFormField(CUSTOM_AMOUNT_FIELD);
  const setError = useSetError();
  const otherRef = useRef<HTMLInputElement | null>(null);

  const options = [
    ...DONATION_SUGGESTED_NGN.map((n) => ({ value: String(n), label: formatNaira(n) })),
    { value: AMOUNT_OTHER, label: 'Other amount' },
  ];

  const otherChosen = (form: HTMLFormElement | null) => {
    const chosen = form?.querySelector<HTMLInputElement>(`input[name="${AMOUNT_CHOICE_FIELD}"]:checked`);
    return !chosen || chosen.value === AMOUNT_OTHER;
  };

  return (
    <ChoiceGroup name={AMOUNT_CHOICE_FIELD} errorKey="amount" legend="Donation amount" type="radio" options={options} inline>
      <div className={styles.field}>
        <label htmlFor={CUSTOM_AMOUNT_FIELD} className={styles.label}>
          Other amount in naira (₦)
        </label>
        <p id={`${CUSTOM_AMOUNT_FIELD}-hint`} className={styles.hint}>
          Choose &lsquo;Other amount&rsquo; above, then type any amount from {formatNaira(DONATION_MIN_NGN)}.
        </p>
        <input
          id={CUSTOM_AMOUNT_FIELD}
          name={CUSTOM_AMOUNT_FIELD}
          type="text"
          inputMode="decimal"
          autoComplete="transaction-amount"
          defaultValue={typeof custom === 'string' ? custom : undefined}
          data-field="amount"
          data-check="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${CUSTOM_AMOUNT_FIELD}-hint`, error && 'amount-error')}
          className={[controls.input, styles.medium, error ? controls.inputError : ''].filter(Boolean).join(' ')}
          onInput={(e) => {
            otherRef.current ??= e.currentTarget.form?.querySelector<HTMLInputElement>(
              `input[name="${AMOUNT_CHOICE_FIELD}"][value="${AMOUNT_OTHER}"]`,
            ) ?? null;
            if (otherRef.current && e.currentTarget.value.trim() !== '') otherRef.current.checked = true;
          }}
          onBlur={(e) => {
            if (!otherChosen(e.currentTarget.form)) return;
            setError('amount', checkField('donation', 'amount', e.currentTarget.value));
          }}
        />
      </div>
    </ChoiceGroup>
  );
}
