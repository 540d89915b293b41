import { Link } from '@/components/ui/link';
import type { Program } from '@/contract/content/schemas';
import { EditionActions } from './edition-actions';
import { ContentImage } from '@/components/ui/content-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { FESTIVAL_ICS_PATH } from '@/contract/feeds/festival-calendar';
import { EDITION_TEXT, type EditionCallToAction } from '@/contract/edition-text';
import { editionEyebrow } from '@/contract/edition-copy';
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
/** The sessions the home page lists; the rest are a link away (a real programme has 30 to 100). */
export const HOME_PROGRAMME_COUNT = 5;

export function EditionSection({
  programs,
  dates,
  venue,
  number,
  heading,
  hours,
  cta,
}: {
  programs: readonly Program[];
  dates: string;
  venue: string;
  number: number;
  /** "Two days. One city. Every story.": the edition's own count of days (editionHeading). */
  heading: string;
  /** The hours a wristband covers (wristbandHours). */
  hours: number;
  cta: EditionCallToAction;
}) {
  const shown = programs.slice(0, HOME_PROGRAMME_COUNT);
  return (
    <section id="register" className={`${styles.section} ${styles.edition}`} aria-labelledby="register-title">
      <div className={`container ${styles.editionInner}`}>
        <div className={styles.editionIntro}>
          <SectionHeading
            id="register-title"
            eyebrow={editionEyebrow(number)}
            title={heading}
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
                {cta.registrationAhead ? <p>{EDITION_TEXT.free(hours)}</p> : null}
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
              {shown.map((program) => (
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
          {programs.length > shown.length ? (
            <p className={styles.programmeMore}>
              <Link href="/programme">All {programs.length} sessions in the programme</Link>
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
