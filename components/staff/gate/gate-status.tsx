'use client';

import Link from 'next/link';
import { useId, type FormEvent } from 'react';
import { GATE_DEVICE_NAME_MAX } from '@/contract/api/gate';
import { GATE_STATUS_MESSAGES } from '@/contract/gate/decide';
import type { GateView } from './use-gate';
import styles from '../staff.module.css';

/**
 * The offline gate's state under the desk: online or offline (it switches by itself), how many
 * check-ins wait to sync, when the list was downloaded, this phone's gate name, the offline
 * admissions the server did not count, and every gate's duplicates.
 */
export function GateStatus({
  view,
  describe,
  onRename,
  onDismiss,
}: {
  view: GateView;
  describe: (iso: string) => string;
  onRename: (name: string) => Promise<void>;
  onDismiss: (id: string) => Promise<void>;
}) {
  const nameId = useId();
  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onRename(String(new FormData(event.currentTarget).get('gate-name') ?? ''));
  };
  return (
    <section className={styles.gate} aria-label="This gate">
      <p role="status" className={view.online ? styles.gateOnline : styles.gateOffline} data-testid="gate-connection" data-online={String(view.online)}>
        <span aria-hidden="true">{view.online ? '● ' : '○ '}</span>
        {view.online ? GATE_STATUS_MESSAGES.online : GATE_STATUS_MESSAGES.offline}
        {' · '}
        <span data-testid="gate-queue" data-queued={view.queued}>
          {view.queued > 0 ? GATE_STATUS_MESSAGES.waiting(view.queued) : GATE_STATUS_MESSAGES.allSynced}
        </span>
      </p>
      <p className={styles.hint} data-testid="gate-pack">
        {view.packIssuedAt ? GATE_STATUS_MESSAGES.downloaded(describe(view.packIssuedAt)) : GATE_STATUS_MESSAGES.noPack}
      </p>
      {view.signedOut ? (
        <p className={`${styles.answer} ${styles.warn}`} role="alert">
          {GATE_STATUS_MESSAGES.signedOut} <Link href="/staff/login?next=%2Fstaff%2Fcheck-in">Sign in</Link>
        </p>
      ) : null}
      {view.attention.length > 0 ? (
        <div data-testid="gate-attention">
          <h2 className={styles.gateHeading}>Admitted offline, not counted</h2>
          <ul className={styles.gateList}>
            {view.attention.map((item) => (
              <li key={item.id}>
                <span className={styles.reference}>{item.reference}</span>: {item.message}{' '}
                <button type="button" className={styles.linkButton} onClick={() => void onDismiss(item.id)}>
                  Dismiss<span className="visually-hidden"> {item.reference}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.duplicates.length > 0 ? (
        <div data-testid="gate-duplicates">
          <h2 className={styles.gateHeading}>Duplicate check-ins</h2>
          <ul className={styles.gateList}>
            {view.duplicates.map((d) => (
              <li key={d.reference}>
                <span className={styles.reference}>{d.reference}</span> ({d.wristbands} wristband{d.wristbands === 1 ? '' : 's'}): counted at{' '}
                {describe(d.checkIn.scannedAt)} by {d.checkIn.by} ({d.checkIn.device}); again at{' '}
                {d.duplicates.map((x) => `${describe(x.scannedAt)} by ${x.by} (${x.device})`).join('; ')}.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form onSubmit={rename} className={styles.gateName}>
        <label htmlFor={nameId}>Gate name</label>
        <input
          id={nameId}
          name="gate-name"
          className={styles.input}
          defaultValue={view.device?.name ?? ''}
          key={view.device?.name ?? ''}
          maxLength={GATE_DEVICE_NAME_MAX}
          placeholder="North door"
          autoComplete="off"
        />
        <button type="submit" className={styles.secondary}>
          Save
        </button>
      </form>
    </section>
  );
}
