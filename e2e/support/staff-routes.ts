import { highlightsFallback } from '../../contract/fallbacks/highlights';

/**
 * Every staff route and every staff server action, in one place: e2e/staff-admin.spec.ts checks
 * that each refuses a visitor without a session, with a revoked or expired one, and (actions) a
 * cross-origin post. Add new staff pages and actions here: test/staff-routes.test.ts holds these
 * lists against app/staff (every page, route handler and action is here or below with a reason).
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

/** An announcement draft to ticket holders (issue 43) e2e/staff-admin.spec.ts stores, so its page renders. */
export const ANNOUNCEMENT_FIXTURE = {
  id: '00000000-0000-4000-8000-000000000143',
  subject: 'Fixture announcement',
  body: 'An announcement stored by the staff routes check.',
  audience: 'ticket-holders',
} as const;
const ANNOUNCEMENT_PAGE = `/staff/announcements/${ANNOUNCEMENT_FIXTURE.id}`;

/** A report the built-in backend seeds at start (its fallback content), for the report editor's page. */
const REPORT_PAGE = `/staff/reports/${highlightsFallback[0]!.id}`;

export const STAFF_PAGES: readonly string[] = [
  '/staff',
  '/staff/check-in',
  '/staff/accounts',
  '/staff/edition',
  '/staff/audit',
  '/staff/waiting-list',
  '/staff/reports',
  '/staff/reports/new',
  REPORT_PAGE,
  '/staff/events',
  '/staff/inbox',
  '/staff/inbox?kind=partnership&status=in+progress&overdue=1',
  INBOX_ITEM_PAGE,
  '/staff/newsletter',
  CAMPAIGN_PAGE,
  `${CAMPAIGN_PAGE}?confirm=send`,
  '/staff/announcements',
  ANNOUNCEMENT_PAGE,
  // Content entries (issue 40): the kinds, a list, a singleton, an entry and its delete page (seeded entries are seed-1, seed-2...).
  '/staff/content',
  '/staff/content/faq',
  '/staff/content/about',
  '/staff/content/faq/seed-1',
  '/staff/content/faq/seed-1/delete',
];

/** GET routes that are not pages (file downloads). */
export const STAFF_FILES: readonly string[] = ['/staff/export/registrations', '/staff/export/donations', '/staff/export/waiting-list'];

/** The routes under app/staff not checked above, and why. */
export const STAFF_ROUTES_UNCHECKED: Readonly<Record<string, string>> = {
  '/staff/login': 'the sign-in page itself: open to everyone, it is where the others send a visitor without a session',
  '/staff/preview': 'a redirect with a session too (draft mode on, then the public page): e2e/content-entries.spec.ts checks it refuses a visitor without a session',
  '/staff/preview/exit': 'a redirect with a session too (draft mode off): e2e/content-entries.spec.ts leaves the preview through it',
};

export interface StaffActionCase {
  name: string;
  /** The server action the form posts to (its export's name). */
  action: string;
  /** The page whose HTML (rendered for an admin) holds the form. */
  page: string;
  /** Picks the form among the page's forms (their HTML). */
  form: (html: string) => boolean;
  /** The visible fields to post with the form's hidden ones. */
  fields: (ctx: { reference: string; unique: string }) => Record<string, string>;
  /** Audit entries one accepted post makes (default 1). */
  audits?: number;
}

