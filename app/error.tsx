'use client';

import { useEffect } from 'react';
import { PageError } from '@/components/home/page-error';

/** Route-level error boundary: the spec's message and a retry that re-renders the segment. */
export default function ErrorBoundary({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error('page error', error.digest ?? error.message);
  }, [error]);
  return (
    <PageError
      action={
        <button type="button" className="btn btn--primary btn--md" onClick={() => reset()}>
          Try again
        </button>
      }
    />
  );
}
