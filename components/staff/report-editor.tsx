'use client';

import Image from 'next/image';
import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { ChoiceGroup, describedBy, Field, FieldShell, fieldIds } from '@/components/forms/field';
import { FormContext } from '@/components/forms/form-context';
import formStyles from '@/components/forms/forms.module.css';
import { MEDIA_LIMITS, REPORT_CATEGORIES, REPORT_LIMITS, REPORT_MESSAGES } from '@/contract/api/reports';
import { ImageFileInput } from './image-file-input';
import { initialEditorState, ownImageUrl, textValue, type ReportEditorState } from './report-editor-state';
import styles from './editor.module.css';

export interface ReportEditorProps {
  action: (state: ReportEditorState, formData: FormData) => Promise<ReportEditorState>;
  /** The page's URL: without JavaScript, a post renders it again with the answer. */
  permalink: string;
  /** The saved report's values (edit), or the defaults (new). */
  initial: Record<string, string>;
  published: boolean;
}

const MB = MEDIA_LIMITS.maxBytes / (1024 * 1024);

/**
 * The report editor: a plain multipart form posting to one server action. Preview is a submit
 * button, so it works without JavaScript: the page comes back with the rendered body under the
 * form and every field as typed.
 */
export function ReportEditor({ action, permalink, initial, published }: ReportEditorProps) {
  const [state, formAction] = useActionState(action, initialEditorState, permalink);
  const values = state.status === 'idle' ? initial : { ...state.values };
  const value = (name: string) => textValue(values, name);
  const imageUrl = ownImageUrl(values);
  const categoryIds = fieldIds('category');
  const imageIds = fieldIds('image');
  return (
    <div className={styles.editor} key={state.seq}>
      <FormContext value={{ errors: state.errors, values, setError: () => undefined }}>
        <form action={formAction} noValidate className={formStyles.form} aria-labelledby="editor-title">
          <h2 id="editor-title" className="visually-hidden">
            Report details
          </h2>
          {state.status === 'error' ? <ErrorSummary errors={state.errors} message={state.message} /> : null}
          <input type="hidden" name="id" value={value('id')} />
          <input type="hidden" name="imageId" value={value('imageId')} />
          <input type="hidden" name="imageUrl" value={imageUrl} />
          <Field name="title" label="Title" maxLength={REPORT_LIMITS.title} autoComplete="off" />
          <FieldShell name="category" label="Category" error={state.errors.category}>
            <select
              id={categoryIds.input}
              name="category"
              defaultValue={value('category')}
              className={`${formStyles.input} ${styles.select}`}
              aria-invalid={state.errors.category ? true : undefined}
              aria-describedby={describedBy(state.errors.category && categoryIds.error)}
            >
              {REPORT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </FieldShell>
          <div className={styles.row}>
            <Field name="date" label="Date" type="date" hint="The day of the event or report (YYYY-MM-DD)." width="medium" />
            <Field name="author" label="Author" optional autoComplete="off" maxLength={REPORT_LIMITS.author} />
          </div>
          <Field name="excerpt" label="Excerpt" optional multiline rows={3} hint="One or two sentences for lists, search results and the feed." maxLength={REPORT_LIMITS.excerpt} />
          <Field name="tags" label="Tags" optional hint={`Separated by commas, up to ${REPORT_LIMITS.tags}.`} autoComplete="off" />
          <ChoiceGroup name="featured" legend="Featured" type="checkbox" options={[{ value: 'on', label: 'Feature this report on the home page and at the top of Highlights' }]} />
          <Field
            name="body"
            label="Report text (Markdown)"
            multiline
            rows={16}
            className={styles.body}
            hint={
              <>
                Markdown: a blank line between paragraphs, <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>,{' '}
                <code>[link text](https://…)</code>, <code>- list item</code>.
              </>
            }
          />
          <FieldShell
            name="image"
            label="Image"
            optional
            hint={`A JPEG, PNG, WebP or AVIF photo up to ${MB} MB. It is resized for the site and its location and camera data are removed.`}
            error={state.errors.image}
          >
            {imageUrl ? (
              <p className={styles.current}>
                <Image src={imageUrl} alt={value('imageAlt') || 'The report’s current image'} width={160} height={107} sizes="160px" className={styles.thumb} />
                <span>{state.status === 'idle' ? 'Current image. Choose a file to replace it.' : 'Uploaded. Choose a file to replace it.'}</span>
              </p>
            ) : null}
            <ImageFileInput id={imageIds.input} name="image" invalid={Boolean(state.errors.image)} describedBy={describedBy(imageIds.hint, state.errors.image && imageIds.error)} />
          </FieldShell>
          <Field name="imageAlt" label="Image description (alt text)" hint="Required with an image: what it shows, for people who cannot see it." maxLength={REPORT_LIMITS.alt} autoComplete="off" />
          <div className={styles.actions}>
            <button type="submit" name="intent" value="preview" className="btn btn--secondary">
              Preview
            </button>
            <button type="submit" name="intent" value="save" className="btn btn--secondary">
              {published ? 'Save changes' : 'Save draft'}
            </button>
            {published ? null : (
              <button type="submit" name="intent" value="publish" className="btn btn--primary">
                Publish
              </button>
            )}
          </div>
        </form>
      </FormContext>
      {state.status === 'preview' && state.data ? (
        <section className={styles.preview} aria-labelledby="preview-title" data-testid="report-preview" tabIndex={-1}>
          <h2 id="preview-title">{REPORT_MESSAGES.previewHeading}</h2>
          <p className={styles.previewMeta}>
            {value('title')} · {state.data.readTime}
          </p>
          {/* Markdown rendered by marked, then cleaned by the site's sanitize-html allow-list. */}
          <div className={styles.previewBody} dangerouslySetInnerHTML={{ __html: state.data.html }} />
        </section>
      ) : null}
    </div>
  );
}
