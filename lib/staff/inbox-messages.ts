import { INBOX_LIMITS, type InboxKind, type InboxStatus } from '@/contract/api/inbox-limits';
import { CONTACT_REPLY_DAYS, PROPOSAL_REPLY_DAYS } from '@/contract/business-days';

/**
 * The inbox's words (issue 31), in one place: pages, forms and the dashboard's inbox figures. The
 * API's own messages (refusals, "Reply sent") are in contract/api/inbox.ts.
 */
export const INBOX_TEXT = {
  title: 'Inbox',
  navLabel: 'Inbox',
  intro: `Partnership proposals, volunteer applications and contact messages, newest first. Proposals are promised an answer within ${PROPOSAL_REPLY_DAYS} working days and contact messages within ${CONTACT_REPLY_DAYS} (Lagos, Monday to Friday, public holidays skipped).`,
  unavailable:
    'The inbox works with the built-in backend only. With API_BASE_URL set, proposals, applications and messages are kept by the festival’s own backend: answer them there.',
  loadFailed: 'The inbox could not be loaded just now. Reload the page in a minute.',
  empty: 'Nothing here with these filters.',
  filtersTitle: 'Filter',
  kindLabel: 'Kind',
  statusLabel: 'Status',
  anyKind: 'All kinds',
  anyStatus: 'Any status',
  overdueLabel: 'Only items past their deadline',
  filterButton: 'Show',
  clearFilters: 'Clear filters',
  listCaption: (from: number, to: number, count: number) => `Items ${from}–${to} of ${count}, newest first (Lagos time)`,
  head: { from: 'From', kind: 'Kind', status: 'Status', received: 'Received', due: 'Answer due' },
  pagesLabel: 'Inbox pages',
  newer: 'Newer',
  older: 'Older',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  overdue: 'Overdue',
  replied: (n: number) => `${n} repl${n === 1 ? 'y' : 'ies'}`,
  noDeadline: '—',
  back: 'Back to the inbox',
  itemTitle: (kind: string, name: string) => `${kind} from ${name}`,
  kindFact: 'Kind',
  received: 'Received',
  due: 'Answer due',
  dueHint: (kind: InboxKind) => `the end of the ${kind === 'contact' ? 'third' : 'fifth'} Lagos working day after it arrived`,
  email: 'Email',
  phone: 'Phone',
  message: 'What they wrote',
  statusTitle: 'Status',
  statusButton: 'Save status',
  notesTitle: 'Internal notes',
  notesHint: `Only staff see these. At most ${INBOX_LIMITS.note} characters.`,
  noNotes: 'No notes yet.',
  noteLabel: 'New note',
  noteButton: 'Add note',
  repliesTitle: 'Replies',
  repliesHint: (email: string) =>
    `A reply is mailed to ${email} from the festival’s address, signed with your name, with a short quote of what they wrote. Plain text, at most ${INBOX_LIMITS.reply} characters. It is sent once, even if the form is sent twice.`,
  noReplies: 'No replies yet.',
  replyLabel: 'Your reply',
  /** The reply form's hint: the greeting the mail adds above the reply (backend/inbox/reply-mail.ts). */
  greetingHint: (greeting: string) => `The mail begins “${greeting}” and adds it for you: start with what you want to say. A reply that already begins with a greeting does not get it twice.`,
  replyButton: 'Send reply',
  by: (name: string, at: string) => `${name}, ${at}`,
  delivery: { pending: 'Waiting to be sent', done: 'Sent', failed: 'Could not be delivered' },
  done: {
    status: 'Status saved.',
    note: 'Note added.',
    reply: 'Reply sent. It is on its way to the sender’s inbox.',
    already: 'This reply was already sent; it was not sent again.',
  },
  checkFields: 'Please check the highlighted field.',
  failed: 'That did not work just now. Please try again in a minute.',
  dashboardNew: (n: number) => `${n} new`,
  dashboardOverdue: (n: number) => `${n} item${n === 1 ? '' : 's'} past the answer deadline`,
  dashboardFigure: 'Inbox',
  dashboardOverdueLink: 'See the overdue items',
  dashboardNewLink: 'Open the new items',
} as const;

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  partnership: 'Partnership proposal',
  volunteer: 'Volunteer application',
  contact: 'Contact message',
};

export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  'in progress': 'In progress',
  accepted: 'Accepted',
  declined: 'Declined',
  done: 'Done',
};

/** The audit log's words for the inbox's actions (lib/staff/messages.ts AUDIT_ACTION_LABELS). */
export const INBOX_AUDIT_LABELS: Record<string, string> = {
  'inbox.status': 'Changed an inbox item’s status',
  'inbox.note': 'Added a note to an inbox item',
  'inbox.reply': 'Replied to an inbox item',
};
