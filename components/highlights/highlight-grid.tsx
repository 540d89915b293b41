import type { Highlight } from '@/contract/content/schemas';
import { HighlightCard } from './highlight-card';
import styles from './highlight-grid.module.css';

export function HighlightGrid({ highlights, label }: { highlights: readonly Highlight[]; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {highlights.map((h) => (
        <li key={h.slug} className={styles.gridItem}>
          <HighlightCard highlight={h} />
        </li>
      ))}
    </ul>
  );
}
