import { foldText } from './fold';

/**
 * Business constants: one source of truth for every limit, amount and fixed fact the spec names.
 * The edition's dates are configuration and staff settings (contract/edition.ts); their formatting lives here.
 */
export const FESTIVAL_NAME = 'Ìtàn Festival';
export const FESTIVAL_FULL_NAME = 'Ìtàn Book & Arts Festival';
export const FESTIVAL_CITY = 'Abeokuta';
export const FESTIVAL_STATE = 'Ogun State';
export const FESTIVAL_VENUE = 'Centenary Hall, Ake, Abeokuta';
export const FESTIVAL_TIME_ZONE = 'Africa/Lagos';
/**
 * The festival start the built-in programme (contract/fallbacks/event-details.ts) is written
 * around; it moves by whole days to the current edition's start (contract/content/shift.ts).
 */
export const FALLBACK_FESTIVAL_START_DATE = '2025-10-24';
/**
 * The year of the festival's first edition: an edition's number, when neither staff nor the
 * configuration give one, counts from it (2025: the 1st, 2027: the 3rd; contract/edition.ts
 * defaultEditionNumber), and the about page's timeline dates the first festival by it.
 */
export const FIRST_EDITION_YEAR = 2025;

export const REQUEST_TIMEOUT_MS = 10_000;

export const DONATION_MIN_NGN = 100;
export const DONATION_CURRENCY = 'NGN';
export const DONATION_SUGGESTED_NGN = [2_000, 5_000, 10_000, 25_000] as const;
/**
 * "Try again" on a declined or abandoned donation opens a new Paystack checkout with the donor's
 * details (issue 42): at most this many per donation in any hour, one at a time.
 */
export const DONATION_RETRIES_PER_HOUR = 3;

export const TICKETS_MIN = 1;
export const TICKETS_MAX = 10;
export const TICKETS_DEFAULT = 1;
export const WRISTBAND_HOURS = 48;

/** "1 wristband", "3 wristbands": how every page, mail and audit line counts them. */
export const wristbands = (n: number): string => `${n} wristband${n === 1 ? '' : 's'}`;

export const PROPOSAL_MIN_CHARS = 50;
export const NEWSLETTER_RESET_MS = 3_000;

export const HOME_HIGHLIGHTS_COUNT = 3;
export const FEATURED_DEFAULT_LIMIT = 3;
export const RELATED_REPORTS_MAX = 3;

export const PARTNERSHIP_RESPONSE_BUSINESS_DAYS = 5;
export const DONATION_EMAIL_WITHIN_HOURS = 24;
export const DONATION_PROCESSING_BUSINESS_DAYS = '3-5';

export const VOLUNTEER_ROLES_COUNT = 6;
export const VOLUNTEER_BENEFITS_COUNT = 6;
export const TEAM_MEMBERS_COUNT = 10;

export const HIGHLIGHT_DEFAULT_READ_TIME = '5 min read';
export const HIGHLIGHT_DEFAULT_CATEGORY = 'Event Report';

/** The highlight categories the /highlights chips filter by: slug and label. */
export const HIGHLIGHT_CATEGORIES = [
  { slug: 'all', label: 'All Reports' },
  { slug: 'event-report', label: 'Event Report' },
  { slug: 'community-impact', label: 'Community Impact' },
  { slug: 'partnership', label: 'Partnership' },
  { slug: 'workshop-series', label: 'Workshop Series' },
] as const;

/** 'Event Report' -> 'event-report', 'Àṣà Ọ̀rọ̀' -> 'asa-oro': how a category name matches its chip slug. */
export function categorySlug(category: string): string {
  return foldText(category)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// Pure: client components import constants from this module; a formatter made at load time would be
// kept in their bundles even where unused (issue 15).
const dayMonthYear = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: FESTIVAL_TIME_ZONE,
});

/** A YYYY-MM-DD or ISO timestamp shown as "22 July 2025" in Lagos time. */
export function formatDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+01:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayMonthYear.format(date);
}

/** "24–25 October 2025" (or "30 October – 1 November 2025" across months). */
export function formatFestivalDates(start: string, end: string): string {
  const s = new Date(`${start}T12:00:00+01:00`);
  const e = new Date(`${end}T12:00:00+01:00`);
  if (start === end) return dayMonthYear.format(s);
  const part = (d: Date, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: FESTIVAL_TIME_ZONE }).format(d);
  if (s.getUTCFullYear() === e.getUTCFullYear() && s.getUTCMonth() === e.getUTCMonth()) {
    return `${part(s, { day: 'numeric' })}–${dayMonthYear.format(e)}`;
  }
  if (s.getUTCFullYear() === e.getUTCFullYear()) {
    return `${part(s, { day: 'numeric', month: 'long' })} – ${dayMonthYear.format(e)}`;
  }
  return `${dayMonthYear.format(s)} – ${dayMonthYear.format(e)}`;
}

const naira = /* @__PURE__ */ new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 });

/** 5000 -> "₦5,000". */
export function formatNaira(amountNgn: number): string {
  return naira.format(amountNgn);
}

/** Ours: a ceiling that catches a mistyped amount before a card is charged. */
export const DONATION_MAX_NGN = 10_000_000;
export const PROPOSAL_MAX_CHARS = 5_000;

/** The six volunteer roles' ids (their copy lives in contract/fallbacks/). */
export const VOLUNTEER_ROLE_IDS = [
  'welcome-team',
  'stage-management',
  'reading-rooms',
  'exhibition-guide',
  'media-crew',
  'logistics',
] as const;
export type VolunteerRoleId = (typeof VOLUNTEER_ROLE_IDS)[number];

export const VOLUNTEER_AVAILABILITY = [
  { value: 'both-days', label: 'Both festival days' },
  { value: 'day-one', label: 'Day one only' },
  { value: 'day-two', label: 'Day two only' },
  { value: 'before-festival', label: 'Set-up days before the festival' },
  { value: 'year-round', label: 'Year-round events' },
] as const;

/** The hidden field that only bots fill in. */
export const HONEYPOT_FIELD = 'website';

/** The /contact form's topics (issue 16): value and label. */
export const CONTACT_TOPICS = [
  { value: 'visiting', label: 'Visiting the festival (venue, travel, accessibility)' },
  { value: 'programme', label: 'The programme and events' },
  { value: 'registration', label: 'Registration and wristbands' },
  { value: 'donations', label: 'Donations and receipts' },
  { value: 'press', label: 'Press and media' },
  { value: 'privacy', label: 'My personal data (access, correction, deletion)' },
  { value: 'other', label: 'Something else' },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];
export const CONTACT_MESSAGE_MIN_CHARS = 20;
export const CONTACT_MESSAGE_MAX_CHARS = 3_000;
/** Ours: how soon the festival answers a contact message. */
export const CONTACT_RESPONSE_BUSINESS_DAYS = 3;
