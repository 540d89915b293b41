import Link from 'next/link';
import styles from '@/components/info/info.module.css';
import { Container } from '@/components/ui/container';
import { SectionHeading } from '@/components/ui/section-heading';
import { OfflineWorker } from '@/components/tickets/ticket-worker';
import { PROGRAMME_WORKER_SCOPE } from '@/components/tickets/offline-cache';
import { programmeEditions } from '@/contract/content/programme';
import { festivalNow, festivalToday } from '@/contract/edition-text';
import { FESTIVAL_ICS_PATH } from '@/contract/feeds/festival-calendar';
import { formatFestivalDates } from '@/contract/festival';
import { getProgramme } from '@/lib/content';
import { markNowAndNext, todayFirst } from '@/lib/content/programme';
import { filterChoices, filterSessions, hasFilter, sessionsByDay, sessionsOfEdition, type ProgrammeFilter } from '@/lib/content/programme-list';
import { isDevelopment } from '@/lib/config';
import { getEditionStatus } from '@/lib/edition';
import { ProgrammeListing } from './programme-listing';
import { PreviewNotice } from '@/components/info/preview-notice';

export const NO_PROGRAMME = 'No programs available at the moment.';
export const SPEAKERS_LINK = 'Speakers and artists';

/**
 * /programme and /programme/{edition} (issue 16, issue 40 part 3): an edition's sessions by day and
 * time, Lagos time, each with its .ics, filtered by ?day=, ?category=, ?venue=. For the current
 * edition while the festival is on, today's day comes first, marked "Today" (issue 28), and the
 * sessions on now and next are marked "Now" and "Next" (issue 41), from the edition's clock at the
 * time of the request: every page renders per request (app/layout.tsx), and a shared cache in front
 * keeps a view SHARED_CACHE_SECONDS (5 s) at most, so a mark is never more than that late.
 */
export async function ProgrammePageBody({ edition, filter }: { edition: string; filter: ProgrammeFilter }) {
  const [status, programme] = await Promise.all([getEditionStatus(), getProgramme()]);
  const current = edition === status.edition.key;
  const all = sessionsOfEdition(programme.sessions, edition);
  const shown = filterSessions(all, filter);
  const basePath = current ? '/programme' : `/programme/${encodeURIComponent(edition)}`;
  const byDay = sessionsByDay(shown);
  const days = current ? todayFirst(markNowAndNext(byDay, festivalNow(status)), festivalToday(status)) : byDay;
  const unscheduled = current && !hasFilter(filter) ? programme.unscheduled : [];
  const past = programmeEditions(programme.sessions).filter((key) => key !== edition && key !== status.edition.key);
  const { startDate, endDate } = status.edition;
  const allFree = all.every((s) => s.free);
  return (
    <Container className={styles.page}>
      <PreviewNotice page="/programme" />
      <SectionHeading
        level={1}
        id="programme-title"
        eyebrow="Programme"
        title={current ? 'The festival, day by day' : `The ${edition} programme`}
        intro={
          <>
            <p>
              {current ? `${formatFestivalDates(startDate, endDate)}. ` : null}
              All times are Lagos time (WAT).{' '}
              {allFree ? 'Every session is free with your festival wristband.' : 'Sessions are free with your festival wristband, except those marked “Needs its own ticket”.'}
            </p>
            <p className={styles.links}>
              {current ? (
                <a href={FESTIVAL_ICS_PATH} download>
                  Add the whole festival to your calendar (.ics)
                </a>
              ) : (
                <Link href="/programme">This year’s programme</Link>
              )}
              <Link href="/speakers">{SPEAKERS_LINK}</Link>
              <Link href="/visit">Getting there and accessibility</Link>
            </p>
          </>
        }
      />
      {all.length === 0 && unscheduled.length === 0 ? (
        <p>{NO_PROGRAMME}</p>
      ) : (
        <ProgrammeListing days={days} choices={filterChoices(all)} filter={filter} basePath={basePath} matched={shown.length > 0 || unscheduled.length > 0} />
      )}
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
      {past.length > 0 ? (
        <section className={styles.section} aria-labelledby="past-title" data-testid="past-programmes">
          <h2 id="past-title">Past programmes</h2>
          <ul>
            {past.map((key) => (
              <li key={key}>
                <Link href={`/programme/${encodeURIComponent(key)}`} prefetch={false}>
                  The {key} programme
                </Link>
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
