import type { Metadata } from 'next';
import Link from 'next/link';
import { FormPage } from '@/components/forms/form-page';
import styles from '@/components/forms/page.module.css';
import { NEWSLETTER_CONFIRM_MESSAGES } from '@/contract/forms/messages';
import { ConfirmForm } from './confirm-form';

export const metadata: Metadata = { title: 'Confirm your subscription', robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

const ERRORS = {
  refused: NEWSLETTER_CONFIRM_MESSAGES.refused,
  unsubscribed: NEWSLETTER_CONFIRM_MESSAGES.unsubscribed,
  failed: NEWSLETTER_CONFIRM_MESSAGES.failed,
} as const;

/**
 * /newsletter/confirm?email=…&t=… (issue 31), the link in the confirmation mail. Opening it
 * changes nothing (mail scanners open links); the button confirms, with or without JavaScript.
 * After a refusal (forged, edited or expired link) or an unsubscribe since, the button is gone.
 */
export default async function ConfirmPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const email = one(params.email)?.slice(0, 254);
  const token = one(params.t)?.slice(0, 64);
  const error = one(params.error);
  const message = error && Object.hasOwn(ERRORS, error) ? ERRORS[error as keyof typeof ERRORS] : !email || !token ? NEWSLETTER_CONFIRM_MESSAGES.refused : undefined;
  const offerButton = email && token && (error === undefined || error === 'failed');
  return (
    <FormPage eyebrow="Newsletter" title={NEWSLETTER_CONFIRM_MESSAGES.title}>
      {message ? (
        <div role="alert" className={styles.panel} data-testid="confirm-error">
          <p>{message}</p>
        </div>
      ) : null}
      {offerButton ? (
        <ConfirmForm email={email} token={token} permalink={`/newsletter/confirm?${new URLSearchParams({ email, t: token }).toString()}`} />
      ) : null}
      <p>
        <Link href="/privacy">How we handle your data</Link> · <Link href="/contact">Contact us</Link>
      </p>
    </FormPage>
  );
}
