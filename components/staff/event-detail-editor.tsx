'use client';

import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { Field } from '@/components/forms/field';
import { FormContext } from '@/components/forms/form-context';
import formStyles from '@/components/forms/forms.module.css';
import { EVENT_DETAIL_LIMITS } from '@/lib/contract/admin-limits';
import { initialEditorState, type ReportEditorState } from './report-editor-state';
import styles from './editor.module.css';

/**
 * One event's or programme session's detail: title, start and end (Lagos time), venue, address,
 * description. Ids and names carry the slug (many forms on one page). Works without JavaScript.
 */
export function EventDetailEditor({
  action,
  slug,
  heading,
  initial,
}: {
  action: (state: ReportEditorState, formData: FormData) => Promise<ReportEditorState>;
  slug: string;
  heading: string;
  initial: Record<string, string>;
}) {
  const [state, formAction] = useActionState(action, initialEditorState, '/staff/events');
  const prefix = `detail-${slug}`;
  // Without JavaScript every form of this action on the page receives the answer: keep only ours.
  const mine = state.status !== 'idle' && state.for === prefix;
  const values = mine ? state.values : initial;
  const id = (name: string) => `${prefix}-${name}`;
  const errors = mine ? Object.fromEntries(Object.entries(state.errors).map(([k, v]) => [id(k), v])) : {};
  const prefixedValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [id(k), v]));
  return (
    <section id={prefix} className={styles.item} aria-labelledby={`${prefix}-heading`} key={state.seq}>
      <h3 id={`${prefix}-heading`}>{heading}</h3>
      <FormContext value={{ errors, values: prefixedValues, setError: () => undefined }}>
        <form action={formAction} noValidate className={formStyles.form} aria-labelledby={`${prefix}-heading`}>
          {mine && state.status === 'error' ? <ErrorSummary errors={errors} message={state.message} /> : null}
          <input type="hidden" name="slug" value={slug} />
          <Field name={id('title')} label="Title" autoComplete="off" maxLength={EVENT_DETAIL_LIMITS.title} />
          <Field name={id('startsAt')} label="Starts" hint="Date and time in Lagos (WAT)." type="datetime-local" width="medium" />
          <Field name={id('endsAt')} label="Ends" hint="Date and time in Lagos (WAT); after the start." type="datetime-local" width="medium" />
          <Field name={id('venue')} label="Venue" autoComplete="off" maxLength={EVENT_DETAIL_LIMITS.venue} />
          <Field name={id('address')} label="Address" autoComplete="off" maxLength={EVENT_DETAIL_LIMITS.address} />
          <Field name={id('description')} label="Description" hint="Plain text; leave a blank line between paragraphs." multiline rows={6} maxLength={EVENT_DETAIL_LIMITS.description} />
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
