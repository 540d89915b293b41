/** The headings of the 404 views (the smoke test looks for them in the served HTML). */
export const NOT_FOUND_HEADINGS = {
  report: 'Report Not Found',
  event: 'Event not found',
  page: 'This page has wandered off',
} as const;
