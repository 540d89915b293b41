/** What a 404 is about: a report, an event, a ticket link, or any other page. */
export type MissingKind = 'report' | 'event' | 'ticket' | 'page';

/** The headings of the 404 views (the smoke test looks for them in the served HTML). */
export const NOT_FOUND_HEADINGS = {
  report: 'Report Not Found',
  event: 'Event not found',
  ticket: 'Ticket not found',
  page: 'This page has wandered off',
} as const satisfies Record<MissingKind, string>;

/** The page titles of the 404 views. */
export const NOT_FOUND_TITLES = {
  report: 'Report Not Found · Ìtàn Festival',
  event: 'Event not found · Ìtàn Festival',
  ticket: 'Ticket not found · Ìtàn Festival',
  page: 'Page not found · Ìtàn Festival',
} as const satisfies Record<MissingKind, string>;
