import type { Highlight } from '@/contract/content/schemas';
import { HighlightCard } from '@/components/highlights/highlight-card';
import { ButtonLink } from '@/components/ui/button';
import { SectionHeading } from '@/components/ui/section-heading';
import { HOME_HIGHLIGHTS_COUNT } from '@/contract/festival';
import styles from './home.module.css';

const NO_HIGHLIGHTS = 'No highlights available at the moment.';

/** Up to three reports; 'View All Reports' only when there are more than three (spec §9). */
export function LatestHighlights({ highlights, total }: { highlights: readonly Highlight[]; total: number }) {
  const shown = highlights.slice(0, HOME_HIGHLIGHTS_COUNT);
  const more = Math.max(total, highlights.length) > HOME_HIGHLIGHTS_COUNT;
  return (
    <section className={styles.section} aria-labelledby="highlights-title">
      <div className="container">
        <div className={styles.headingRow}>
          <SectionHeading id="highlights-title" eyebrow="Reports" title="Latest Highlights" />
          {more ? (
            <ButtonLink href="/highlights" variant="outline">
              View All Reports
            </ButtonLink>
          ) : null}
        </div>
        {shown.length === 0 ? (
          <p className={styles.empty}>{NO_HIGHLIGHTS}</p>
        ) : (
          <ul className={styles.grid3} aria-label="Latest reports">
            {shown.map((highlight) => (
              <li key={highlight.slug}>
                <HighlightCard highlight={highlight} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
