import { Link } from '@/components/ui/link';
import type { Events } from '@/contract/content/schemas';
import { Card } from '@/components/ui/card';
import { ContentImage } from '@/components/ui/content-image';
import { SectionHeading } from '@/components/ui/section-heading';
import styles from './home.module.css';

/** An event slug as a root path (spec §2: grid items link to /{slug}). */
function eventHref(slug: string): string {
  return `/${encodeURIComponent(slug)}`;
}

/** #whats-on: one hero event and a grid of three. `ended`: the edition is over (its dates are not announced as to come). */
export function UpcomingEvents({ events, dates, ended = false }: { events: Events; dates: string; ended?: boolean }) {
  const { heroEvent } = events;
  return (
    <section id="whats-on" className={styles.section} aria-labelledby="whats-on-title">
      <div className="container">
        <SectionHeading id="whats-on-title" eyebrow="What's on" title="Upcoming Events" intro={<p>{ended ? 'Events all year round, and the festival again next year.' : `${dates} and all year round.`}</p>} />
        <article className={styles.featureEvent}>
          <ContentImage
            src={heroEvent.image}
            alt=""
            fill
            ratio="3 / 2"
            sizes="(min-width: 1100px) 640px, 92vw"
            className={styles.featureEventImage}
          />
          <div className={styles.featureEventBody}>
            <p className="card__meta">Featured</p>
            <h3 className={styles.featureEventTitle}>
              <Link href={eventHref(heroEvent.slug)} className="card__link">
                {heroEvent.title}
              </Link>
            </h3>
            <p>{heroEvent.subtitle}</p>
            <span className={styles.arrowText} aria-hidden="true">
              Find out more →
            </span>
          </div>
        </article>
        <ul className={styles.grid3} aria-label="More events">
          {events.events.slice(0, 3).map((event) => (
            <li key={event.slug}>
              <Card href={eventHref(event.slug)} title={event.title} image={event.image} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
