import { HONEYPOT_FIELD } from '@/contract/festival';
import styles from './controls.module.css';

/** A field people never see or reach; bots that fill it are answered politely and ignored. */
export function Honeypot({ idPrefix = 'hp' }: { idPrefix?: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
