/**
 * Every staff route and every staff server action, in one place: e2e/staff-admin.spec.ts checks
 * that each refuses a visitor without a session, with a revoked or expired one, and (actions) a
 * cross-origin post. Add new staff pages and actions here.
 */
export const STAFF_PAGES: readonly string[] = [
  '/staff',
  '/staff/check-in',
  '/staff/accounts',
  '/staff/edition',
  '/staff/audit',
  '/staff/reports',
  '/staff/reports/new',
  '/staff/events',
];

/** GET routes that are not pages (file downloads). */
export const STAFF_FILES: readonly string[] = ['/staff/export/registrations', '/staff/export/donations'];

export interface StaffActionCase {
  name: string;
  /** The page whose HTML (rendered for an admin) holds the form. */
  page: string;
  /** Picks the form among the page's forms (their HTML). */
  form: (html: string) => boolean;
  /** The visible fields to post with the form's hidden ones. */
  fields: (ctx: { reference: string; unique: string }) => Record<string, string>;
}

export const STAFF_ACTIONS: readonly StaffActionCase[] = [
  { name: 'check in a ticket', page: '/staff/check-in', form: (f) => f.includes('aria-label="Check in a ticket"'), fields: ({ reference }) => ({ reference }) },
  {
    name: 'add a staff account',
    page: '/staff/accounts',
    form: (f) => f.includes('name="intent" value="add"'),
    fields: ({ unique }) => ({ name: 'Cross Site', email: `cross-${unique}@itan.example`, role: 'admin', password: '' }),
  },
  {
    name: 'save the edition',
    page: '/staff/edition',
    form: (f) => f.includes('aria-labelledby="edition-form-title"'),
    // The values in force on staff-admin.spec.ts's server (were the refusal to fail, nothing would change).
    fields: () => ({ startDate: '2025-10-24', endDate: '2025-10-25', venue: 'Centenary Hall, Ake, Abeokuta', capacity: '300', registrationOpensAt: '', registrationClosesAt: '' }),
  },
  { name: 'reset a password', page: '/staff/accounts', form: (f) => f.includes('name="intent" value="reset"'), fields: () => ({}) },
  { name: 'disable an account', page: '/staff/accounts', form: (f) => f.includes('name="intent" value="disable"'), fields: () => ({}) },
  {
    name: 'save a report draft',
    page: '/staff/reports/new',
    form: (f) => f.includes('aria-labelledby="editor-title"'),
    fields: ({ unique }) => ({ title: `Cross check ${unique}`, category: 'Event Report', date: '2026-10-24', body: 'A short report body for the check.', intent: 'save' }),
  },
  {
    name: 'edit the home hero',
    page: '/staff/events',
    form: (f) => f.includes('aria-labelledby="hero-editor-title"'),
    fields: () => ({ title: 'Stories that gather us', body: 'Two days of books, stories and art in Abeokuta.', ctaText: 'Register free', imageAlt: '' }),
  },
  {
    name: 'edit an event’s dates and venue',
    page: '/staff/events',
    form: (f) => f.includes('name="slug" value="annual-festival"'),
    fields: () => ({
      'detail-annual-festival-title': 'Ìtàn Festival: the annual edition',
      'detail-annual-festival-startsAt': '2026-10-24T09:00',
      'detail-annual-festival-endsAt': '2026-10-25T18:00',
      'detail-annual-festival-venue': 'Centenary Hall',
      'detail-annual-festival-address': 'Ake, Abeokuta',
      'detail-annual-festival-description': 'Two days of books, stories and art.',
    }),
  },
  { name: 'sign out', page: '/staff', form: (f) => f.includes('aria-label="Sign out"'), fields: () => ({}) },
];
