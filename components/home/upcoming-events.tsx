import { Link } from '@/components/ui/link';
import { Card } from '@/components/ui/card';
import { ContentImage } from '@/components/ui/content-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { UPCOMING_TEXT, type UpcomingSelection } from './upcoming';
import styles from './home.module.css';

/** An event slug as a root path (spec §2: grid items link to /{slug}). */
function eventHref(slug: string): string {
  return `/${encodeURIComponent(slug)}`;
}

/**
 * #whats-on: one featured event and a grid of the others, those still to come (upcomingEvents:
 * past dates drop out, and once the festival is over it is no longer featured). `ended`: the
 * edition is over (its dates are not announced as to come).
 */
export function UpcomingEvents({ featured, grid, dates, ended = false }: UpcomingSelection & { dates: string; ended?: boolean }) {
  return (
    <section id="whats-on" className={styles.section} aria-labelledby="whats-on-title">
      <div className="container">
        <SectionHeading id="whats-on-title" eyebrow="What's on" title="Upcoming Events" intro={<p>{ended ? 'Events all year round, and the festival again next year.' : `${dates} and all year round.`}</p>} />
        {featured ? (
          <article className={styles.featureEvent}>
            <ContentImage
              src={featured.image}
              alt=""
              fill
              ratio="3 / 2"
              sizes="(min-width: 1100px) 640px, 92vw"
              className={styles.featureEventImage}
            />
            <div className={styles.featureEventBody}>
              <p className="card__meta">Featured</p>
              <h3 className={styles.featureEventTitle}>
                <Link href={eventHref(featured.slug)} className="card__link">
                  {featured.title}
                </Link>
              </h3>
              {featured.subtitle ? <p>{featured.subtitle}</p> : null}
              <span className={styles.arrowText} aria-hidden="true">
                Find out more →
              </span>
            </div>
          </article>
        ) : (
          <p className={styles.empty} data-testid="whats-on-none">
            {UPCOMING_TEXT.none} <a href="#newsletter">{UPCOMING_TEXT.newsletter}</a>
          </p>
        )}
        {grid.length > 0 ? (
          <ul className={styles.grid3} aria-label="More events">
            {grid.map((event) => (
              <li key={event.slug}>
                <Card href={eventHref(event.slug)} title={event.title} image={event.image} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
