import { categorySlug, RELATED_REPORTS_MAX } from '@/contract/festival';
import type { Highlight } from '@/contract/content/schemas';

/**
 * Reports to suggest under `current`: same category first, then the most recent; never the
 * current report itself (matched by slug or id), at most `max`.
 */
export function relatedHighlights(current: Highlight, all: readonly Highlight[], max: number = RELATED_REPORTS_MAX): Highlight[] {
  if (max <= 0) return [];
  const category = categorySlug(current.category);
  const seen = new Set<string>([current.slug]);
  const candidates = all.filter((h) => {
    if (h.id === current.id || seen.has(h.slug)) return false;
    seen.add(h.slug);
    return true;
  });
  const time = (h: Highlight) => {
    const t = Date.parse(h.date);
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  return candidates
    .map((h, index) => ({ h, index, same: categorySlug(h.category) === category ? 0 : 1 }))
    .sort((a, b) => a.same - b.same || time(b.h) - time(a.h) || a.index - b.index)
    .slice(0, max)
    .map(({ h }) => h);
}
