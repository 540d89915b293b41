import type { Highlight, HighlightPage } from '@/contract/content/schemas';
import type { HighlightCategorySlug } from './category-chips';
import { logger } from '@/lib/log';

const HIGHLIGHTS_PAGE_SIZE = 9;

export type HighlightsListState =
  | { status: 'error' }
  | {
      status: 'ok';
      featured: Highlight | undefined;
      grid: Highlight[];
      page: number;
      totalPages: number;
    };

export interface HighlightsListSources {
  getHighlights(query: { category?: string; limit?: number; page?: number }): Promise<HighlightPage>;
  getFeaturedHighlights(limit?: number): Promise<Highlight[]>;
}

/**
 * What /highlights shows for a category and page. The getters already fall back to the built-in
 * reports on any API failure (spec §7); if even that throws, the page shows its error state
 * instead of a 500. With every category on page 1, the first featured report leads the page and is
 * left out of the grid (spec §4).
 */
export async function loadHighlightsList(
  sources: HighlightsListSources,
  category: HighlightCategorySlug,
  page: number,
  pageSize: number = HIGHLIGHTS_PAGE_SIZE,
): Promise<HighlightsListState> {
  try {
    const showFeatured = category === 'all' && page === 1;
    const [list, featuredList] = await Promise.all([
      sources.getHighlights({ category: category === 'all' ? undefined : category, limit: pageSize, page }),
      showFeatured ? sources.getFeaturedHighlights(1) : Promise.resolve([] as Highlight[]),
    ]);
    const featured = featuredList[0];
    const grid = featured ? list.results.filter((h) => h.slug !== featured.slug && h.id !== featured.id) : list.results;
    const totalPages = Math.max(1, Math.ceil(list.count / pageSize));
    return { status: 'ok', featured, grid, page, totalPages };
  } catch (error) {
    logger('highlights').error(`list failed: ${error instanceof Error ? error.message : String(error)}`);
    return { status: 'error' };
  }
}
