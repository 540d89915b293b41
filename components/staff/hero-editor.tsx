'use client';

import Image from 'next/image';
import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { describedBy, Field, FieldShell, fieldIds } from '@/components/forms/field';
import { FormContext } from '@/components/forms/form-context';
import formStyles from '@/components/forms/forms.module.css';
import { MEDIA_LIMITS, REPORT_LIMITS } from '@/contract/api/reports';
import { ImageFileInput } from './image-file-input';
import { initialEditorState, ownImageUrl, textValue, type ReportEditorState } from './report-editor-state';
import styles from './editor.module.css';

/** The home page hero's form: title, text, button text, image. Works without JavaScript. */
export function HeroEditor({
  action,
  initial,
}: {
  action: (state: ReportEditorState, formData: FormData) => Promise<ReportEditorState>;
  initial: Record<string, string>;
}) {
  const [state, formAction] = useActionState(action, initialEditorState, '/staff/events');
  const values = state.status === 'idle' ? initial : state.values;
  const value = (name: string) => textValue(values, name);
  const imageIds = fieldIds('image');
  const imageUrl = ownImageUrl(values);
  return (
    <div className={styles.editor} key={state.seq}>
      <FormContext value={{ errors: state.errors, values, setError: () => undefined }}>
        <form action={formAction} noValidate className={formStyles.form} aria-labelledby="hero-editor-title">
          <h2 id="hero-editor-title">Home page hero</h2>
          {state.status === 'error' ? <ErrorSummary errors={state.errors} message={state.message} /> : null}
          <input type="hidden" name="imageId" value={value('imageId')} />
          <input type="hidden" name="imageUrl" value={imageUrl} />
          <Field name="title" label="Title" maxLength={120} autoComplete="off" />
          <Field name="body" label="Text" multiline rows={5} maxLength={600} />
          <Field name="ctaText" label="Button text" hint="The button leads to registration." maxLength={40} autoComplete="off" width="medium" />
          <FieldShell name="image" label="Image" optional hint={`A new photo replaces the current one (JPEG, PNG, WebP or AVIF, up to ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} MB).`} error={state.errors.image}>
            {imageUrl ? (
              <p className={styles.current}>
                <Image src={imageUrl} alt={value('imageAlt') || 'The current hero image'} width={160} height={120} sizes="160px" className={styles.thumb} />
                <span>Current image.</span>
              </p>
            ) : null}
            <ImageFileInput id={imageIds.input} name="image" invalid={Boolean(state.errors.image)} describedBy={describedBy(imageIds.hint, state.errors.image && imageIds.error)} />
          </FieldShell>
          <Field name="imageAlt" label="Image description (alt text)" hint="Required with a new image." maxLength={REPORT_LIMITS.alt} autoComplete="off" />
          <div className={styles.actions}>
            <button type="submit" className="btn btn--primary">
              Save hero
            </button>
          </div>
        </form>
      </FormContext>
    </div>
  );
}
