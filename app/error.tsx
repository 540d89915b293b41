'use client';

import { digestOf, ServerError } from '@/components/layout/server-error';

/**
 * A page that failed, inside the site's header and footer: plain words and a reference
 * (components/layout/server-error.tsx). The server's log line for the error was written by
 * instrumentation.ts's onRequestError; `retry` fetches and renders the page again.
 */
export default function ErrorBoundary({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <ServerError digest={digestOf(error)} retry={retry} />
  );
}
