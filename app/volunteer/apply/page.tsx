import type { Metadata } from 'next';
import { connection } from 'next/server';
import { FormPage } from '@/components/forms/form-page';
import { ActionForm } from '@/components/forms/action-form';
import { ChoiceGroup, Field } from '@/components/forms/field';
import { FormActions, FormRow } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import { getVolunteerRoles } from '@/lib/content';
import { FESTIVAL_NAME, VOLUNTEER_AVAILABILITY } from '@/contract/festival';
import { volunteer } from '@/contract/forms/stored/volunteer';
import { submitStoredForm } from '@/lib/forms/stored-form-action';

export const metadata: Metadata = {
  title: 'Apply to volunteer',
  description: `Volunteer at ${FESTIVAL_NAME}: choose a role and tell us when you can help.`,
};

export default async function VolunteerApplyPage() {
  await connection();
  const roles = (await getVolunteerRoles()).map((role) => ({ value: role.id, label: role.title, hint: role.commitment }));
  return (
    <FormPage
      id="volunteer-title"
      eyebrow="Volunteer"
      title="Apply to volunteer"
      intro={<p>Choose the roles that suit you and tell us when you can help. We will be in touch before the festival.</p>}
    >
      <ActionForm action={submitStoredForm.bind(null, 'volunteer')} form={volunteer.fields} idempotencyKey={crypto.randomUUID()} permalink="/volunteer/apply" aria-labelledby="volunteer-title">
        <FormRow>
          <Field name="firstName" label="First name" autoComplete="given-name" spellCheck={false} />
          <Field name="lastName" label="Last name" autoComplete="family-name" spellCheck={false} />
        </FormRow>
        <Field name="email" label="Email address" type="email" autoComplete="email" inputMode="email" spellCheck={false} />
        <Field name="phone" label="Phone number" type="tel" autoComplete="tel" inputMode="tel" width="medium" hint="For example 0803 123 4567 or +234 803 123 4567" />
        <ChoiceGroup name="roles" legend="Roles you would like" hint="Select all that apply." type="checkbox" options={roles} />
        <ChoiceGroup name="availability" legend="When can you help?" type="radio" options={VOLUNTEER_AVAILABILITY} />
        <Field name="message" label="Anything else we should know?" optional multiline rows={4} maxLength={1000} />
        <FormActions>
          <SubmitButton pendingLabel="Sending…">Send application</SubmitButton>
        </FormActions>
      </ActionForm>
    </FormPage>
  );
}
