import type { Hero } from '@/contract/content/schemas';
import { ButtonLink } from '@/components/ui/button';
import { ContentImage } from '@/components/ui/content-image';
import { FESTIVAL_CITY, FESTIVAL_STATE, FESTIVAL_VENUE } from '@/contract/festival';
import styles from './home.module.css';

/** The opening: title, body, the CTA to registration, dates and venue; the page's LCP image. */
export function HomeHero({ hero, registrationUrl, dates }: { hero: Hero; registrationUrl: string; dates: string }) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroCopy}>
          <p className={styles.heroKicker}>
            <span>{dates}</span>
            <span aria-hidden="true">·</span>
            <span>
              {FESTIVAL_CITY}, {FESTIVAL_STATE}
            </span>
          </p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {hero.title}
          </h1>
          <p className={styles.heroBody}>{hero.body}</p>
          <div className={styles.heroActions}>
            <ButtonLink href={registrationUrl} size="lg" variant="light">
              {hero.ctaText}
            </ButtonLink>
            <ButtonLink href="/#whats-on" size="lg" variant="outline" className={styles.heroGhost}>
              What&apos;s on
            </ButtonLink>
          </div>
          <p className={styles.heroVenue}>{FESTIVAL_VENUE} · Free entry</p>
        </div>
        <div className={styles.heroArt}>
          <ContentImage
            src={hero.heroImage}
            alt={hero.heroImageAlt ?? ''}
            fill
            ratio="4 / 3"
            sizes="(min-width: 1100px) 560px, (min-width: 720px) 45vw, 92vw"
            preload
            className={styles.heroImage}
          />
        </div>
      </div>
    </section>
  );
}
