import { Link } from '@/components/ui/link';
import { categorySlug, HIGHLIGHT_CATEGORIES } from '@/contract/festival';
import styles from './highlights.module.css';

export type HighlightCategorySlug = (typeof HIGHLIGHT_CATEGORIES)[number]['slug'];

/** The chip slug a ?category= value stands for; anything unknown reads as 'all'. */
export function parseCategoryParam(value: string | string[] | undefined): HighlightCategorySlug {
  const wanted = categorySlug((Array.isArray(value) ? value[0] : value) ?? '');
  return HIGHLIGHT_CATEGORIES.find((c) => c.slug === wanted)?.slug ?? 'all';
}

export function categoryHref(slug: HighlightCategorySlug, page = 1): string {
  const params = new URLSearchParams();
  if (slug !== 'all') params.set('category', slug);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `/highlights?${qs}` : '/highlights';
}

/** The filter chips: plain links (the category lives in the URL), so they work without JavaScript. */
export function CategoryChips({ active }: { active: HighlightCategorySlug }) {
  return (
    <nav aria-label="Report categories" className={styles.chipsNav}>
      <ul className={styles.chips}>
        {HIGHLIGHT_CATEGORIES.map((c) => (
          <li key={c.slug}>
            <Link
              href={categoryHref(c.slug)}
              className={c.slug === active ? `${styles.chip} ${styles.chipActive}` : styles.chip}
              aria-current={c.slug === active ? 'page' : undefined}
              scroll={false}
            >
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
