import { ButtonLink } from '@/components/ui/button';
import styles from './highlights.module.css';

const HIGHLIGHTS_LOAD_ERROR = 'Failed to load highlights. Please try again.';
export const HIGHLIGHT_LOAD_ERROR = 'Failed to load highlight. Please try again.';
const NO_REPORTS_TITLE = 'No Reports Found';
const NO_HIGHLIGHTS_TEXT = 'No highlights available at the moment.';

/**
 * The list's error state (spec §8). Try Again is a plain link to the same URL: without JavaScript
 * it reloads the page, and with it the browser does the same full reload (not a client navigation
 * that could reuse a failed payload).
 */
export function HighlightsError({ retryHref }: { retryHref: string }) {
  return (
    <div className={styles.state} role="alert">
      <p className={styles.stateText}>{HIGHLIGHTS_LOAD_ERROR}</p>
      <a href={retryHref} className="btn btn--primary btn--md">
        Try Again
      </a>
    </div>
  );
}

/** Empty list: in a filtered view, a way back to every report. */
export function HighlightsEmpty({ filtered }: { filtered: boolean }) {
  return (
    <div className={styles.state}>
      <h2 className={styles.stateTitle}>{NO_REPORTS_TITLE}</h2>
      <p className={styles.stateText}>{NO_HIGHLIGHTS_TEXT}</p>
      {filtered ? (
        <ButtonLink href="/highlights" variant="primary">
          View All Reports
        </ButtonLink>
      ) : null}
    </div>
  );
}
