'use client';

import { useActionState, useEffect, useRef, useState, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import type { FieldRules } from '@/contract/forms/checks';
import { checkField, type FormName } from '@/contract/forms/field-rules';
import { idleState, type FieldErrors, type FormState, type FormValues } from '@/contract/forms/form-state';
import { ErrorSummary } from './error-summary';
import { FormContext } from './form-context';
import { Honeypot } from './honeypot';
import styles from './forms.module.css';

export type FormAction<Data = unknown> = (state: FormState<Data>, formData: FormData) => Promise<FormState<Data>>;

export interface ActionFormProps<Data = unknown> {
  action: FormAction<Data>;
  /** The on-blur checks: a FIELD_CHECKS name, or a stored form's `fields` (its rules, plain data). */
  form: FormName | FieldRules;
  /** Minted by the page at render: one submission, one record, however often it is posted. */
  idempotencyKey: string;
  /** The page's URL, so a JavaScript-off post renders this page again with its errors. */
  permalink: string;
  children: ReactNode;
  'aria-labelledby'?: string;
  /** Answers to show before the first post (a waiting-list offer's name); the echoed answers win after one. */
  initialValues?: FormValues;
  /**
   * A form that stays on its page after a success (a staff walk-in): what to show for that answer,
   * in a polite live region above the form. Public forms redirect instead and pass none.
   */
  success?: (state: FormState<Data>) => ReactNode;
  /** The fields' names for the error summary's links (GOV.UK: "First name: This field is required"). */
  labels?: Readonly<Record<string, string>>;
  /** Told of each success answer once, after it renders (JavaScript on: the gate then downloads its list again). */
  onSuccess?: ((state: FormState<Data>) => void) | undefined;
}

/**
 * A form posting to a server action. Without JavaScript it is a plain HTML form whose answer
 * (errors, answers kept) is the page rendered again; with it, the same action runs in place and
 * the spec's on-blur checks and clear-on-edit are added (same rules as the server).
 */
export function ActionForm<Data = unknown>({ action, form, idempotencyKey, permalink, children, initialValues, success, onSuccess, ...rest }: ActionFormProps<Data>) {
  const [state, formAction] = useActionState(action, idleState as FormState<Data>, permalink);
  // An answer's fresh key (after a failure; after a success that stays on the page) is the next submission's.
  const key = ((state.status === 'error' || state.status === 'success') && state.idempotencyKey) || idempotencyKey;
  const told = useRef<FormState<Data> | undefined>(undefined);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  useEffect(() => {
    if (state.status !== 'success' || told.current === state) return;
    told.current = state;
    onSuccessRef.current?.(state);
  }, [state]);
  // A new key per answer remounts the fields, so they show the echoed answers and the summary refocuses.
  const body = (
    <FormBody key={key} state={state} formAction={formAction} form={form} idempotencyKey={key} initialValues={initialValues} {...rest}>
      {children}
    </FormBody>
  );
  if (!success) return body;
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true">
        {state.status === 'success' ? success(state) : null}
      </div>
      {body}
    </>
  );
}

interface BodyProps {
  state: FormState;
  formAction: (formData: FormData) => void;
  form: FormName | FieldRules;
  idempotencyKey: string;
  children: ReactNode;
  'aria-labelledby'?: string;
  initialValues?: FormValues | undefined;
  labels?: Readonly<Record<string, string>> | undefined;
}

function FormBody({ state, formAction, form, idempotencyKey, children, initialValues, labels, ...rest }: BodyProps) {
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
        {state.status === 'error' ? <ErrorSummary errors={serverErrors} message={state.message} labels={labels} /> : null}
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <Honeypot />
        {children}
      </form>
    </FormContext>
  );
}
