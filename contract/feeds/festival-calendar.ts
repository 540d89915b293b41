import { FESTIVAL_FULL_NAME, FESTIVAL_STATE, FESTIVAL_VENUE, WRISTBAND_HOURS } from '@/contract/festival';
import { buildCalendar } from './ics';

/** What the calendar is built from: the site's address, the festival's dates, where to register. */
export interface FestivalCalendarSettings {
  siteUrl: string;
  festivalStartDate: string;
  festivalEndDate: string;
  /** The edition's venue (default FESTIVAL_VENUE). */
  venue?: string;
  /** Where to register; undefined when registration is not offered (closed, after the festival). */
  registrationUrl: string | undefined;
}

/** The path the home and registration thank-you pages link to. */
export const FESTIVAL_ICS_PATH = '/festival.ics';

/** The festival as one all-day calendar event, dated from the current edition. */
export function buildFestivalCalendar(
  config: FestivalCalendarSettings,
  now?: Date,
): string {
  const host = new URL(config.siteUrl).host;
  const { registrationUrl } = config;
  const registration =
    registrationUrl === undefined ? undefined : /^https?:/i.test(registrationUrl) ? registrationUrl : `${config.siteUrl}${registrationUrl}`;
  return buildCalendar({
    prodId: `-//${FESTIVAL_FULL_NAME}//Festival calendar//EN`,
    name: FESTIVAL_FULL_NAME,
    now,
    events: [
      {
        uid: `festival-${config.festivalStartDate}@${host}`,
        summary: FESTIVAL_FULL_NAME,
        description:
          `Free entry with a ${WRISTBAND_HOURS}-hour festival wristband: readings, panels, exhibitions, an open mic, ` +
          `films and a closing concert.${registration ? `\nRegister: ${registration}` : ''}`,
        location: `${config.venue ?? FESTIVAL_VENUE}, ${FESTIVAL_STATE}, Nigeria`,
        url: `${config.siteUrl}/annual-festival`,
        allDay: { start: config.festivalStartDate, end: config.festivalEndDate },
      },
    ],
  });
}
