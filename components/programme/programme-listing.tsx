import Link from 'next/link';
import styles from '@/components/info/info.module.css';
import { EDITION_TEXT } from '@/contract/edition-text';
import { lagosTime, type ProgrammeDay, type Session } from '@/lib/content/programme';
import { filterHref, filterKey, speakerPath, type FilterChoice, type FilterChoices, type ProgrammeFilter } from '@/lib/content/programme-list';
import own from './programme.module.css';

export const NO_MATCH = 'No sessions match these filters.';

/**
 * A programme's sessions by day and time (issue 16, issue 40 part 3), with filter links by day,
 * category and venue that work without JavaScript (?day=, ?category=, ?venue=). Small on purpose:
 * no images, and each session's longer text lives on its own page (60 sessions stay under 45 KB
 * of gzipped HTML, e2e/quality/programme-bytes.spec.ts).
 */
export function ProgrammeListing({
  days,
  choices,
  filter,
  basePath,
  matched,
}: {
  days: readonly ProgrammeDay[];
  choices: FilterChoices;
  filter: ProgrammeFilter;
  basePath: string;
  /** False: a filter kept nothing (an unknown value, or no session fits all of them). */
  matched: boolean;
}) {
  const filtered = Boolean(filter.day || filter.category || filter.venue);
  return (
    <>
      <FilterLinks choices={choices} filter={filter} basePath={basePath} />
      {!matched ? (
        <div className={styles.section} data-testid="programme-no-match" role="status">
          <p>{NO_MATCH}</p>
          <p>
            <Link href={basePath}>Show all sessions</Link>
          </p>
        </div>
      ) : null}
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
              <SessionItem key={s.slug} session={s} />
            ))}
          </ol>
        </section>
      ))}
      {filtered && matched ? (
        <p>
          <Link href={basePath}>Show all sessions</Link>
        </p>
      ) : null}
    </>
  );
}

function SessionItem({ session: s }: { session: Session }) {
  return (
    <li className={styles.session} data-testid="programme-session" data-mark={s.mark} aria-current={s.mark === 'now' ? 'time' : undefined}>
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
        <p className={styles.muted}>{s.room ? `${s.venue} · ${s.room}` : s.venue}</p>
        {s.speakers && s.speakers.length > 0 ? (
          <p data-testid="session-speakers">
            With{' '}
            {s.speakers.map((p, i) => (
              <span key={p.slug}>
                {i > 0 ? ', ' : null}
                <Link href={speakerPath(p.slug)} prefetch={false}>{p.name}</Link>
              </span>
            ))}
          </p>
        ) : null}
        {s.access && s.access.length > 0 ? <p className={own.note}>Access: {s.access.join('; ')}</p> : null}
        {s.free === false ? (
          <p className={own.note}>
            <strong>Needs its own ticket</strong>
          </p>
        ) : null}
        <p>
          <a href={s.icsPath} className={styles.inlineLink} download>
            Add to calendar<span className="visually-hidden">: {s.title}</span> (.ics)
          </a>
        </p>
      </div>
    </li>
  );
}

function FilterLinks({ choices, filter, basePath }: { choices: FilterChoices; filter: ProgrammeFilter; basePath: string }) {
  const groups: Array<{ name: 'day' | 'category' | 'venue'; label: string; all: string; options: FilterChoice[] }> = [
    { name: 'day', label: 'Day', all: 'All days', options: choices.days },
    { name: 'category', label: 'Category', all: 'All categories', options: choices.categories },
    { name: 'venue', label: 'Venue', all: 'All venues', options: choices.venues },
  ];
  return (
    <nav className={own.filters} aria-label="Filter the programme" data-testid="programme-filters">
      {groups
        .filter((g) => g.options.length > 1 || filter[g.name])
        .map((g) => {
          const current = filter[g.name];
          return (
            <div key={g.name} className={own.filter}>
              <span className={own.filterName} id={`filter-${g.name}`}>
                {g.label}:
              </span>
              <ul className={own.filter} aria-labelledby={`filter-${g.name}`}>
                <li>
                  <Link href={filterHref(basePath, filter, { [g.name]: undefined })} prefetch={false} aria-current={current ? undefined : 'page'}>
                    {g.all}
                  </Link>
                </li>
                {g.options.map((o) => (
                  <li key={o.value}>
                    <Link href={filterHref(basePath, filter, { [g.name]: o.value })} prefetch={false} aria-current={isCurrent(g.name, current, o.value) ? 'page' : undefined}>
                      {o.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
    </nav>
  );
}

/** Whether the filter's value names this choice (a category given as folded text names its link form too). */
function isCurrent(name: 'day' | 'category' | 'venue', current: string | undefined, value: string): boolean {
  if (!current) return false;
  if (name === 'day') return current === value;
  return current.toLowerCase() === value || filterKey(current) === value;
}
