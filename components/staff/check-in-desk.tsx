'use client';

import { wristbands } from '@/contract/festival';
import { useActionState, useRef, useState, type FormEvent } from 'react';
import type { CheckInAnswer, CheckInData, CheckInState } from './check-in-state';
import { CHECK_IN_MESSAGES } from '@/contract/forms/messages';
import { CHECK_IN_REFUSALS } from '@/contract/api/tickets';
import { GateStatus } from './gate/gate-status';
import { OfflineAnswer } from './gate/offline-answer';
import { useGate, type GateActions, type GateAnswer } from './gate/use-gate';
import { QrScanner } from './qr-scanner';
import { VerdictBox } from './verdict-box';
import { WalkInForm, type WalkInProps } from './walk-in-form';
import styles from './staff.module.css';

export const when = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short', timeZone: 'Africa/Lagos' });


function Answer({ answer }: { answer: CheckInAnswer }) {
  switch (answer.status) {
    case 'idle':
      return null;
    case 'checked-in': {
      const t = answer.ticket;
      return <VerdictBox tone="ok" status="checked-in" mark="✓" verdict={CHECK_IN_MESSAGES.checkedIn} detail={`${t.firstName} ${t.lastName}: hand over ${wristbands(t.numberOfTickets)}.`} reference={t.reference} />;
    }
    case 'already':
      return (
        <VerdictBox
          tone="stop"
          status="already"
          mark="✗"
          verdict={CHECK_IN_MESSAGES.already}
          detail={`At ${when.format(new Date(answer.checkedInAt))} by ${answer.checkedInBy}. Do not hand over wristbands.`}
          reference={ticketLine(answer.ticket)}
        />
      );
    case 'refused':
      return (
        <VerdictBox
          tone="stop"
          status="refused"
          reason={answer.reason}
          mark="✗"
          verdict={CHECK_IN_REFUSALS.verdict}
          detail={answer.message}
          detailTestId="check-in-reason"
          reference={ticketLine(answer.ticket)}
        />
      );
    case 'unknown':
      return <VerdictBox tone="stop" status="unknown" mark="?" verdict={CHECK_IN_MESSAGES.unknown} reference={answer.reference} />;
    case 'invalid':
      return <VerdictBox tone="warn" status="invalid" detail={CHECK_IN_MESSAGES.invalid} />;
    case 'failed':
      return <VerdictBox tone="warn" status="failed" detail={CHECK_IN_MESSAGES.failed} />;
  }
}

function ticketLine(t: { reference: string; firstName: string; lastName: string; numberOfTickets: number }): string {
  return `${t.reference}: ${t.firstName} ${t.lastName}, ${wristbands(t.numberOfTickets)}`;
}

/** The gate's own verdict (offline, or before asking), else the server's in the desk's usual view. */
function LocalAnswer({ answer }: { answer: GateAnswer }) {
  if (answer.kind === 'server') return <Answer answer={answer.result} />;
  return <OfflineAnswer answer={answer} describe={(iso) => when.format(new Date(iso))} />;
}

/**
 * The volunteer's desk: one field, one big button, the verdict in words and colour, the counts.
 * Without JavaScript it is a plain form whose answer is the page rendered again (the server's
 * action). With it, the camera scanner appears where the browser has BarcodeDetector, each answer
 * clears the field, and the offline gate takes over (gate/use-gate.ts): the server's verdict while
 * online, the phone's own with no signal, its queue synced when the signal returns.
 */
export function CheckInDesk({
  action,
  gateActions,
  initial,
  walkIn,
}: {
  action: (s: CheckInState, f: FormData) => Promise<CheckInState>;
  gateActions: GateActions;
  initial: CheckInData & { seq: number };
  /** The walk-in form (issue 41), where the backend offers walk-ins. */
  walkIn?: WalkInProps | undefined;
}) {
  const [state, formAction, pending] = useActionState(
    action,
    { status: 'idle', errors: {}, values: {}, seq: initial.seq, data: { answer: initial.answer, counts: initial.counts } },
    '/staff/check-in',
  );
  const gate = useGate(gateActions, (iso) => when.format(new Date(iso)));
  const [local, setLocal] = useState<{ answer: GateAnswer; seq: number; typed: string }>();
  const [checking, setChecking] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const answer = state.data?.answer ?? { status: 'idle' };
  // With the gate ready: the server's counts plus this phone's offline admissions not yet synced (gate/gate-counts.ts).
  const counts = gate.counts ?? state.data?.counts;
  const seq = state.seq ?? 0;
  const typed = local ? local.typed : answer.status === 'invalid' || answer.status === 'failed' ? answer.typed : '';
  const busy = pending || checking;

  // With the gate ready the phone answers (online through the server); otherwise the form's action.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (gate.view.mode !== 'ready') return;
    event.preventDefault();
    const value = input.current?.value ?? '';
    setChecking(true);
    void gate
      .check(value)
      .then((next) => setLocal((l) => ({ answer: next, seq: (l?.seq ?? 0) + 1, typed: next.kind === 'invalid' ? value : '' })))
      .finally(() => setChecking(false));
  };

  const onScan = (text: string) => {
    if (!input.current || !form.current) return;
    input.current.value = text;
    form.current.requestSubmit();
  };

  return (
    <>
      <div role="status" aria-live="assertive" aria-atomic="true" className={styles.live}>
        {local ? <LocalAnswer answer={local.answer} /> : <Answer answer={answer} />}
      </div>
      <form ref={form} action={formAction} onSubmit={onSubmit} className={styles.desk} key={`${seq}-${local?.seq ?? 0}`} aria-label="Check in a ticket">
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
          maxLength={200}
          required
          autoFocus={seq > 0 || Boolean(local)}
        />
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? 'Checking…' : 'Check in'}
        </button>
      </form>
      <QrScanner onScan={onScan} />
      {counts ? (
        <p className={styles.counts} data-testid="check-in-counts">
          Checked in: <strong>{counts.checkedInWristbands}</strong> of <strong>{counts.wristbands}</strong> wristbands (
          {counts.checkedInRegistrations} of {counts.registrations} registrations)
        </p>
      ) : null}
      {gate.view.mode === 'ready' ? <GateStatus view={gate.view} describe={(iso) => when.format(new Date(iso))} onRename={gate.rename} onDismiss={gate.dismiss} /> : null}
      {/* A walk-in is checked in by the server: the gate downloads its list again (the new ticket, the counts). */}
      {walkIn ? <WalkInForm {...walkIn} onDone={gate.refreshNow} offline={gate.view.mode === 'ready' && !gate.view.online} /> : null}
    </>
  );
}
