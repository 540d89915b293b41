import { MAIL_OVERDUE_MINUTES } from '@/contract/api/admin-limits';
import { INBOX_AUDIT_LABELS } from './inbox-messages';

/**
 * The staff area's words, in one place (the API's own messages are in contract/api/admin.ts).
 */
export const STAFF_TEXT = {
  dashboardTitle: 'Dashboard',
  accountsTitle: 'Staff accounts',
  auditTitle: 'Audit log',
  editionTitle: 'The festival’s edition',
  editionUnavailable:
    'The festival’s own backend (API_BASE_URL) holds the edition: this site reads its dates, name, number, venue and registration window from the configuration (FESTIVAL_START_DATE, FESTIVAL_END_DATE, FESTIVAL_EDITION_NAME, FESTIVAL_EDITION_NUMBER, FESTIVAL_VENUE, REGISTRATION_OPENS_AT, REGISTRATION_CLOSES_AT).',
  editionSaved: 'Edition saved. The site shows the new settings now, on every server.',
  editionReset: 'Back to the configuration. The site shows the configured edition now, on every server.',
  editionResetRefused: 'The configured capacity (REGISTRATION_CAPACITY) is below the wristbands already taken, so the configuration cannot be used as it is. Save a capacity here instead.',
  editionResetHint: 'Forget the values saved here and use the server’s configuration again (its dates, name, number, venue, capacity and registration window). It is recorded in the audit log.',
  editionFromConfiguration: 'These values come from the server’s configuration (FESTIVAL_START_DATE, FESTIVAL_VENUE, REGISTRATION_CAPACITY and the rest). Saving here replaces them.',
  editionFromStaff: (by: string, at: string) => `These values were saved here by ${by} on ${at} (Lagos time); they replace the server’s configuration.`,
  editionMoves:
    'Changing the dates before the festival has ended moves it: its tickets, waiting list and wristband count follow, so tickets stay valid. Once it has ended, new dates start the next edition and the old tickets are refused at the gate.',
  dashboardUnavailable:
    'The festival’s backend (API_BASE_URL) does not offer the dashboard’s figures (GET /api/admin/dashboard/). The gate’s counts are shown where it offers them; the CSV downloads work if it offers the exports.',
  dashboardFailed: 'The figures could not be loaded just now. Reload the page in a minute.',
  countsUnavailable: 'The gate’s counts are not available from the festival’s backend.',
  capacityUnlimited: 'no capacity set',
  editionFigures: (name: string) => `Registrations, wristbands, check-ins and the waiting list are ${name}’s; tickets given back are counted apart.`,
  mailWarning: (failed: number, overdue: number) =>
    [failed > 0 ? `${failed} mail${failed === 1 ? '' : 's'} could not be delivered` : '', overdue > 0 ? `${overdue} mail${overdue === 1 ? ' has' : 's have'} waited more than ${MAIL_OVERDUE_MINUTES} minutes` : '']
      .filter(Boolean)
      .join('; ') + '. Check the SMTP settings (SMTP_URL) and the server log.',
  mailHeldBack: (n: number) =>
    `${n} mail${n === 1 ? ' is' : 's are'} held back by the per-recipient limit (too many mails to one address within an hour, MAIL_PER_RECIPIENT_PER_HOUR). ${n === 1 ? 'It goes' : 'They go'} out by itself once the hour allows; nothing is lost.`,
  exportsIntro: 'Everything submitted so far, as a spreadsheet (CSV). These files hold personal data: keep them safe and delete them when done. Every download is recorded in the audit log.',
  exportAdminOnly: 'Only a festival admin can download these exports.',
  exportUnavailable: 'The festival’s backend does not offer this export. Ask whoever runs it for the data.',
  exportFailed: 'The export could not be made just now. Please try again in a minute.',
  nothingYet: 'Nothing yet.',
  accountsUnavailable: 'Staff accounts are managed in the festival’s own backend (API_BASE_URL), which does not offer account management here.',
  auditUnavailable: 'The festival’s backend (API_BASE_URL) does not offer an audit log here.',
  loadFailed: 'This could not be loaded just now. Reload the page in a minute.',
  actionFailed: 'That did not work just now. Please try again in a minute.',
  generatedPassword: 'The new password, shown only this once. Give it to its owner in person or by phone, never in the same message as the email address:',
  addIntro: 'Leave the password empty to have a strong one made for you (it is shown once).',
  confirmHint: 'Resetting a password or disabling an account signs that person out everywhere at once.',
  auditEmpty: 'No entries yet.',
} as const;

