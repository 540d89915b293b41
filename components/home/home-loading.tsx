import { Spinner } from '@/components/ui/spinner';

export const LOADING_TEXT = 'Loading...';

/**
 * The loading state (spec §2: a spinner and 'Loading...'). Deliberately NOT mounted as a root
 * app/loading.tsx: a loading.tsx wraps the page in a Suspense boundary, and without JavaScript the
 * streamed page never replaces the fallback, so no-JS visitors would see only 'Loading...'.
 * Between pages, components/layout/navigation-status.tsx shows the same text with a spinner.
 */
export function HomeLoading() {
  return (
    <div className="container page-state" role="status" aria-live="polite">
      <p className="page-state__loading">
        <Spinner size="lg" />
        <span>{LOADING_TEXT}</span>
      </p>
    </div>
  );
}
