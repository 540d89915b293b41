import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/info/info.module.css';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { getAllEventDetails, getPrograms } from '@/lib/content';
import { lagosTime, markNowAndNext, programmeByDay, todayFirst } from '@/lib/content/programme';
import { getEdition, getEditionStatus } from '@/lib/edition';
import { EDITION_TEXT, festivalNow, festivalToday } from '@/contract/edition-text';
import { FESTIVAL_ICS_PATH } from '@/contract/feeds/festival-calendar';
import { FESTIVAL_NAME, formatFestivalDates } from '@/contract/festival';
import { pageMetadata } from '@/lib/seo/metadata';
import { isDevelopment } from '@/lib/config';
import { OfflineWorker } from '@/components/tickets/ticket-worker';
import { PROGRAMME_WORKER_SCOPE } from '@/components/tickets/offline-cache';

export async function generateMetadata(): Promise<Metadata> {
  const { startDate: festivalStartDate, endDate: festivalEndDate } = await getEdition();
  return pageMetadata({
    title: 'Programme',
    description: `Every session of ${FESTIVAL_NAME}, ${formatFestivalDates(festivalStartDate, festivalEndDate)}, by day and time (Lagos time), with rooms and calendar files.`,
    path: '/programme',
  });
}

export const NO_PROGRAMME = 'No programs available at the moment.';

/**
 * /programme (issue 16): every session grouped by day and time, Lagos time, each with its .ics.
 * While the festival is on, today's day comes first, marked "Today" (issue 28), and the sessions
 * on now and next are marked "Now" and "Next" (issue 41), in words, from the edition's clock at
 * the time of the request: every page renders per request (app/layout.tsx), and a shared cache
 * in front keeps a view SHARED_CACHE_SECONDS (5 s) at most, so a mark is never more than that late.
 */
export default async function ProgrammePage() {
  const status = await getEditionStatus();
  const { startDate: festivalStartDate, endDate: festivalEndDate } = status.edition;
  const programme = programmeByDay(...(await Promise.all([getPrograms(), getAllEventDetails()])));
  const days = todayFirst(markNowAndNext(programme.days, festivalNow(status)), festivalToday(status));
  const { unscheduled } = programme;
  return (
    <Container className={styles.page}>
      <SectionHeading
        level={1}
        id="programme-title"
        eyebrow="Programme"
        title="The festival, day by day"
        intro={
          <>
            <p>
              {formatFestivalDates(festivalStartDate, festivalEndDate)}. All times are Lagos time (WAT). Every session is free
              with your festival wristband.
            </p>
            <p className={styles.links}>
              <a href={FESTIVAL_ICS_PATH} download>
                Add the whole festival to your calendar (.ics)
              </a>
              <Link href="/visit">Getting there and accessibility</Link>
            </p>
          </>
        }
      />
      {days.length === 0 && unscheduled.length === 0 ? <p>{NO_PROGRAMME}</p> : null}
      {days.map((day) => (
        <section
          key={day.date}
          className={`${styles.section} ${styles.day}`}
          aria-labelledby={`day-${day.date}`}
          data-testid="programme-day"
          data-today={day.today ? 'true' : undefined}
        >
          <h2 id={`day-${day.date}`}>
            {day.today ? <span className={styles.today}>{EDITION_TEXT.today}: </span> : null}
            <time dateTime={day.date}>{day.label}</time>
          </h2>
          <ol className={styles.sessions}>
            {day.sessions.map((s) => (
              <li key={s.slug} className={styles.session} data-testid="programme-session" data-mark={s.mark} aria-current={s.mark === 'now' ? 'time' : undefined}>
                <p className={styles.sessionTime}>
                  <time dateTime={s.startsAt}>{lagosTime(s.startsAt)}</time>–<time dateTime={s.endsAt}>{lagosTime(s.endsAt)}</time>
                  {s.mark ? (
                    <>
                      {' '}
                      <strong className={styles.mark} data-mark={s.mark} data-testid="session-mark">
                        {s.mark === 'now' ? EDITION_TEXT.sessionNow : EDITION_TEXT.sessionNext}
                      </strong>
                    </>
                  ) : null}
                </p>
                <div className={styles.sessionBody}>
                  {s.category ? <p className={styles.category}>{s.category}</p> : null}
                  <Link href={s.path} className={styles.sessionTitle}>
                    {s.title}
                  </Link>
                  <p className={styles.muted}>{s.venue}</p>
                  <p>
                    <a href={s.icsPath} className={styles.inlineLink} download>
                      Add to calendar<span className="visually-hidden">: {s.title}</span> (.ics)
                    </a>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
      {unscheduled.length > 0 ? (
        <section className={styles.section} aria-labelledby="more-title">
          <h2 id="more-title">Also in the programme</h2>
          <ul className={styles.sessions}>
            {unscheduled.map((s) => (
              <li key={s.slug} className={styles.card}>
                {s.category ? <p className={styles.category}>{s.category}</p> : null}
                <Link href={s.path} className={styles.sessionTitle}>
                  {s.title}
                </Link>
                {s.subtitle ? <p className={styles.muted}>{s.subtitle}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* Kept on the phone once seen (issue 41): at the venue with no signal, the programme still opens. */}
      <OfflineWorker enabled={!isDevelopment()} scope={PROGRAMME_WORKER_SCOPE} />
    </Container>
  );
}
