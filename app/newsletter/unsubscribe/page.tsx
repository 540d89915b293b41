import type { Metadata } from 'next';
import Link from 'next/link';
import { FormPage } from '@/components/forms/form-page';
import styles from '@/components/forms/page.module.css';
import { UNSUBSCRIBE_MESSAGES } from '@/contract/forms/messages';
import { UnsubscribeForm } from './unsubscribe-form';

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/**
 * /newsletter/unsubscribe?email=…&t=… (issue 16), the link in every newsletter. Opening it changes
 * nothing (mail scanners open links); the button does, with or without JavaScript. The one-click
 * POST of RFC 8058 goes to the backend's unsubscribe endpoint instead (backend/newsletter/unsubscribe.ts).
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const email = one(params.email)?.slice(0, 254);
  const token = one(params.t)?.slice(0, 64);
  const error = one(params.error);
  const message = error === 'failed' ? UNSUBSCRIBE_MESSAGES.failed : error === 'refused' || !email || !token ? UNSUBSCRIBE_MESSAGES.refused : undefined;
  return (
    <FormPage eyebrow="Newsletter" title="Unsubscribe from the newsletter">
      {message ? (
        <div role="alert" className={styles.panel} data-testid="unsubscribe-error">
          <p>{message}</p>
        </div>
      ) : null}
      {email && token && error !== 'refused' ? (
        <UnsubscribeForm
          email={email}
          token={token}
          permalink={`/newsletter/unsubscribe?${new URLSearchParams({ email, t: token }).toString()}`}
        />
      ) : null}
      <p>
        <Link href="/privacy">How we handle your data</Link> · <Link href="/contact">Contact us</Link>
      </p>
    </FormPage>
  );
}
