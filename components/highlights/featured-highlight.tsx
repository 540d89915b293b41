import { Link } from '@/components/ui/link';
import type { Highlight } from '@/contract/content/schemas';
import { ContentImage } from '@/components/ui/content-image';
import { highlightHref } from './highlight-card';
import { HighlightMeta } from './highlight-meta';
import styles from './highlights.module.css';

/** The featured report, shown large above the grid when every category is listed. */
export function FeaturedHighlight({ highlight }: { highlight: Highlight }) {
  return (
    <section className={styles.featured} aria-labelledby="featured-heading" data-testid="featured-report">
      <ContentImage
        src={highlight.image}
        alt=""
        fill
        sizes="(min-width: 1100px) 640px, 92vw"
        ratio="16 / 10"
        preload
        className={styles.featuredImage}
      />
      <div className={styles.featuredBody}>
        <p className={styles.featuredLabel}>Featured report</p>
        <p className={styles.meta}>
          <HighlightMeta highlight={highlight} />
        </p>
        <h2 id="featured-heading" className={styles.featuredTitle}>
          <Link href={highlightHref(highlight.slug)} className={styles.featuredLink}>
            {highlight.title}
          </Link>
        </h2>
        {highlight.excerpt ? <p className={styles.featuredExcerpt}>{highlight.excerpt}</p> : null}
        {highlight.author ? <p className={styles.byline}>By {highlight.author}</p> : null}
      </div>
    </section>
  );
}
