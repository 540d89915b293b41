'use client';

import { useEffect, useState } from 'react';
import { useFormField } from './form-context';
import styles from './forms.module.css';
import { useHydrated } from './use-hydrated';

/**
 * The proposal's live character count (spec §2/§5). Without JavaScript the static minimum shows;
 * with it, the count follows typing, and a polite live region repeats it once typing pauses so
 * screen readers are not interrupted on every key.
 */
export function CharCount({ id, fieldId, min }: { id: string; fieldId: string; min: number }) {
  const { value } = useFormField(fieldId);
  const hydrated = useHydrated();
  const [count, setCount] = useState(typeof value === 'string' ? value.trim().length : 0);
  const [announced, setAnnounced] = useState('');

  useEffect(() => {
    const field = document.getElementById(fieldId);
    if (!(field instanceof HTMLTextAreaElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const n = field.value.trim().length;
      setCount(n);
      clearTimeout(timer);
      timer = setTimeout(() => setAnnounced(describe(n, min)), 800);
    };
    field.addEventListener('input', update);
    return () => {
      clearTimeout(timer);
      field.removeEventListener('input', update);
    };
  }, [fieldId, min]);

  return (
    <>
      <p id={id} className={count >= min ? styles.count : `${styles.count} ${styles.countShort}`} data-testid="char-count">
        {hydrated ? describe(count, min) : `At least ${min} characters.`}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </>
  );
}

function describe(n: number, min: number): string {
  const chars = `${n} character${n === 1 ? '' : 's'}`;
  return n >= min ? `${chars} (minimum ${min})` : `${chars}: ${min - n} more needed (minimum ${min})`;
}
