'use client';

import { useActionState } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { ChoiceGroup, Field } from '@/components/forms/field';
import { FormContext } from '@/components/forms/form-context';
import formStyles from '@/components/forms/forms.module.css';
import { CAMPAIGN_LIMITS, HOLDER_MAILING_LIMITS, type HolderMailing, type HolderMailingPurpose } from '@/contract/api/campaigns';
import type { FormState } from '@/contract/forms/form-state';
import { HOLDER_MAILING_TEXT, NEWSLETTER_TEXT } from '@/lib/staff/newsletter-messages';
import styles from '../editor.module.css';
import newsletterStyles from './newsletter.module.css';

export type HolderMailingState = FormState<null>;
const initial: HolderMailingState = { status: 'idle', errors: {}, values: {}, seq: 0 };

/**
 * The reminder's or the thank-you's settings (/staff/announcements, issue 43): on or off, the days
 * before (the reminder), the subject and the Markdown text. Two of these post to one action, so
 * names and ids carry the purpose (the action reads them back by it), and without JavaScript each
 * keeps only the answer for its purpose.
 */
export function HolderMailingForm({
  action,
  mailing,
  status,
}: {
  action: (state: HolderMailingState, formData: FormData) => Promise<HolderMailingState>;
  mailing: Pick<HolderMailing, 'purpose' | 'enabled' | 'daysBefore' | 'subject' | 'body'>;
  /** When it goes, or that it went, for this edition. */
  status: string;
}) {
  const [state, formAction] = useActionState(action, initial, '/staff/announcements');
  const purpose: HolderMailingPurpose = mailing.purpose;
  const mine = state.status !== 'idle' && state.for === purpose;
  const id = (name: string) => `${purpose}-${name}`;
  const values: Record<string, string> = mine
    ? Object.fromEntries(Object.entries(state.values).map(([k, v]) => [id(k), String(v ?? '')]))
    : { [id('enabled')]: mailing.enabled ? 'on' : '', [id('daysBefore')]: String(mailing.daysBefore), [id('subject')]: mailing.subject, [id('body')]: mailing.body };
  const errors = mine ? Object.fromEntries(Object.entries(state.errors).map(([k, v]) => [id(k), v])) : {};
  return (
    <section id={purpose} className={newsletterStyles.panel} aria-labelledby={id('heading')} key={state.seq}>
      <h3 id={id('heading')}>{HOLDER_MAILING_TEXT.title[purpose]}</h3>
      <p data-testid={id('status')}>{status}</p>
      <FormContext value={{ errors, values, setError: () => undefined }}>
        <form action={formAction} noValidate className={formStyles.form} aria-labelledby={id('heading')}>
          {mine && state.status === 'error' ? <ErrorSummary errors={errors} message={state.message} /> : null}
          <input type="hidden" name="purpose" value={purpose} />
          <ChoiceGroup name={id('enabled')} legend={HOLDER_MAILING_TEXT.switchLegend} type="checkbox" options={[{ value: 'on', label: HOLDER_MAILING_TEXT.enabled[purpose] }]} />
          {purpose === 'reminder' ? (
            <Field
              name={id('daysBefore')}
              label={HOLDER_MAILING_TEXT.daysBefore}
              hint={HOLDER_MAILING_TEXT.daysBeforeHint}
              inputMode="numeric"
              width="short"
              maxLength={String(HOLDER_MAILING_LIMITS.daysBefore.max).length}
            />
          ) : (
            <input type="hidden" name={id('daysBefore')} value={String(mailing.daysBefore)} />
          )}
          <Field name={id('subject')} label={HOLDER_MAILING_TEXT.subjectLabel} maxLength={CAMPAIGN_LIMITS.subject} autoComplete="off" />
          <Field name={id('body')} label={HOLDER_MAILING_TEXT.bodyLabel} multiline rows={8} className={styles.body} hint={NEWSLETTER_TEXT.bodyHint} />
          <div className={styles.actions}>
            <button type="submit" className="btn btn--primary">
              {HOLDER_MAILING_TEXT.save}
              <span className="visually-hidden"> {HOLDER_MAILING_TEXT.title[purpose]}</span>
            </button>
          </div>
        </form>
      </FormContext>
    </section>
  );
}
