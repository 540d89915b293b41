'use client';

import { useState } from 'react';
import { TICKETS_DEFAULT, TICKETS_MAX, TICKETS_MIN } from '@/contract/festival';
import { describedBy, FieldShell, fieldIds } from './field';
import { useClearError, useFormField } from './form-context';
import controls from './controls.module.css';
import styles from './forms.module.css';
import { useHydrated } from './use-hydrated';


/**
 * The ticket count (spec §4): default 1; the − and + buttons step within 1–10 and are disabled at
 * the bounds. A typed value is left as typed so an out-of-range one gets its message. Without
 * JavaScript the buttons are not rendered and this is a plain number input. `max`: fewer than 10
 * when fewer wristbands are left (issue 43).
 */
export function TicketStepper({ name = 'numberOfTickets', label, hint, max = TICKETS_MAX }: { name?: string; label: string; hint?: string; max?: number }) {
  const upper = Math.max(TICKETS_MIN, Math.min(TICKETS_MAX, max));
  const clamp = (n: number) => Math.min(upper, Math.max(TICKETS_MIN, n));
  const { error, value: echoed } = useFormField(name);
  const clearError = useClearError();
  const hydrated = useHydrated();
  const [value, setValue] = useState(typeof echoed === 'string' && echoed !== '' ? echoed : String(TICKETS_DEFAULT));
  const ids = fieldIds(name);
  const current = Number(value);
  const known = value.trim() !== '' && Number.isFinite(current);

  const step = (delta: number) => {
    const base = known ? Math.round(current) : TICKETS_DEFAULT;
    setValue(String(clamp(base + delta)));
    clearError(name);
  };

  return (
    <FieldShell name={name} label={label} hint={hint} error={error}>
      <div className={styles.stepper}>
        {hydrated ? (
          <button
            type="button"
            className={styles.stepperButton}
            onClick={() => step(-1)}
            disabled={known && current <= TICKETS_MIN}
            aria-controls={ids.input}
            aria-label="Fewer tickets"
          >
            −
          </button>
        ) : null}
        <input
          id={ids.input}
          name={name}
          type="number"
          inputMode="numeric"
          min={TICKETS_MIN}
          max={upper}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && ids.hint, error && ids.error)}
          className={[controls.input, styles.stepperInput, error ? controls.inputError : ''].filter(Boolean).join(' ')}
        />
        {hydrated ? (
          <button
            type="button"
            className={styles.stepperButton}
            onClick={() => step(1)}
            disabled={known && current >= upper}
            aria-controls={ids.input}
            aria-label="More tickets"
          >
            +
          </button>
        ) : null}
      </div>
    </FieldShell>
  );
}
