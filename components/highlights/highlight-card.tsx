import type { Highlight } from '@/contract/content/schemas';
import { Card } from '@/components/ui/card';
import { HighlightMeta } from './highlight-meta';
import styles from './highlight-card.module.css';

export function highlightHref(slug: string): string {
  return `/highlights/${encodeURIComponent(slug)}`;
}

export function HighlightCard({ highlight, headingLevel = 3 }: { highlight: Highlight; headingLevel?: 2 | 3 }) {
  return (
    <Card
      href={highlightHref(highlight.slug)}
      title={highlight.title}
      image={highlight.image}
      meta={<HighlightMeta highlight={highlight} />}
      headingLevel={headingLevel}
    >
      {highlight.excerpt ? <p className={styles.excerpt}>{highlight.excerpt}</p> : null}
    </Card>
  );
}
