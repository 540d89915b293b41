import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ActionForm } from '@/components/forms/action-form';
import { Field } from '@/components/forms/field';
import { FormActions } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from '@/components/forms/page.module.css';
import { getStaffUser, safeNext } from '@/lib/staff/session';
import { loginAction } from './actions';

export const metadata: Metadata = { title: 'Staff sign-in', robots: { index: false, follow: false } };

export default async function StaffLoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNext((await searchParams).next);
  if (await getStaffUser()) redirect(next);
  return (
    <Container width="narrow" className={styles.page}>
      <SectionHeading level={1} id="login-title" eyebrow="Festival staff" title="Sign in" intro={<p>For festival staff and gate volunteers.</p>} />
      <ActionForm action={loginAction} form="staffLogin" idempotencyKey={crypto.randomUUID()} permalink={`/staff/login?next=${encodeURIComponent(next)}`} aria-labelledby="login-title">
        <input type="hidden" name="next" value={next} />
        <Field name="email" label="Email address" type="email" autoComplete="username" inputMode="email" spellCheck={false} />
        <Field name="password" label="Password" type="password" autoComplete="current-password" data-check="off" />
        <FormActions>
          <SubmitButton pendingLabel="Signing in…">Sign in</SubmitButton>
        </FormActions>
      </ActionForm>
    </Container>
  );
}
