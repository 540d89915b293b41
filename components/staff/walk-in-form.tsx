'use client';

import { ActionForm, type FormAction } from '@/components/forms/action-form';
import { Field } from '@/components/forms/field';
import { FormRow } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import { TicketStepper } from '@/components/forms/ticket-stepper';
import { WALK_IN_MESSAGES, type WalkIn } from '@/contract/api/walk-ins';
import { TICKETS_MAX, TICKETS_MIN } from '@/contract/festival';
import type { FormState } from '@/contract/forms/form-state';
import { CHECK_IN_MESSAGES } from '@/contract/forms/messages';
import formStyles from '@/components/forms/forms.module.css';
import styles from './staff.module.css';

export interface WalkInProps {
  action: FormAction<WalkIn>;
  /** Minted by the page at render; every answer brings the next one (one walk-in per key). */
  idempotencyKey: string;
  /** Wristbands left for the edition; null: no limit, or not known. */
  remaining: number | null;
}

/** The walk-in's answer: checked in, in words and colour, what to hand over, the reference. */
function WalkInDone({ state }: { state: FormState<WalkIn> }) {
  const walkIn = state.data;
  return (
    <div className={`${styles.answer} ${styles.ok}`} data-testid="walk-in-answer" data-status="checked-in">
      <p className={styles.verdict}>
        <span aria-hidden="true">✓ </span>
        {CHECK_IN_MESSAGES.checkedIn}
      </p>
      {state.message ? <p className={styles.detail}>{state.message}</p> : null}
      {walkIn ? (
        <p className={styles.reference} data-testid="walk-in-reference">
          {WALK_IN_MESSAGES.ticketLine(walkIn.ticket.reference, `${walkIn.ticket.firstName} ${walkIn.ticket.lastName}`, walkIn.ticket.numberOfTickets)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A walk-in at the gate (issue 41): someone without a ticket, while wristbands remain. The public
 * registration's fields, rules and on-blur checks (form "registration"); the backend registers,
 * mails the ticket and checks them in at once. Without JavaScript a plain post whose answer is the
 * page again; with it, in place, and `onDone` lets the gate download its list again (the new
 * ticket, the counts). While the gate is offline the form waits (a post with no signal would
 * fail, and the page with it), saying why.
 */
export function WalkInForm({ action, idempotencyKey, remaining, onDone, offline = false }: WalkInProps & { onDone?: () => void; offline?: boolean }) {
  return (
    <section className={styles.walkIn} aria-labelledby="walk-in-title" data-testid="walk-in">
      <h2 id="walk-in-title">{WALK_IN_MESSAGES.title}</h2>
      <p className={styles.hint}>{WALK_IN_MESSAGES.intro}</p>
      {remaining === null ? null : (
        <p data-testid="walk-in-remaining" data-remaining={remaining}>
          {remaining > 0 ? WALK_IN_MESSAGES.remaining(remaining) : WALK_IN_MESSAGES.soldOut}
        </p>
      )}
      {offline ? (
        <p className={`${styles.answer} ${styles.warn}`} role="status" data-testid="walk-in-offline">
          {WALK_IN_MESSAGES.offline}
        </p>
      ) : null}
      <ActionForm
        action={action}
        form="registration"
        idempotencyKey={idempotencyKey}
        permalink="/staff/check-in"
        aria-labelledby="walk-in-title"
        success={(state) => <WalkInDone state={state} />}
        onSuccess={onDone}
      >
        {/* Offline (the gate says so), nothing can be registered: the fields keep what was typed, the button waits. */}
        <fieldset className={styles.walkInFields} disabled={offline}>
          <FormRow>
            <Field name="firstName" label={WALK_IN_MESSAGES.firstNameLabel} autoComplete="off" spellCheck={false} />
            <Field name="lastName" label={WALK_IN_MESSAGES.lastNameLabel} autoComplete="off" spellCheck={false} />
          </FormRow>
          <Field name="email" label={WALK_IN_MESSAGES.emailLabel} type="email" autoComplete="off" inputMode="email" spellCheck={false} hint={WALK_IN_MESSAGES.emailHint} />
          <Field name="phone" label={WALK_IN_MESSAGES.phoneLabel} type="tel" autoComplete="off" inputMode="tel" width="medium" hint={WALK_IN_MESSAGES.phoneHint} />
          <TicketStepper label={WALK_IN_MESSAGES.numberLabel} hint={WALK_IN_MESSAGES.numberHint(TICKETS_MIN, TICKETS_MAX)} />
          <div className={formStyles.actions}>
            <SubmitButton pendingLabel={WALK_IN_MESSAGES.pending}>{WALK_IN_MESSAGES.submit}</SubmitButton>
          </div>
        </fieldset>
      </ActionForm>
    </section>
  );
}
