import { ButtonLink } from '@/components/ui/button';
import styles from './home.module.css';

/** The closing call: volunteer or donate. */
export function JoinBanner() {
  return (
    <section className={styles.join} aria-labelledby="join-title">
      <div className={`container ${styles.joinInner}`}>
        <div>
          <h2 id="join-title" className={styles.joinTitle}>
            Be part of the story
          </h2>
          <p className={styles.joinText}>
            Ìtàn runs on volunteers and readers who give. Carry a clipboard, read to a classroom, or fund the next Reading
            Room: every hand writes a line.
          </p>
        </div>
        <div className={styles.joinActions}>
          <ButtonLink href="/volunteer" size="lg" variant="secondary">
            Volunteer with us
          </ButtonLink>
          <ButtonLink href="/donations" size="lg" variant="outline">
            Donate
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
