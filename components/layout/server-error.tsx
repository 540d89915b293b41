'use client';

import { useSyncExternalStore } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Link } from '@/components/ui/link';
import { REQUEST_ID_ATTRIBUTE } from '@/contract/http/request-id';
import { PAGE_ERROR_MESSAGE } from '@/components/home/page-error';


const noSubscription = () => () => undefined;
const readRequestId = () => document.body.getAttribute(REQUEST_ID_ATTRIBUTE) || null;

/** The page view's request id, read once hydrated (the server render shows the digest alone). */
function useRequestId(): string | null {
  return useSyncExternalStore(noSubscription, readRequestId, () => null);
}

/** Next's digest of a server error; absent for an error thrown in the browser. */
export function digestOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('digest' in error)) return undefined;
  const { digest } = error as { digest: unknown };
  return typeof digest === 'string' && digest !== '' ? digest : undefined;
}

/**
 * What error.tsx and global-error.tsx show: what happened in plain words, what is safe, what to
 * do, and a reference staff can find in the logs: the request id every line of that page view
 * carries, and the digest of the server error's line (lib/http/request-error.ts).
 */
export function ServerError({ digest, retry }: { digest: string | undefined; retry: () => void }) {
  const requestId = useRequestId();
  const reference = [requestId, digest].filter(Boolean).join(' / ');
  return (
    <div className="container page-state" role="alert">
      <div className="page-state__panel">
        <p className="eyebrow">Something went wrong on our side</p>
        <h1>{PAGE_ERROR_MESSAGE}</h1>
        <p>
          This is our fault, not yours. Anything you had already sent us is safe. If you were sending a form just now, it may not have
          reached us: wait for our confirmation email before you send it again.
        </p>
        <p>
          Try again in a minute. If it keeps happening, <Link href="/contact">contact us</Link>
          {reference ? ' and quote this reference, so we can find what went wrong:' : '.'}
        </p>
        {reference ? (
          <p>
            Reference: <code className="page-state__reference">{reference}</code>
          </p>
        ) : null}
        <div className="page-state__actions">
          <button type="button" className="btn btn--primary btn--md" onClick={() => retry()}>
            Try again
          </button>
          <ButtonLink href="/" variant="outline">
            Go to the home page
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
