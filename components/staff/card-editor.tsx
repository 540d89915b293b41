'use client';

import Image from 'next/image';
import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { describedBy, Field, FieldShell } from '@/components/forms/field';
import { FormContext } from '@/components/forms/form-context';
import formStyles from '@/components/forms/forms.module.css';
import { MEDIA_LIMITS } from '@/lib/contract/reports';
import { ImageFileInput } from './image-file-input';
import { initialEditorState, type ReportEditorState } from './report-editor-state';
import styles from './editor.module.css';

/**
 * One event card or programme row: title, (subtitle), (category), image. Field ids carry the item's
 * key, so many of these forms live on one page with unique ids. Works without JavaScript.
 */
export function CardEditor({
  action,
  kind,
  itemKey,
  heading,
  initial,
  withSubtitle = false,
  withCategory = false,
}: {
  action: (state: ReportEditorState, formData: FormData) => Promise<ReportEditorState>;
  kind: 'event' | 'program';
  itemKey: string;
  heading: string;
  initial: Record<string, string>;
  withSubtitle?: boolean;
  withCategory?: boolean;
}) {
  const [state, formAction] = useActionState(action, initialEditorState, '/staff/events');
  const prefix = `${kind}-${itemKey}`;
  // Without JavaScript every form of this action on the page receives the answer: keep only ours.
  const mine = state.status !== 'idle' && state.for === prefix;
  const values = mine ? state.values : initial;
  const value = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  // Names and ids carry the item (one page, many forms); the action reads them back by that prefix.
  const id = (name: string) => `${prefix}-${name}`;
  const errors = mine ? Object.fromEntries(Object.entries(state.errors).map(([k, v]) => [id(k), v])) : {};
  const prefixedValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [id(k), v]));
  const imageUrl = /^\/(?![/\\])/.test(value('imageUrl')) ? value('imageUrl') : '';
  return (
    <section id={prefix} className={styles.item} aria-labelledby={`${prefix}-heading`} key={state.seq}>
      <h3 id={`${prefix}-heading`}>{heading}</h3>
      <FormContext value={{ errors, values: prefixedValues, setError: () => undefined }}>
        <form action={formAction} noValidate className={formStyles.form} aria-labelledby={`${prefix}-heading`}>
          {mine && state.status === 'error' ? <ErrorSummary errors={errors} message={state.message} /> : null}
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="key" value={itemKey} />
          <input type="hidden" name="imageId" value={value('imageId')} />
          <input type="hidden" name="imageUrl" value={imageUrl} />
          <Field name={id('title')} label="Title" autoComplete="off" />
          {withSubtitle ? <Field name={id('subtitle')} label="Subtitle" optional autoComplete="off" /> : null}
          {withCategory ? <Field name={id('category')} label="Category" optional autoComplete="off" width="medium" /> : null}
          <FieldShell name={id('image')} label="Image" optional hint={`Replaces the current image (up to ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} MB).`} error={errors[id('image')]}>
            {imageUrl ? (
              <p className={styles.current}>
                <Image src={imageUrl} alt="" width={96} height={64} sizes="96px" className={styles.thumb} />
                <span>Current image.</span>
              </p>
            ) : null}
            <ImageFileInput id={id('image')} name={id('image')} invalid={Boolean(errors[id('image')])} describedBy={describedBy(`${id('image')}-hint`, errors[id('image')] && `${id('image')}-error`)} />
          </FieldShell>
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

