import type { Metadata } from 'next';
import { PreviewNotice } from '@/components/info/preview-notice';
import { connection } from 'next/server';
import { FormPage } from '@/components/forms/form-page';
import { ActionForm } from '@/components/forms/action-form';
import { CharCount } from '@/components/forms/char-count';
import { ChoiceGroup, Field } from '@/components/forms/field';
import { FormActions } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import styles from '@/components/info/info.module.css';
import { getContactInfo } from '@/lib/content';
import { CONTACT_MESSAGE_MAX_CHARS, CONTACT_MESSAGE_MIN_CHARS, CONTACT_RESPONSE_BUSINESS_DAYS, CONTACT_TOPICS, FESTIVAL_NAME } from '@/contract/festival';
import { pageMetadata } from '@/lib/seo/metadata';
import { contact } from '@/contract/forms/stored/contact';
import { submitStoredForm } from '@/lib/forms/stored-form-action';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: 'Contact',
    description: `Write to ${FESTIVAL_NAME}: questions about visiting, the programme, registration, donations, press or your personal data.`,
    path: '/contact',
  });
}

/** /contact (issue 16): the festival's addresses and a form. Rendered per request (its idempotency key). */
export default async function ContactPage() {
  await connection();
  const info = await getContactInfo();
  return (
    <FormPage
      className={styles.page}
      id="contact-title"
      eyebrow="Contact"
      title="Ask us anything"
      intro={<p>We answer every message by email within {CONTACT_RESPONSE_BUSINESS_DAYS} business days.</p>}
    >
      <PreviewNotice page="/contact" />
      <section className={styles.section} aria-labelledby="reach-title">
        <h2 id="reach-title">Other ways to reach us</h2>
        {info.note ? (
          <p className={styles.muted} data-testid="contact-note">
            {info.note}
          </p>
        ) : null}
        <ul className={styles.cards}>
          <li className={styles.card}>
            <h3>Email</h3>
            <p>
              <a href={`mailto:${info.email}`} className={styles.inlineLink}>
                {info.email}
              </a>
            </p>
          </li>
          <li className={styles.card}>
            <h3>Phone and WhatsApp</h3>
            <p>
              <a href={`tel:${info.phone.replace(/[^\d+]/g, '')}`} className={styles.inlineLink}>
                {info.phone}
              </a>
            </p>
            <p>
              <a href={`https://wa.me/${info.whatsapp}`} className={styles.inlineLink} rel="noopener">
                Message us on WhatsApp
              </a>
            </p>
          </li>
          <li className={styles.card}>
            <h3>Social media</h3>
            <ul className={styles.links}>
              {info.social.map((s) => (
                <li key={s.url}>
                  <a href={s.url} rel="noopener">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        </ul>
        <address className={`${styles.address} ${styles.muted}`}>{info.postalAddress}</address>
      </section>
      <section className={styles.section} aria-labelledby="form-title">
        <h2 id="form-title">Send us a message</h2>
        <ActionForm action={submitStoredForm.bind(null, 'contact')} form={contact.fields} idempotencyKey={crypto.randomUUID()} permalink="/contact" aria-labelledby="form-title">
          <Field name="name" label="Your name" autoComplete="name" spellCheck={false} />
          <Field name="email" label="Email address" type="email" autoComplete="email" inputMode="email" spellCheck={false} hint="We reply to this address." />
          <ChoiceGroup name="topic" legend="What is it about?" type="radio" options={CONTACT_TOPICS} />
          <Field
            name="message"
            label="Your message"
            multiline
            rows={7}
            maxLength={CONTACT_MESSAGE_MAX_CHARS}
            hint={`At least ${CONTACT_MESSAGE_MIN_CHARS} characters.`}
            extraDescribedBy="message-count"
            after={<CharCount id="message-count" fieldId="message" min={CONTACT_MESSAGE_MIN_CHARS} />}
          />
          <FormActions>
            <SubmitButton pendingLabel="Sending…">Send message</SubmitButton>
          </FormActions>
        </ActionForm>
      </section>
    </FormPage>
  );
}
