import type { ReactNode } from 'react';
import styles from './staff.module.css';

/**
 * One verdict at the gate, online or offline: its colour (green ok, red stop, yellow warn) always
 * repeated in words and a mark (✓ ✗ ?), never colour alone.
 */
export function VerdictBox({
  tone,
  status,
  reason,
  mark,
  verdict,
  detail,
  detailTestId,
  reference,
}: {
  tone: 'ok' | 'stop' | 'warn';
  status: string;
  reason?: string;
  mark?: string;
  verdict?: string;
  detail?: ReactNode;
  detailTestId?: string;
  reference?: ReactNode;
}) {
  return (
    <div className={`${styles.answer} ${styles[tone]}`} data-testid="check-in-answer" data-status={status} data-reason={reason}>
      {verdict ? (
        <p className={styles.verdict}>
          <span aria-hidden="true">{mark} </span>
          {verdict}
        </p>
      ) : null}
      {detail ? (
        <p className={styles.detail} data-testid={detailTestId}>
          {detail}
        </p>
      ) : null}
      {reference ? <p className={styles.reference}>{reference}</p> : null}
    </div>
  );
}
