import { Link } from '@/components/ui/link';
import type { Program } from '@/contract/content/schemas';
import { ButtonLink } from '@/components/ui/button';
import { ContentImage } from '@/components/ui/content-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { FESTIVAL_ICS_PATH } from '@/contract/feeds/festival-calendar';
import { FESTIVAL_VENUE, WRISTBAND_HOURS } from '@/contract/festival';
import styles from './home.module.css';

const NO_PROGRAMS = 'No programs available at the moment.';

function programHref(slug: string): string {
  return `/events/${encodeURIComponent(slug)}`;
}

/** #register: the inaugural edition's programme and the Register button. */
export function InauguralEdition({ programs, registrationUrl, dates }: { programs: readonly Program[]; registrationUrl: string; dates: string }) {
  return (
    <section id="register" className={`${styles.section} ${styles.edition}`} aria-labelledby="register-title">
      <div className={`container ${styles.editionInner}`}>
        <div className={styles.editionIntro}>
          <SectionHeading
            id="register-title"
            eyebrow="The inaugural edition"
            title="Two days. One city. Every story."
            tone="inverse"
            intro={
              <>
                <p>
                  <strong className={styles.editionDates}>{dates}</strong>
                  <br />
                  {FESTIVAL_VENUE}
                  <br />
                  <a href={FESTIVAL_ICS_PATH} className={styles.calendarLink}>
                    Add the festival to your calendar (.ics)
                  </a>
                </p>
                <p>
                  Registration is free. One wristband opens every reading, exhibition, screening and concert for the full{' '}
                  {WRISTBAND_HOURS} hours.
                </p>
              </>
            }
          />
          <ButtonLink href={registrationUrl} size="lg" variant="light">
            Register
          </ButtonLink>
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
