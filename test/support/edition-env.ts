/**
 * The edition most tests run in (issue 28): 24–25 October 2025, seen from 1 September 2025 with
 * registration open, so their dates and answers do not move with the real date. Tests of the
 * festival's year set their own FESTIVAL_NOW and edition settings.
 */
export const TEST_EDITION_ENV = {
  FESTIVAL_START_DATE: '2025-10-24',
  FESTIVAL_END_DATE: '2025-10-25',
  FESTIVAL_NOW: '2025-09-01T09:00:00+01:00',
} as const;

/** That edition's key (contract/edition.ts): its start date's year, as FESTIVAL_EDITION is unset. */
export const TEST_EDITION_KEY = '2025';
