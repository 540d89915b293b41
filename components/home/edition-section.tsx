import { Link } from '@/components/ui/link';
import type { Program } from '@/contract/content/schemas';
import { EditionActions } from './edition-actions';
import { ContentImage } from '@/components/ui/content-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { FESTIVAL_ICS_PATH } from '@/contract/feeds/festival-calendar';
import { EDITION_TEXT, type EditionCallToAction } from '@/contract/edition-text';
import { editionEyebrow } from '@/contract/edition-copy';
import { WRISTBAND_HOURS } from '@/contract/festival';
import styles from './home.module.css';

const NO_PROGRAMS = 'No programs available at the moment.';

function programHref(slug: string): string {
  return `/events/${encodeURIComponent(slug)}`;
}

/**
 * #register (spec §2: the edition section): the edition's dates, venue and programme, and what to
 * do now in its phase (the same choice as the hero's, contract/edition-text.ts): Register while
 * open, the waiting list when sold out, the programme on the days, the highlights afterwards. Its
 * eyebrow names the edition by its number ("The inaugural edition" only for the first).
 */
export function EditionSection({ programs, dates, venue, number, cta }: { programs: readonly Program[]; dates: string; venue: string; number: number; cta: EditionCallToAction }) {
  return (
    <section id="register" className={`${styles.section} ${styles.edition}`} aria-labelledby="register-title">
      <div className={`container ${styles.editionInner}`}>
        <div className={styles.editionIntro}>
          <SectionHeading
            id="register-title"
            eyebrow={editionEyebrow(number)}
            title="Two days. One city. Every story."
            tone="inverse"
            intro={
              <>
                <p>
                  <strong className={styles.editionDates}>{dates}</strong>
                  <br />
                  {venue}
                  {cta.phase === 'after' ? null : (
                    <>
                      <br />
                      <a href={FESTIVAL_ICS_PATH} className={styles.calendarLink}>
                        Add the festival to your calendar (.ics)
                      </a>
                    </>
                  )}
                </p>
                {cta.registrationAhead ? <p>{EDITION_TEXT.free(WRISTBAND_HOURS)}</p> : null}
              </>
            }
          />
          {cta.message ? (
            <p className={styles.editionStatus} data-testid="edition-section-status">
              {cta.message}
            </p>
          ) : null}
          {cta.actions.length > 0 ? (
            <EditionActions actions={cta.actions} className={styles.editionActions} ghostClassName={styles.editionGhost} />
          ) : null}
        </div>
        <div className={styles.programme}>
          <h3 className={styles.programmeTitle}>Programme</h3>
          {programs.length === 0 ? (
            <p className={styles.empty}>{NO_PROGRAMS}</p>
          ) : (
            <ol className={styles.programmeList}>
              {programs.map((program) => (
                <li key={program.id} className={styles.programmeRow}>
                  <ContentImage src={program.avatar} alt="" width={64} height={64} sizes="64px" className={styles.avatar} />
                  <div className={styles.programmeText}>
                    {program.leftLabel ? <p className={styles.programmeLabel}>{program.leftLabel}</p> : null}
                    <Link href={programHref(program.slug)} className={styles.programmeLink}>
                      {program.title}
                    </Link>
                    {program.subtitle ? <p className={styles.programmeWhen}>{program.subtitle}</p> : null}
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}
