import { Link } from '@/components/ui/link';
import { CATEGORY_COPY, type CategorySlug } from '@/components/events/category-copy';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './home.module.css';

/** The four event categories, in the order the festival presents them. */
const PROJECT_SLUGS: readonly CategorySlug[] = ['annual-festival', 'bi-monthly', 'literacy-libraries', 'creative-economy'];

const MOTIF_CLASS: Record<CategorySlug, string> = {
  'annual-festival': styles.motifSun ?? '',
  'bi-monthly': styles.motifRings ?? '',
  'literacy-libraries': styles.motifBooks ?? '',
  'creative-economy': styles.motifLeaf ?? '',
};

/** #projects: the four strands, each linking to its own page. */
export function Projects() {
  return (
    <section id="projects" className={`${styles.section} ${styles.projects}`} aria-labelledby="projects-title">
      <div className="container">
        <SectionHeading
          id="projects-title"
          eyebrow="Projects"
          title="Four ways stories move through the city"
          intro={<p>The festival is the loudest part of our year. These are the other three that keep it going.</p>}
        />
        <ul className={styles.projectGrid}>
          {PROJECT_SLUGS.map((slug, index) => {
            const copy = CATEGORY_COPY[slug];
            return (
              <li key={slug} className={`${styles.project} ${MOTIF_CLASS[slug]}`}>
                <span className={styles.projectNumber} aria-hidden="true">
                  0{index + 1}
                </span>
                <h3 className={styles.projectTitle}>
                  <Link href={`/${slug}`} className="card__link">
                    {copy.eyebrow}
                  </Link>
                </h3>
                <p>{copy.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
