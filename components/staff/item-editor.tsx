'use client';

import { useActionState, type ReactNode } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { FormContext } from '@/components/forms/form-context';
import formStyles from '@/components/forms/forms.module.css';
import { initialEditorState, type ReportEditorState } from './report-editor-state';
import styles from './editor.module.css';

export type ItemEditorAction = (state: ReportEditorState, formData: FormData) => Promise<ReportEditorState>;

/**
 * One of many forms posting to one action on a page (/staff/events): names and ids carry the item's
 * prefix so they stay unique, and the action reads them back by it. Without JavaScript React hands
 * the answer to every form of that action on the page, so each keeps only the answer for its prefix.
 */
export function useItemEditor(action: ItemEditorAction, prefix: string, initial: Record<string, string>) {
  const [state, formAction] = useActionState(action, initialEditorState, '/staff/events');
  const mine = state.status !== 'idle' && state.for === prefix;
  const values = mine ? state.values : initial;
  const id = (name: string) => `${prefix}-${name}`;
  const errors = mine ? Object.fromEntries(Object.entries(state.errors).map(([k, v]) => [id(k), v])) : {};
  return { state, formAction, mine, values, id, errors, prefix };
}

/** The frame of one item's form: its heading, the error summary, the fields given, and Save. */
export function ItemEditorForm({ editor, heading, children }: { editor: ReturnType<typeof useItemEditor>; heading: string; children: ReactNode }) {
  const { state, formAction, mine, values, id, errors, prefix } = editor;
  const prefixedValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [id(k), v]));
  return (
    <section id={prefix} className={styles.item} aria-labelledby={`${prefix}-heading`} key={state.seq}>
      <h3 id={`${prefix}-heading`}>{heading}</h3>
      <FormContext value={{ errors, values: prefixedValues, setError: () => undefined }}>
        <form action={formAction} noValidate className={formStyles.form} aria-labelledby={`${prefix}-heading`}>
          {mine && state.status === 'error' ? <ErrorSummary errors={errors} message={state.message} /> : null}
          {children}
          <div className={styles.actions}>
            <button type="submit" className="btn btn--secondary">
              Save<span className="visually-hidden"> {heading}</span>
            </button>
          </div>
        </form>
      </FormContext>
    </section>
  );
}
