import type { ReactNode } from 'react';

/** Spec §2's words for a page that could not load (the home page's state and the error pages). */
export const PAGE_ERROR_MESSAGE = 'Unable to load page content. Please try again.';

/** The home page's error state (spec §2); the action is a link without JavaScript, a retry with it. */
export function PageError({ action }: { action: ReactNode }) {
  return (
    <div className="container page-state" role="alert">
      <div className="page-state__panel">
        <p className="eyebrow">Something went wrong</p>
        <h1>{PAGE_ERROR_MESSAGE}</h1>
        <div className="page-state__actions">{action}</div>
      </div>
    </div>
  );
}
