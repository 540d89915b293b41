'use client';

import { digestOf, ServerError } from '@/components/layout/server-error';
import './globals.css';

/**
 * Last resort, when the root layout itself fails: a bare document with the same words and
 * reference as error.tsx (the layout's data-request-id on <body> is usually missing here, so the
 * reference is the digest of the server's log line).
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en-NG">
      <body>
        <main id="main">
          <ServerError digest={digestOf(error)} retry={retry} />
        </main>
      </body>
    </html>
  );
}
