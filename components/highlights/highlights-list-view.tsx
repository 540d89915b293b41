import { HIGHLIGHT_CATEGORIES } from '@/contract/festival';
import { CategoryChips, categoryHref, type HighlightCategorySlug } from './category-chips';
import { FeaturedHighlight } from './featured-highlight';
import { HighlightGrid } from './highlight-grid';
import { HighlightsEmpty, HighlightsError } from './highlights-states';
import type { HighlightsListState } from './list-state';
import { Pagination } from './pagination';
import styles from './highlights.module.css';

/** The body of /highlights below its heading: chips, then the featured report and grid or a state. */
export function HighlightsListView({ state, category }: { state: HighlightsListState; category: HighlightCategorySlug }) {
  const label = HIGHLIGHT_CATEGORIES.find((c) => c.slug === category)?.label ?? 'All Reports';
  return (
    <>
      <CategoryChips active={category} />
      {state.status === 'error' ? (
        <HighlightsError retryHref={categoryHref(category, 1)} />
      ) : !state.featured && state.grid.length === 0 ? (
        <HighlightsEmpty filtered={category !== 'all' || state.page > 1} />
      ) : (
        <>
          {state.featured ? <FeaturedHighlight highlight={state.featured} /> : null}
          {state.grid.length > 0 ? (
            <section aria-labelledby="reports-heading" className={styles.page}>
              <h2 id="reports-heading" className={styles.srOnly}>
                {category === 'all' ? 'More reports' : label}
              </h2>
              <HighlightGrid highlights={state.grid} label={category === 'all' ? 'Reports' : `${label} reports`} />
            </section>
          ) : null}
          <Pagination page={state.page} totalPages={state.totalPages} hrefFor={(p) => categoryHref(category, p)} />
        </>
      )}
    </>
  );
}