export const STAFF_ACTIONS: readonly StaffActionCase[] = [
  {
    name: 'add a content entry',
    action: 'entryEditorAction',
    page: '/staff/content/faq',
    form: (f) => f.includes('aria-labelledby="entry-add-title"'),
    fields: ({ unique }) => ({ question: `Cross check ${unique}?`, answer: 'An answer for the check.', intent: 'save' }),
  },
  {
    name: 'move a content entry',
    action: 'entryListAction',
    page: '/staff/content/faq',
    form: (f) => f.includes('name="verb" value="down"'),
    fields: () => ({}),
  },
  { name: 'check in a ticket', action: 'checkInAction', page: '/staff/check-in', form: (f) => f.includes('aria-label="Check in a ticket"'), fields: ({ reference }) => ({ reference }) },
  {
    name: 'register a walk-in',
    action: 'walkInAction',
    page: '/staff/check-in',
    form: (f) => f.includes('aria-labelledby="walk-in-title"'),
    fields: ({ unique }) => ({ firstName: 'Cross', lastName: 'Site', email: `walk-in-${unique}@example.com`, phone: '0803 123 4567', numberOfTickets: '1' }),
    // The registration made at the gate, and its check-in: two facts, each in the log as for any ticket.
    audits: 2,
  },
  {
    name: 'add a staff account',
    action: 'accountsAction',
    page: '/staff/accounts',
    form: (f) => f.includes('name="intent" value="add"'),
    fields: ({ unique }) => ({ name: 'Cross Site', email: `cross-${unique}@itan.example`, role: 'admin', password: '' }),
  },
  {
    name: 'save the edition',
    action: 'editionAction',
    page: '/staff/edition',
    form: (f) => f.includes('aria-labelledby="edition-form-title"'),
    // The values in force on staff-admin.spec.ts's server (were the refusal to fail, nothing would change).
    fields: () => ({ startDate: '2025-10-24', endDate: '2025-10-25', name: '', number: '', venue: 'Centenary Hall, Ake, Abeokuta', capacity: '300', registrationOpensAt: '', registrationClosesAt: '' }),
  },
  { name: 'reset a password', action: 'accountsAction', page: '/staff/accounts', form: (f) => f.includes('name="intent" value="reset"'), fields: () => ({}) },
  { name: 'disable an account', action: 'accountsAction', page: '/staff/accounts', form: (f) => f.includes('name="intent" value="disable"'), fields: () => ({}) },
  {
    name: 'save a report draft',
    action: 'reportEditorAction',
    page: '/staff/reports/new',
    form: (f) => f.includes('aria-labelledby="editor-title"'),
    fields: ({ unique }) => ({ title: `Cross check ${unique}`, category: 'Event Report', date: '2026-10-24', body: 'A short report body for the check.', intent: 'save' }),
  },
  {
    name: 'edit the home hero',
    action: 'heroAction',
    page: '/staff/events',
    form: (f) => f.includes('aria-labelledby="hero-editor-title"'),
    fields: () => ({ title: 'Stories that gather us', body: 'Two days of books, stories and art in Abeokuta.', ctaText: 'Register free', imageAlt: '' }),
  },
  {
    name: 'edit an event’s dates and venue',
    action: 'eventDetailAction',
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
  { name: 'change an inbox item’s status', action: 'inboxStatusAction', page: INBOX_ITEM_PAGE, form: (f) => f.includes('aria-labelledby="status-title"'), fields: () => ({ status: 'in progress' }) },
  { name: 'add an inbox note', action: 'inboxNoteAction', page: INBOX_ITEM_PAGE, form: (f) => f.includes('aria-labelledby="inbox-note-title"'), fields: ({ unique }) => ({ body: `A note for the check ${unique}` }) },
  { name: 'reply from the inbox', action: 'inboxReplyAction', page: INBOX_ITEM_PAGE, form: (f) => f.includes('aria-labelledby="inbox-reply-title"'), fields: ({ unique }) => ({ body: `A reply for the check ${unique}` }) },
  {
    name: 'save a newsletter campaign draft',
    action: 'campaignEditorAction',
    page: '/staff/newsletter',
    form: (f) => f.includes('aria-labelledby="campaign-editor-title"'),
    fields: ({ unique }) => ({ subject: `Cross check ${unique}`, body: 'A short newsletter for the check.', intent: 'save' }),
  },
  { name: 'send a newsletter test', action: 'sendTestAction', page: CAMPAIGN_PAGE, form: (f) => f.includes('Send a test to me'), fields: () => ({}) },
  { name: 'send a newsletter campaign', action: 'sendCampaignAction', page: `${CAMPAIGN_PAGE}?confirm=send`, form: (f) => f.includes('Yes, send to'), fields: () => ({}) },
  {
    name: 'save an announcement draft',
    action: 'announcementEditorAction',
    page: '/staff/announcements',
    form: (f) => f.includes('aria-labelledby="campaign-editor-title"'),
    fields: ({ unique }) => ({ subject: `Cross check ${unique}`, body: 'A short announcement for the check.', intent: 'save' }),
  },
  { name: 'send an announcement test', action: 'sendAnnouncementTestAction', page: ANNOUNCEMENT_PAGE, form: (f) => f.includes('Send a test to me'), fields: () => ({}) },
  {
    name: 'save the reminder’s settings',
    action: 'holderMailingAction',
    page: '/staff/announcements',
    form: (f) => f.includes('name="purpose" value="reminder"'),
    fields: () => ({ 'reminder-enabled': 'on', 'reminder-daysBefore': '2', 'reminder-subject': 'See you at the festival soon', 'reminder-body': 'The festival is almost here.' }),
  },
  { name: 'sign out', action: 'logoutAction', page: '/staff', form: (f) => f.includes('aria-label="Sign out"'), fields: () => ({}) },
];

/**
 * The staff server actions with no case above, and why. Each is built with the staff builder
 * (lib/staff/action.ts), whose session and role checks lib/staff/action.test.ts holds.
 */
export const STAFF_ACTIONS_UNPOSTED: Readonly<Record<string, string>> = {
  loginAction: 'the sign-in itself: open to everyone',
  loadGatePackAction: 'called by the offline gate’s script with no form: answers signed-out (app/staff/check-in/gate-actions.test.ts)',
  syncGateAction: 'called by the offline gate’s script with a value, not a form: answers signed-out (app/staff/check-in/gate-actions.test.ts)',
  cardAction: 'the event cards’ forms: the same builder and page as “edit the home hero”; not posted here yet',
  programmeCopyAction: 'copies the latest earlier edition’s sessions into the current one as drafts (what it finds depends on the editions the other cases run against); e2e/programme-editor.spec.ts presses it',
  editionResetAction: 'changes the edition the other cases run against (its refusal is not audited); not posted here yet',
  unpublishReportAction: 'needs a published report of its own to take down; not posted here yet',
  offerByHandAction: 'needs someone on a sold-out edition’s waiting list (the list is empty on this server); e2e/festival-year/waiting-list.spec.ts presses it, and backend/test/waiting-list-visible.test.ts checks its audit row',
  withdrawOfferAction: 'needs an open waiting-list offer (none on this server); e2e/festival-year/waiting-list.spec.ts presses it, and backend/test/waiting-list-visible.test.ts checks its audit row',
  sendAnnouncementAction:
    'the same builder and steps as “send a newsletter campaign” (app/staff/_campaigns/actions.ts); its confirmation shows only when someone holds a ticket: e2e/announcements.spec.ts presses it, from two tabs',
};
