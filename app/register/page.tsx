import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { ActionForm } from '@/components/forms/action-form';
import { Field } from '@/components/forms/field';
import { FormActions, FormRow } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import { TicketStepper } from '@/components/forms/ticket-stepper';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { FESTIVAL_NAME, TICKETS_MAX, TICKETS_MIN, WRISTBAND_HOURS } from '@/contract/festival';
import { registerAction } from './actions';
import styles from '@/components/forms/page.module.css';

export const metadata: Metadata = {
  title: 'Register for free tickets',
  description: `Register free for ${FESTIVAL_NAME}: a wristband for the ${WRISTBAND_HOURS}-hour festival.`,
};

export default async function RegisterPage() {
  // Each visit mints its own idempotency key, so this page is rendered per request.
  await connection();
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading
        level={1}
        id="register-title"
        eyebrow="Free registration"
        title="Register for the festival"
        intro={
          <>
            <p>
              Registration is free. Each ticket is a wristband for the {WRISTBAND_HOURS}-hour festival: wear it to enter
              every reading, workshop and performance.
            </p>
            <p className={styles.note}>{`Maximum ${TICKETS_MAX} tickets per registration`}</p>
          </>
        }
      />
      <ActionForm
        action={registerAction}
        form="registration"
        idempotencyKey={crypto.randomUUID()}
        permalink="/register"
        aria-labelledby="register-title"
      >
        <FormRow>
          <Field name="firstName" label="First name" autoComplete="given-name" spellCheck={false} />
          <Field name="lastName" label="Last name" autoComplete="family-name" spellCheck={false} />
        </FormRow>
        <Field name="email" label="Email address" type="email" autoComplete="email" inputMode="email" spellCheck={false} hint="We send your ticket reference here." />
        <Field name="phone" label="Phone number" type="tel" autoComplete="tel" inputMode="tel" width="medium" hint="For example 0803 123 4567 or +234 803 123 4567" />
        <TicketStepper label="Number of tickets" hint={`From ${TICKETS_MIN} to ${TICKETS_MAX}, one wristband each.`} />
        <FormActions>
          <SubmitButton pendingLabel="Registering…">Register</SubmitButton>
        </FormActions>
      </ActionForm>
      <p>
        Registered already and lost your ticket? <Link href="/tickets/resend">Send my ticket again</Link>.
      </p>
    </Container>
  );
}