/** With API_BASE_URL: why the publishing sections are hidden (capabilities().publishing, lib/backend). */
export const PUBLISHING_OFF_MESSAGE =
  'Reports, events and the programme are edited in the festival’s own content system: this site reads them from API_BASE_URL, so they cannot be changed here.';

export const EXPORT_LABELS = {
  registrations: 'Registrations',
  donations: 'Donations',
  partnerships: 'Partnerships',
  newsletter: 'Newsletter subscribers',
  volunteers: 'Volunteers',
  contact: 'Contact messages',
  'waiting-list': 'Waiting list',
} as const;

/** What each audit action means, in words (unknown actions are shown as they are). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.login-failed': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'export.download': 'Downloaded an export',
  'ticket.check-in': 'Checked in a ticket',
  'ticket.check-in-duplicate': 'Admitted a ticket already checked in (offline gate)',
  'ticket.walk-in': 'Registered a walk-in at the gate',
  'edition.update': 'Changed the edition',
  'edition.reset': 'Put the edition back to the configuration',
  'waiting-list.offer': 'Offered waiting-list places by hand',
  'waiting-list.withdraw': 'Withdrew a waiting-list offer',
  'staff.create': 'Added an account',
  'staff.password-reset': 'Reset a password',
  'staff.disable': 'Disabled an account',
  'staff.enable': 'Enabled an account',
  'ticket.give-back': 'Gave back a ticket’s wristbands',
  'campaign.create': 'Wrote a newsletter campaign',
  'campaign.update': 'Changed a newsletter campaign',
  'campaign.send': 'Sent a newsletter campaign',
  'campaign.test': 'Sent a newsletter campaign’s test to their own address',
  'content.create': 'Added a content entry',
  'content.update': 'Changed a content entry',
  'content.delete': 'Deleted a content entry',
  'content.move': 'Moved a content entry',
  'content.publish': 'Published a content entry',
  'content.unpublish': 'Unpublished a content entry',
  'content.programme-copied': 'Copied the programme to another edition',
  'hero.update': 'Changed the home page’s hero',
  'event.update': 'Changed an event card',
  'event-detail.update': 'Changed an event’s page',
  'media.upload': 'Uploaded an image',
  'report.create': 'Wrote a highlight',
  'report.update': 'Changed a highlight',
  'report.publish': 'Published a highlight',
  'report.unpublish': 'Unpublished a highlight',
  ...INBOX_AUDIT_LABELS,
};

/**
 * An audit row's action in words (issue 43: never a code such as `event.update` beside sentences).
 * A code without a label (one a newer backend records) still reads as words: "Event detail: update".
 */
export function auditActionLabel(action: string): string {
  if (Object.hasOwn(AUDIT_ACTION_LABELS, action)) return AUDIT_ACTION_LABELS[action]!;
  const [area = action, ...rest] = action.split('.');
  const words = (part: string) => part.replace(/[-_]+/g, ' ').trim();
  const head = words(area);
  const tail = words(rest.join(' '));
  const sentence = tail ? `${head}: ${tail}` : head;
  return sentence ? `${sentence[0]!.toUpperCase()}${sentence.slice(1)}` : action;
}

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
/** Money is integer kobo everywhere; shown in naira. */
export const formatKobo = (kobo: number): string => naira.format(kobo / 100);

const lagos = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Lagos' });
/** Dates are shown in Lagos time. */
export const formatLagos = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : lagos.format(d);
};

const lagosShort = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Lagos' });
/** Day and time without the year, for small tables on a phone. */
export const formatLagosShort = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : lagosShort.format(d);
};

export const formatCount = (n: number): string => n.toLocaleString('en-NG');
