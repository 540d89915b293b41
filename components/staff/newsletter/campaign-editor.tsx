'use client';

import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { Field } from '@/components/forms/field';
import { FormContext } from '@/components/forms/form-context';
import formStyles from '@/components/forms/forms.module.css';
import { CAMPAIGN_LIMITS } from '@/contract/api/campaigns';
import { CAMPAIGN_TEXT, type CampaignSectionKey } from '@/lib/staff/newsletter-messages';
import styles from '../editor.module.css';
import newsletterStyles from './newsletter.module.css';
import { initialCampaignEditorState, type CampaignEditorState } from './campaign-editor-state';

export interface CampaignEditorProps {
  action: (state: CampaignEditorState, formData: FormData) => Promise<CampaignEditorState>;
  /** The page's URL: without JavaScript, a post renders it again with the answer. */
  permalink: string;
  /** The saved draft's values (edit), or empty ones (new). */
  initial: { id: string; subject: string; body: string };
  /** The heading the form is labelled by (the page may show two forms). */
  heading: string;
  /** Whose words: the newsletter's or the announcements' (lib/staff/newsletter-messages.ts). */
  section?: CampaignSectionKey;
}

const text = (values: CampaignEditorState['values'], name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');

/**
 * A campaign's subject and Markdown body: a plain form posting to one server action. Preview is a
 * submit button, so it works without JavaScript: the page comes back with the sanitised HTML under
 * the form and every field as typed.
 */
export function CampaignEditor({ action, permalink, initial, heading, section = 'newsletter' }: CampaignEditorProps) {
  const words = CAMPAIGN_TEXT[section];
  const [state, formAction] = useActionState(action, initialCampaignEditorState, permalink);
  const values = state.status === 'idle' ? initial : { ...state.values };
  return (
    <div className={styles.editor} key={state.seq}>
      <FormContext value={{ errors: state.errors, values, setError: () => undefined }}>
        <form action={formAction} noValidate className={formStyles.form} aria-labelledby="campaign-editor-title">
          <h2 id="campaign-editor-title" className={newsletterStyles.heading}>{heading}</h2>
          {state.status === 'error' ? <ErrorSummary errors={state.errors} message={state.message} /> : null}
          <input type="hidden" name="id" value={text(values, 'id')} />
          <Field name="subject" label={words.subjectLabel} maxLength={CAMPAIGN_LIMITS.subject} autoComplete="off" />
          <Field name="body" label={words.bodyLabel} multiline rows={14} className={styles.body} hint={words.bodyHint} />
          <div className={styles.actions}>
            <button type="submit" name="intent" value="preview" className="btn btn--secondary">
              {words.preview}
            </button>
            <button type="submit" name="intent" value="save" className="btn btn--primary">
              {text(values, 'id') ? words.saveDraft : words.createDraft}
            </button>
          </div>
        </form>
      </FormContext>
      {state.status === 'preview' && state.data ? (
        <section className={styles.preview} aria-labelledby="campaign-preview-title" data-testid="campaign-preview">
          <h2 id="campaign-preview-title" className={newsletterStyles.heading}>{words.previewHeading}</h2>
          <p className={styles.previewMeta}>
            {text(values, 'subject')} · {words.previewNote}
          </p>
          {/* Markdown rendered by marked, then cleaned by the site's sanitize-html allow-list (as reports). */}
          <div className={styles.previewBody} dangerouslySetInnerHTML={{ __html: state.data.html }} />
        </section>
      ) : null}
    </div>
  );
}
