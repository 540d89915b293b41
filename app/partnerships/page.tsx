import type { Metadata } from 'next';
import { connection } from 'next/server';
import { FormPage } from '@/components/forms/form-page';
import { ActionForm } from '@/components/forms/action-form';
import { CharCount } from '@/components/forms/char-count';
import { Field } from '@/components/forms/field';
import { FormActions, FormRow } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import { FESTIVAL_NAME, PARTNERSHIP_RESPONSE_BUSINESS_DAYS, PROPOSAL_MAX_CHARS, PROPOSAL_MIN_CHARS } from '@/contract/festival';
import { partnership } from '@/contract/forms/stored/partnership';
import { submitStoredForm } from '@/lib/forms/stored-form-action';

export const metadata: Metadata = {
  title: 'Partnerships & Collaborations',
  description: `Partner with ${FESTIVAL_NAME}: sponsorships, programme collaborations and community projects.`,
};

export default async function PartnershipsPage() {
  await connection();
  return (
    <FormPage
      id="partner-title"
      eyebrow="Partnerships & Collaborations"
      title="Build the festival with us"
      intro={
        <p>
          Publishers, schools, libraries, businesses and cultural organisations: tell us what you would like to do
          together. We reply within {PARTNERSHIP_RESPONSE_BUSINESS_DAYS} business days.
        </p>
      }
    >
      <ActionForm action={submitStoredForm.bind(null, 'partnership')} form={partnership.fields} idempotencyKey={crypto.randomUUID()} permalink="/partnerships" aria-labelledby="partner-title">
        <FormRow>
          <Field name="firstName" label="First name" autoComplete="given-name" spellCheck={false} />
          <Field name="lastName" label="Last name" autoComplete="family-name" spellCheck={false} />
        </FormRow>
        <Field name="email" label="Email address" type="email" autoComplete="email" inputMode="email" spellCheck={false} />
        <Field name="phone" label="Phone number" type="tel" autoComplete="tel" inputMode="tel" width="medium" hint="For example 0803 123 4567 or +234 803 123 4567" />
        <Field name="organization" label="Organisation" optional autoComplete="organization" />
        <Field
          name="proposal"
          label="Your proposal"
          multiline
          rows={8}
          maxLength={PROPOSAL_MAX_CHARS}
          hint={`What you would like to do with us, for whom and when. At least ${PROPOSAL_MIN_CHARS} characters.`}
          extraDescribedBy="proposal-count"
          after={<CharCount id="proposal-count" fieldId="proposal" min={PROPOSAL_MIN_CHARS} />}
        />
        <FormActions>
          <SubmitButton pendingLabel="Sending…">Send proposal</SubmitButton>
        </FormActions>
      </ActionForm>
    </FormPage>
  );
}
