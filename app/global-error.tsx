'use client';

import './globals.css';

/** Last-resort boundary when the root layout itself fails: a bare page with the same message. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-NG">
      <body>
        <main id="main" className="container page-state">
          <div className="page-state__panel">
            <h1>Unable to load page content. Please try again.</h1>
            <button type="button" className="btn btn--primary btn--md" onClick={() => reset()}>
              Try again
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
