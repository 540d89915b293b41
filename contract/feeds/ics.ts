/**
 * iCalendar (RFC 5545) files: what "Add to calendar" downloads. Lines end in CRLF and are folded at
 * 75 octets; text is escaped. All-day events use DATE values (DTEND is the day AFTER the last day,
 * as the RFC says); timed events are written in UTC so no VTIMEZONE block is needed.
 */
export interface CalendarEvent {
  uid: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** All-day: first and last day as YYYY-MM-DD (inclusive). */
  allDay?: { start: string; end: string };
  /** Timed: ISO timestamps with an offset. */
  timed?: { start: string; end: string };
}

export interface CalendarOptions {
  prodId: string;
  name?: string;
  /** Fixed "now" for DTSTAMP (tests); defaults to the current time. */
  now?: Date;
  events: readonly CalendarEvent[];
}

/** A line break however it was typed: CRLF, a bare CR or LF, NEL, U+2028, U+2029. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;
/** What RFC 5545 forbids in a value (CTL: C0 controls and DEL) once line breaks are escaped. */
const CONTROL = /[\u0000-\u001F\u007F]/g;

/**
 * A TEXT value (SUMMARY, DESCRIPTION, LOCATION...): backslash, semicolon and comma escaped, every
 * line break as the escape `\n`, a tab as a space, and every other control character dropped, so
 * nothing typed (a bare CR from a staff form included) can end the line and start a property.
 */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(LINE_BREAK, '\\n')
    .replace(/\t/g, ' ')
    .replace(CONTROL, '');
}

/** A value written as it is (UID, URL, PRODID): line breaks and control characters dropped. */
function icsRaw(value: string): string {
  return value.replace(LINE_BREAK, '').replace(CONTROL, '');
}

/** Folds a content line to at most 75 octets per physical line, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function icsDate(day: string): string {
  return day.replace(/-/g, '');
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function icsUtc(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function buildCalendar({ prodId, name, now = new Date(), events }: CalendarOptions): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${icsRaw(prodId)}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (name) lines.push(`X-WR-CALNAME:${escapeIcsText(name)}`);
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${icsRaw(event.uid)}`, `DTSTAMP:${icsUtc(now)}`);
    if (event.allDay) {
      lines.push(`DTSTART;VALUE=DATE:${icsDate(event.allDay.start)}`);
      lines.push(`DTEND;VALUE=DATE:${icsDate(nextDay(event.allDay.end))}`);
    } else if (event.timed) {
      lines.push(`DTSTART:${icsUtc(event.timed.start)}`, `DTEND:${icsUtc(event.timed.end)}`);
    }
    lines.push(`SUMMARY:${escapeIcsText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
    if (event.url) lines.push(`URL:${icsRaw(event.url)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
