'use client';

import { useActionState, useRef } from 'react';
import type { CheckInAnswer, CheckInData, CheckInState } from './check-in-state';
import { CHECK_IN_MESSAGES } from '@/contract/forms/messages';
import { CHECK_IN_REFUSALS } from '@/contract/api/tickets';
import { QrScanner } from './qr-scanner';
import styles from './staff.module.css';

const when = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' });

function wristbands(n: number) {
  return `${n} wristband${n === 1 ? '' : 's'}`;
}

function Answer({ answer }: { answer: CheckInAnswer }) {
  switch (answer.status) {
    case 'idle':
      return null;
    case 'checked-in':
      return (
        <div className={`${styles.answer} ${styles.ok}`} data-testid="check-in-answer" data-status="checked-in">
          <p className={styles.verdict}>
            <span aria-hidden="true">✓ </span>
            {CHECK_IN_MESSAGES.checkedIn}
          </p>
          <p className={styles.detail}>
            {answer.ticket.firstName} {answer.ticket.lastName}: hand over {wristbands(answer.ticket.numberOfTickets)}.
          </p>
          <p className={styles.reference}>{answer.ticket.reference}</p>
        </div>
      );
    case 'already':
      return (
        <div className={`${styles.answer} ${styles.stop}`} data-testid="check-in-answer" data-status="already">
          <p className={styles.verdict}>
            <span aria-hidden="true">✗ </span>
            {CHECK_IN_MESSAGES.already}
          </p>
          <p className={styles.detail}>
            At {when.format(new Date(answer.checkedInAt))} by {answer.checkedInBy}. Do not hand over wristbands.
          </p>
          <p className={styles.reference}>
            {answer.ticket.reference}: {answer.ticket.firstName} {answer.ticket.lastName}, {wristbands(answer.ticket.numberOfTickets)}
          </p>
        </div>
      );
    case 'refused':
      return (
        <div className={`${styles.answer} ${styles.stop}`} data-testid="check-in-answer" data-status="refused" data-reason={answer.reason}>
          <p className={styles.verdict}>
            <span aria-hidden="true">✗ </span>
            {CHECK_IN_REFUSALS.verdict}
          </p>
          <p className={styles.detail} data-testid="check-in-reason">
            {answer.message}
          </p>
          <p className={styles.reference}>
            {answer.ticket.reference}: {answer.ticket.firstName} {answer.ticket.lastName}, {wristbands(answer.ticket.numberOfTickets)}
          </p>
        </div>
      );
    case 'unknown':
      return (
        <div className={`${styles.answer} ${styles.stop}`} data-testid="check-in-answer" data-status="unknown">
          <p className={styles.verdict}>
            <span aria-hidden="true">? </span>
            {CHECK_IN_MESSAGES.unknown}
          </p>
          <p className={styles.reference}>{answer.reference}</p>
        </div>
      );
    case 'invalid':
      return (
        <div className={`${styles.answer} ${styles.warn}`} data-testid="check-in-answer" data-status="invalid">
          <p className={styles.detail}>{CHECK_IN_MESSAGES.invalid}</p>
        </div>
      );
    case 'failed':
      return (
        <div className={`${styles.answer} ${styles.warn}`} data-testid="check-in-answer" data-status="failed">
          <p className={styles.detail}>{CHECK_IN_MESSAGES.failed}</p>
        </div>
      );
  }
}

/**
 * The volunteer's desk: one field, one big button, the verdict in words and colour, the counts.
 * Without JavaScript it is a plain form whose answer is the page rendered again; with it, the
 * camera scanner appears where the browser has BarcodeDetector, and each answer clears the field.
 */
export function CheckInDesk({ action, initial }: { action: (s: CheckInState, f: FormData) => Promise<CheckInState>; initial: CheckInData & { seq: number } }) {
  const [state, formAction, pending] = useActionState(
    action,
    { status: 'idle', errors: {}, values: {}, seq: initial.seq, data: { answer: initial.answer, counts: initial.counts } },
    '/staff/check-in',
  );
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const answer = state.data?.answer ?? { status: 'idle' };
  const counts = state.data?.counts;
  const seq = state.seq ?? 0;
  const typed = answer.status === 'invalid' || answer.status === 'failed' ? answer.typed : '';

  const onScan = (reference: string) => {
    if (!input.current || !form.current) return;
    input.current.value = reference;
    form.current.requestSubmit();
  };

  return (
    <>
      <div role="status" aria-live="assertive" aria-atomic="true" className={styles.live}>
        <Answer answer={answer} />
      </div>
      <form ref={form} action={formAction} className={styles.desk} key={seq} aria-label="Check in a ticket">
        <label htmlFor="reference" className={styles.label}>
          Ticket reference
        </label>
        <p id="reference-hint" className={styles.hint}>
          For example ITN-7K3Q9P. The ITN- may be left out.
        </p>
        <input
          ref={input}
          id="reference"
          name="reference"
          className={styles.input}
          defaultValue={typed}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          aria-describedby="reference-hint"
          maxLength={64}
          required
          autoFocus={seq > 0}
        />
        <button type="submit" className={styles.primary} disabled={pending}>
          {pending ? 'Checking…' : 'Check in'}
        </button>
      </form>
      <QrScanner onScan={onScan} />
      {counts ? (
        <p className={styles.counts} data-testid="check-in-counts">
          Checked in: <strong>{counts.checkedInWristbands}</strong> of <strong>{counts.wristbands}</strong> wristbands (
          {counts.checkedInRegistrations} of {counts.registrations} registrations)
        </p>
      ) : null}
    </>
  );
}
