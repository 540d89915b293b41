import type { Highlight } from '@/contract/content/schemas';
import { formatDate, HIGHLIGHT_DEFAULT_READ_TIME } from '@/contract/festival';

/** "Event Report · 22 July 2025 · 5 min read", with a machine-readable date. */
export function HighlightMeta({ highlight, showCategory = true }: { highlight: Highlight; showCategory?: boolean }) {
  return (
    <>
      {showCategory ? (
        <>
          <span>{highlight.category}</span>
          <span aria-hidden="true"> · </span>
        </>
      ) : null}
      <time dateTime={highlight.date}>{formatDate(highlight.date)}</time>
      <span aria-hidden="true"> · </span>
      <span>{highlight.readTime || HIGHLIGHT_DEFAULT_READ_TIME}</span>
    </>
  );
}
