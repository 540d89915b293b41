'use client';

import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import type { InboxKind } from '@/contract/api/inbox-limits';
import admin from '../admin.module.css';
import { INBOX_TEXT } from '@/lib/staff/inbox-messages';
import { INBOX_IDLE, type InboxFormState } from './inbox-form-state';

type Action = (state: InboxFormState, formData: FormData) => Promise<InboxFormState>;

/**
 * A note or a reply: one text field. A client leaf only for useActionState: without JavaScript it
 * is a plain POST to the item's page (the permalink) and the answer comes back there; on an error
 * what was typed is kept. A reply carries the page's one-time `requestKey` (kept across errors),
 * so a form sent twice sends one mail.
 */
export function InboxTextForm({
  action,
  name,
  kind,
  id,
  permalink,
  title,
  label,
  hint,
  button,
  requestKey,
  greeting,
}: {
  action: Action;
  /** 'note' or 'reply': the ids of its heading and field. */
  name: 'note' | 'reply';
  kind: InboxKind;
  id: string;
  permalink: string;
  title: string;
  label: string;
  hint: string;
  button: string;
  requestKey?: string;
  /** A reply's: what the mail puts above it ("Dear Kemi,"), shown so it is not written twice. */
  greeting?: string;
}) {
  const [state, formAction, pending] = useActionState(action, INBOX_IDLE, permalink);
  const fieldId = `inbox-${name}`;
  const error = state.status === 'error' ? state.errors.body : undefined;
  const typed = state.status === 'error' && typeof state.values.body === 'string' ? state.values.body : '';
  const key = state.status === 'error' && typeof state.values.requestKey === 'string' && state.values.requestKey ? state.values.requestKey : requestKey;
  const describedBy = [`${fieldId}-hint`, greeting ? `${fieldId}-greeting` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ');
  return (
    <form action={formAction} className={admin.form} aria-labelledby={`${fieldId}-title`} noValidate key={state.seq ?? 0} data-testid={`${fieldId}-form`}>
      <h3 id={`${fieldId}-title`}>{title}</h3>
      {state.status === 'error' ? <ErrorSummary errors={error ? { [fieldId]: error } : {}} message={state.message} /> : null}
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      {key ? <input type="hidden" name="requestKey" value={key} /> : null}
      <div className={admin.field}>
        <label htmlFor={fieldId}>{label}</label>
        <p id={`${fieldId}-hint`} className={admin.fieldHint}>
          {hint}
        </p>
        {greeting ? (
          <p id={`${fieldId}-greeting`} className={admin.fieldHint} data-testid={`${fieldId}-greeting`}>
            {INBOX_TEXT.greetingHint(greeting)}
          </p>
        ) : null}
        {error ? (
          <p id={`${fieldId}-error`} className={admin.fieldError}>
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        ) : null}
        <textarea id={fieldId} name="body" rows={6} defaultValue={typed} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      </div>
      <div>
        <button type="submit" className={`${admin.button} ${admin.primaryButton}`} disabled={pending}>
          {button}
        </button>
      </div>
    </form>
  );
}
