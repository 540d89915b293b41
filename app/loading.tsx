import { Spinner } from '@/components/ui/spinner';

/** Shown while a page's server data loads (spec §2: a spinner and 'Loading...'). */
export default function Loading() {
  return (
    <div className="container page-state" role="status" aria-live="polite">
      <p className="page-state__loading">
        <Spinner size="lg" />
        <span>Loading...</span>
      </p>
    </div>
  );
}
