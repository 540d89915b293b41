import { FESTIVAL_TIME_ZONE } from '@/contract/festival';
import type { EventDetail, Program } from '@/contract/content/schemas';
import { sessionSubtitle } from '@/contract/edition-copy';

/**
 * The programme by day (issue 16): the programme rows (API or fallback) joined with their session
 * details (times, room: contract/fallbacks/event-details.ts, moved with FESTIVAL_START_DATE),
 * grouped by day and ordered by time, in Lagos time whatever the server's zone. Pure, so tested.
 */
export interface Session {
  slug: string;
  title: string;
  category: string;
  startsAt: string;
  endsAt: string;
  /** The room or stage (the venue's name, for sessions from the sessions kind). */
  venue: string;
  /** Within the venue (sessions kind, issue 40 part 3). */
  room?: string;
  /** Who is on (sessions kind): name and page slug. */
  speakers?: Array<{ slug: string; name: string }>;
  /** Access notes (sessions kind): "Step-free", "Seated"... */
  access?: string[];
  /** Free with the wristband (sessions kind); undefined: as the festival (free). */
  free?: boolean;
  path: string;
  icsPath: string;
  /** While the festival is on: the session on now, or the next to start (issue 41). */
  mark?: SessionMark;
}

/** "now": on at the edition's clock (started, not ended); "next": the first to start after it. */
export type SessionMark = 'now' | 'next';

export interface ProgrammeDay {
  /** YYYY-MM-DD in Lagos. */
  date: string;
  /** While the festival is on: this day is today (Lagos), shown first (issue 28). */
  today?: boolean;
  /** "Friday 24 October 2025". */
  label: string;
  sessions: Session[];
}

export interface Programme {
  days: ProgrammeDay[];
  /** Rows the API lists without a known time: shown apart, never dropped. */
  unscheduled: Array<{ slug: string; title: string; category: string; subtitle: string; path: string }>;
}

const zone = { timeZone: FESTIVAL_TIME_ZONE } as const;
const ymd = new Intl.DateTimeFormat('en-CA', { ...zone, year: 'numeric', month: '2-digit', day: '2-digit' });
const weekday = new Intl.DateTimeFormat('en-GB', { ...zone, weekday: 'long' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { ...zone, day: 'numeric', month: 'long' });
const year = new Intl.DateTimeFormat('en-GB', { ...zone, year: 'numeric' });
const hourMinute = new Intl.DateTimeFormat('en-GB', { ...zone, hour: '2-digit', minute: '2-digit', hour12: false });

const programmePath = (slug: string) => `/events/${encodeURIComponent(slug)}`;
export const sessionIcsPath = (slug: string) => `${programmePath(slug)}/calendar.ics`;

/** The Lagos calendar day of an instant, as YYYY-MM-DD. */
export function lagosDate(iso: string): string {
  return ymd.format(new Date(iso));
}

/** "10:00" in Lagos. */
export function lagosTime(iso: string): string {
  return hourMinute.format(new Date(iso));
}

/** "Friday 24 October 2025" for a YYYY-MM-DD (noon in Lagos, so the day never slips). */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T12:00:00+01:00`);
  return `${weekday.format(d)} ${dayMonth.format(d)} ${year.format(d)}`;
}

// A programme card's subtitle from the session's start (the seeded rows are written with it too).
export { sessionSubtitle };

/**
 * Programme rows with their subtitle taken from the session's own time when the session is
 * known, so the cards follow FESTIVAL_START_DATE like every other date on the site.
 */
export function withSessionSubtitles(programs: readonly Program[], details: readonly EventDetail[]): Program[] {
  const bySlug = new Map(details.filter((d) => d.kind === 'program').map((d) => [d.slug, d]));
  return programs.map((p) => {
    const detail = bySlug.get(p.slug);
    return detail ? { ...p, subtitle: sessionSubtitle(detail.startsAt) } : p;
  });
}

export function programmeByDay(programs: readonly Program[], details: readonly EventDetail[]): Programme {
  const sessionDetails = details.filter((d) => d.kind === 'program');
  const bySlug = new Map(sessionDetails.map((d) => [d.slug, d]));
  const seen = new Set<string>();
  const sessions: Session[] = [];
  const unscheduled: Programme['unscheduled'] = [];
  const category = new Map(programs.map((p) => [p.slug, p.leftLabel]));
  const add = (d: EventDetail, title: string) => {
    seen.add(d.slug);
    sessions.push({
      slug: d.slug,
      title,
      category: category.get(d.slug) ?? '',
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      venue: d.venue,
      path: programmePath(d.slug),
      icsPath: sessionIcsPath(d.slug),
    });
  };
  for (const p of programs) {
    if (seen.has(p.slug)) continue;
    const d = bySlug.get(p.slug);
    if (d) add(d, p.title);
    else {
      seen.add(p.slug);
      unscheduled.push({ slug: p.slug, title: p.title, category: p.leftLabel, subtitle: p.subtitle, path: programmePath(p.slug) });
    }
  }
  // Sessions with a page but no row in the API's list are still part of the edition.
  for (const d of sessionDetails) if (!seen.has(d.slug)) add(d, d.title);

  sessions.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.title.localeCompare(b.title));
  const days = new Map<string, ProgrammeDay>();
  for (const s of sessions) {
    const date = lagosDate(s.startsAt);
    let day = days.get(date);
    if (!day) days.set(date, (day = { date, label: dayLabel(date), sessions: [] }));
    day.sessions.push(s);
  }
  return { days: [...days.values()], unscheduled };
}

/**
 * While the festival is on (issue 28): today's day first, marked, then the others in their order.
 * `today` is the Lagos date of the edition's clock (contract/edition-text.ts festivalToday);
 * undefined, or a day without sessions: the days as they are.
 */
export function todayFirst(days: readonly ProgrammeDay[], today: string | undefined): ProgrammeDay[] {
  const index = today ? days.findIndex((d) => d.date === today) : -1;
  if (index < 0) return [...days];
  return [{ ...days[index]!, today: true }, ...days.slice(0, index), ...days.slice(index + 1)];
}

/**
 * While the festival is on (issue 41): each session on at `now` (started, not yet ended: parallel
 * rooms and a two-day exhibition may be on together) is marked "now", and the session(s) starting
 * soonest after `now`, on whichever festival day, "next". `now` is the edition's clock (FESTIVAL_NOW
 * or the real time) while the phase is live, else undefined: nothing is marked. Before the first
 * session only "next"; between two, only "next"; after the last, nothing.
 */
export function markNowAndNext(days: readonly ProgrammeDay[], now: Date | undefined): ProgrammeDay[] {
  if (!now) return [...days];
  const at = now.getTime();
  const starts = days.flatMap((d) => d.sessions.map((s) => Date.parse(s.startsAt))).filter((t) => t > at);
  const nextStart = starts.length > 0 ? Math.min(...starts) : undefined;
  const markOf = (s: Session): SessionMark | undefined => {
    const start = Date.parse(s.startsAt);
    if (start <= at && at < Date.parse(s.endsAt)) return 'now';
    return start === nextStart ? 'next' : undefined;
  };
  return days.map((d) => ({
    ...d,
    sessions: d.sessions.map((s) => {
      const mark = markOf(s);
      return mark ? { ...s, mark } : s;
    }),
  }));
}
