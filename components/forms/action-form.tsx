'use client';

import { useActionState, useState, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { checkField, type FormName } from '@/contract/forms/field-rules';
import { idleState, type FieldErrors, type FormState, type FormValues } from '@/contract/forms/form-state';
import { ErrorSummary } from './error-summary';
import { FormContext } from './form-context';
import { Honeypot } from './honeypot';
import styles from './forms.module.css';

export type FormAction = (state: FormState, formData: FormData) => Promise<FormState>;

export interface ActionFormProps {
  action: FormAction;
  /** Which FIELD_CHECKS the on-blur check uses. */
  form: FormName;
  /** Minted by the page at render: one submission, one record, however often it is posted. */
  idempotencyKey: string;
  /** The page's URL, so a JavaScript-off post renders this page again with its errors. */
  permalink: string;
  children: ReactNode;
  'aria-labelledby'?: string;
  /** Answers to show before the first post (a waiting-list offer's name); the echoed answers win after one. */
  initialValues?: FormValues;
}

/**
 * A form posting to a server action. Without JavaScript it is a plain HTML form whose answer
 * (errors, answers kept) is the page rendered again; with it, the same action runs in place and
 * the spec's on-blur checks and clear-on-edit are added (same rules as the server).
 */
export function ActionForm({ action, form, idempotencyKey, permalink, children, initialValues, ...rest }: ActionFormProps) {
  const [state, formAction] = useActionState(action, idleState, permalink);
  const key = (state.status === 'error' && state.idempotencyKey) || idempotencyKey;
  // A new key per answer remounts the fields, so they show the echoed answers and the summary refocuses.
  return (
    <FormBody key={key} state={state} formAction={formAction} form={form} idempotencyKey={key} initialValues={initialValues} {...rest}>
      {children}
    </FormBody>
  );
}

interface BodyProps {
  state: FormState;
  formAction: (formData: FormData) => void;
  form: FormName;
  idempotencyKey: string;
  children: ReactNode;
  'aria-labelledby'?: string;
  initialValues?: FormValues | undefined;
}

function FormBody({ state, formAction, form, idempotencyKey, children, initialValues, ...rest }: BodyProps) {
  const serverErrors = state.status === 'error' ? state.errors : {};
  const values = state.status === 'error' ? state.values : (initialValues ?? {});
  const [errors, setErrors] = useState<FieldErrors>(serverErrors);

  const setError = (field: string, message: string | undefined) =>
    setErrors((current) => {
      if (current[field] === message) return current;
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  const fieldOf = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)) {
      return undefined;
    }
    return { el: target, field: target.dataset.field ?? target.name };
  };

  // Spec §5: checks run on blur; choice groups (radios, checkboxes) only on submit.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    // Leaving a field for the submit button: the submit checks everything, and a message
    // appearing now would shift the button away from under the pointer before the click lands.
    // Likewise for a button that works on this field (the stepper's − and +): it sets a valid value.
    const next = event.relatedTarget;
    const hit = fieldOf(event);
    if (next instanceof HTMLButtonElement && (next.type === 'submit' || (hit && next.getAttribute('aria-controls') === hit.el.id))) {
      return;
    }
    if (!hit || hit.el.dataset.check === 'off') return;
    if (hit.el.type === 'radio' || hit.el.type === 'checkbox' || hit.el.type === 'hidden') return;
    const message = checkField(form, hit.field, hit.el.value);
    setError(hit.field, message);
  };

  // A field's error clears as soon as the visitor edits it.
  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    const hit = fieldOf(event);
    if (hit) setError(hit.field, undefined);
  };

  return (
    <FormContext value={{ errors, values, setError }}>
      <form action={formAction} noValidate className={styles.form} onBlur={onBlur} onInput={onEdit} onChange={onEdit} {...rest}>
        {state.status === 'error' ? <ErrorSummary errors={serverErrors} message={state.message} /> : null}
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <Honeypot />
        {children}
      </form>
    </FormContext>
  );
}
