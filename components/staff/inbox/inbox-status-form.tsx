'use client';

import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { INBOX_STATUSES, type InboxKind, type InboxStatus } from '@/contract/api/inbox-limits';
import { INBOX_STATUS_LABELS, INBOX_TEXT } from '@/lib/staff/inbox-messages';
import admin from '../admin.module.css';
import { INBOX_IDLE, type InboxFormState } from './inbox-form-state';

type Action = (state: InboxFormState, formData: FormData) => Promise<InboxFormState>;

/**
 * The item's status. A client leaf only for useActionState: its permalink gives the form a real
 * action URL (valid HTML) that works without JavaScript; the action redirects back on success.
 */
export function InboxStatusForm({ action, kind, id, status, permalink }: { action: Action; kind: InboxKind; id: string; status: InboxStatus; permalink: string }) {
  const [state, formAction, pending] = useActionState(action, INBOX_IDLE, permalink);
  const error = state.status === 'error' ? state.errors.status : undefined;
  return (
    <form action={formAction} className={admin.form} aria-labelledby="status-title" noValidate>
      <h2 id="status-title">{INBOX_TEXT.statusTitle}</h2>
      {state.status === 'error' ? <ErrorSummary key={state.seq} errors={error ? { 'inbox-status': error } : {}} message={state.message} /> : null}
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <div className={admin.field}>
        <label htmlFor="inbox-status">{INBOX_TEXT.statusLabel}</label>
        {error ? (
          <p id="inbox-status-error" className={admin.fieldError}>
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        ) : null}
        <select id="inbox-status" name="status" defaultValue={status} key={`${status}-${state.seq ?? 0}`} aria-invalid={error ? true : undefined} aria-describedby={error ? 'inbox-status-error' : undefined}>
          {INBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {INBOX_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className={`${admin.button} ${admin.primaryButton}`} disabled={pending}>
          {INBOX_TEXT.statusButton}
        </button>
      </div>
    </form>
  );
}
