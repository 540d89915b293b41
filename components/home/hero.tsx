import type { Hero } from '@/contract/content/schemas';
import type { EditionCallToAction } from '@/contract/edition-text';
import { ButtonLink } from '@/components/ui/button';
import { ContentImage } from '@/components/ui/content-image';
import { FESTIVAL_CITY, FESTIVAL_STATE } from '@/contract/festival';
import { EditionActions } from './edition-actions';
import styles from './home.module.css';

/**
 * The opening: title, body, where the edition stands and what to do now (contract/edition-text.ts:
 * Register while open, the waiting list when sold out, today's programme on the festival days, the
 * highlights afterwards), the edition's dates and venue; the page's LCP image. A server component.
 */
export function HomeHero({ hero, dates, venue, cta }: { hero: Hero; dates: string; venue: string; cta: EditionCallToAction }) {
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
          {cta.message ? (
            <p className={styles.heroStatus} data-testid="edition-status">
              {cta.message}
            </p>
          ) : null}
          <EditionActions actions={cta.actions} className={styles.heroActions} ghostClassName={styles.heroGhost}>
            <ButtonLink href="/#whats-on" size="lg" variant="outline" className={styles.heroGhost}>
              What&apos;s on
            </ButtonLink>
          </EditionActions>
          <p className={styles.heroVenue}>{venue} · Free entry</p>
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
