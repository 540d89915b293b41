/**
 * Every staff route and every staff server action, in one place: e2e/staff-admin.spec.ts checks
 * that each refuses a visitor without a session, with a revoked or expired one, and (actions) a
 * cross-origin post. Add new staff pages and actions here.
 */
/**
 * A contact message e2e/staff-admin.spec.ts stores before its checks, so the inbox's item page
 * (issue 31) has something to show and its forms something to change.
 */
export const INBOX_FIXTURE = {
  id: '00000000-0000-4000-8000-000000000031',
  name: 'Fixture Sender',
  email: 'fixture-sender@example.com',
  topic: 'press',
  message: 'A message stored by the staff routes check, for the inbox pages.',
} as const;
const INBOX_ITEM_PAGE = `/staff/inbox/contact/${INBOX_FIXTURE.id}`;

/**
 * A newsletter campaign draft (and one confirmed subscriber to send it to) e2e/staff-admin.spec.ts
 * stores before its checks, so the campaign's page and its confirmation step (issue 31) render.
 */
export const CAMPAIGN_FIXTURE = {
  id: '00000000-0000-4000-8000-000000000131',
  subject: 'Fixture campaign',
  body: 'A campaign stored by the staff routes check.\n\n- one\n- two',
  subscriber: 'fixture-reader@example.com',
} as const;
const CAMPAIGN_PAGE = `/staff/newsletter/${CAMPAIGN_FIXTURE.id}`;

export const STAFF_PAGES: readonly string[] = [
  '/staff',
  '/staff/check-in',
  '/staff/accounts',
  '/staff/edition',
  '/staff/audit',
  '/staff/reports',
  '/staff/reports/new',
  '/staff/events',
  '/staff/inbox',
  '/staff/inbox?kind=partnership&status=in+progress&overdue=1',
  INBOX_ITEM_PAGE,
  '/staff/newsletter',
  CAMPAIGN_PAGE,
  `${CAMPAIGN_PAGE}?confirm=send`,
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
  { name: 'change an inbox item’s status', page: INBOX_ITEM_PAGE, form: (f) => f.includes('aria-labelledby="status-title"'), fields: () => ({ status: 'in progress' }) },
  { name: 'add an inbox note', page: INBOX_ITEM_PAGE, form: (f) => f.includes('aria-labelledby="inbox-note-title"'), fields: ({ unique }) => ({ body: `A note for the check ${unique}` }) },
  { name: 'reply from the inbox', page: INBOX_ITEM_PAGE, form: (f) => f.includes('aria-labelledby="inbox-reply-title"'), fields: ({ unique }) => ({ body: `A reply for the check ${unique}` }) },
  {
    name: 'save a newsletter campaign draft',
    page: '/staff/newsletter',
    form: (f) => f.includes('aria-labelledby="campaign-editor-title"'),
    fields: ({ unique }) => ({ subject: `Cross check ${unique}`, body: 'A short newsletter for the check.', intent: 'save' }),
  },
  { name: 'send a newsletter test', page: CAMPAIGN_PAGE, form: (f) => f.includes('Send a test to me'), fields: () => ({}) },
  { name: 'send a newsletter campaign', page: `${CAMPAIGN_PAGE}?confirm=send`, form: (f) => f.includes('Yes, send to'), fields: () => ({}) },
  { name: 'sign out', page: '/staff', form: (f) => f.includes('aria-label="Sign out"'), fields: () => ({}) },
];
