import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { FormPage } from '@/components/forms/form-page';
import { ActionForm } from '@/components/forms/action-form';
import { Field } from '@/components/forms/field';
import { FormActions } from '@/components/forms/layout';
import { SubmitButton } from '@/components/forms/submit-button';
import styles from '@/components/forms/page.module.css';
import { TICKET_RESEND_MESSAGE } from '@/contract/api/tickets';
import { resendAction } from './actions';

export const metadata: Metadata = {
  title: 'Send my ticket again',
  description: 'Lost your festival ticket? We email every ticket registered to your address again.',
  robots: { index: false, follow: true },
};

export default async function ResendPage({ searchParams }: { searchParams: Promise<{ sent?: string }> }) {
  await connection();
  const sent = (await searchParams).sent === '1';
  return (
    <FormPage
      id="resend-title"
      eyebrow="Lost your ticket?"
      title="Send my ticket again"
      intro={<p>Enter the email address you registered with. We email every ticket registered to it, with its QR code.</p>}
    >
      {sent ? (
        <div className={styles.panel} role="status" data-testid="resend-sent">
          <p>{TICKET_RESEND_MESSAGE}</p>
          <p>
            Nothing after a few minutes? Check the address and <Link href="/tickets/resend">try again</Link>, or{' '}
            <Link href="/register">register</Link> if you have not yet.
          </p>
        </div>
      ) : (
        <ActionForm action={resendAction} form="ticketResend" idempotencyKey={crypto.randomUUID()} permalink="/tickets/resend" aria-labelledby="resend-title">
          <Field name="email" label="Email address" type="email" autoComplete="email" inputMode="email" spellCheck={false} />
          <FormActions>
            <SubmitButton pendingLabel="Sending…">Send my ticket again</SubmitButton>
          </FormActions>
        </ActionForm>
      )}
    </FormPage>
  );
}
