import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { FormPage } from '@/components/forms/form-page';
import { ActionForm } from '@/components/forms/action-form';
import { Field } from '@/components/forms/field';
import { FormActions } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import { getStaffUser, safeNext } from '@/lib/staff/session';
import { loginAction } from './actions';

export const metadata: Metadata = { title: 'Staff sign-in', robots: { index: false, follow: false } };

export default async function StaffLoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNext((await searchParams).next);
  if (await getStaffUser()) redirect(next);
  return (
    <FormPage id="login-title" eyebrow="Festival staff" title="Sign in" intro={<p>For festival staff and gate volunteers.</p>}>
      <ActionForm action={loginAction} form="staffLogin" idempotencyKey={crypto.randomUUID()} permalink={`/staff/login?next=${encodeURIComponent(next)}`} aria-labelledby="login-title">
        <input type="hidden" name="next" value={next} />
        <Field name="email" label="Email address" type="email" autoComplete="username" inputMode="email" spellCheck={false} />
        <Field name="password" label="Password" type="password" autoComplete="current-password" data-check="off" />
        <FormActions>
          <SubmitButton pendingLabel="Signing in…">Sign in</SubmitButton>
        </FormActions>
      </ActionForm>
    </FormPage>
  );
}
