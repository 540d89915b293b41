/**
 * The words of the staff area's campaign pages, in one place: the newsletter's (/staff/newsletter,
 * issue 31) and the announcements to ticket holders (/staff/announcements, issue 43), one shape, so
 * the same pages and components serve both. The API's own messages (saved, already sent, …) are in
 * contract/api/campaigns.ts.
 */
export const NEWSLETTER_TEXT = {
  title: 'Newsletter',
  editTitle: 'Newsletter campaign',
  unavailable:
    'The newsletter is sent by the built-in backend, which this site does not use (API_BASE_URL is set): write to subscribers from the festival’s own mailing tool.',
  loadFailed: 'The campaigns could not be loaded just now. Reload the page in a minute.',
  intro: (audience: number) =>
    `${audience.toLocaleString('en-GB')} confirmed ${audience === 1 ? 'subscriber' : 'subscribers'} would receive a campaign sent now. Only addresses that confirmed their sign-up and have not unsubscribed receive it; every mail carries an unsubscribe link.`,
  newHeading: 'New campaign',
  editHeading: 'Subject and text',
  sendHeading: 'Send',
  statusPrefix: 'Status:',
  listHeading: 'Campaigns',
  none: 'No campaigns yet.',
  subjectLabel: 'Subject',
  bodyLabel: 'Newsletter text (Markdown)',
  bodyHint: 'Markdown: a blank line between paragraphs, ## Heading, **bold**, *italic*, [link text](https://…), - list item. The same rules as reports: images only from this site’s uploads.',
  preview: 'Preview',
  previewHeading: 'Preview',
  previewNote: 'As subscribers will see it (the mail adds the festival’s header and the unsubscribe link at the foot).',
  saveDraft: 'Save draft',
  createDraft: 'Create draft',
  sendTest: 'Send a test to me',
  sendTestHint: (email: string) => `One mail to ${email}, marked [Test] in its subject. It shows the saved version: save your changes first.`,
  sendAll: (n: number) => `Send to ${n.toLocaleString('en-GB')} confirmed ${n === 1 ? 'subscriber' : 'subscribers'}`,
  confirmHeading: 'Send this campaign now?',
  confirmText: (n: number, subject: string) =>
    `“${subject}” will go to ${n.toLocaleString('en-GB')} confirmed ${n === 1 ? 'subscriber' : 'subscribers'}. It is sent once and cannot be recalled or changed afterwards.`,
  confirmYes: (n: number) => `Yes, send to ${n.toLocaleString('en-GB')} ${n === 1 ? 'subscriber' : 'subscribers'}`,
  cancel: 'Cancel',
  nobody: 'Nobody has confirmed a subscription yet, so there is no one to send to.',
  progressHeading: 'Progress',
  progressRefreshNote: 'Mails go out at the rate your SMTP plan allows (NEWSLETTER_RATE_PER_MINUTE). Reload the page to see the latest figures.',
  statusLabel: { draft: 'Draft', sending: 'Sending', sent: 'Sent' },
  figures: {
    recipients: 'Recipients',
    queued: 'Queued',
    sent: 'Sent',
    failed: 'Failed',
    skipped: 'Skipped (unsubscribed meanwhile)',
    waiting: 'Waiting',
  },
  created: (by: string, at: string) => `Written by ${by || 'a former staff member'}, ${at} (Lagos time).`,
  sentLine: (by: string, at: string) => `Sending started by ${by || 'a former staff member'}, ${at} (Lagos time).`,
  finishedLine: (at: string) => `Every mail was handled by ${at} (Lagos time).`,
  contentHeading: 'What was sent',
  back: 'Back to all campaigns',
  done: {
    created: 'Draft saved.',
    saved: 'Changes saved.',
    test: 'A test is on its way to your address.',
    sending: 'Sending has started. The figures below show how far it has got.',
    already: 'This campaign has already been sent (or is being sent). Nothing more was queued.',
    notDraft: 'This campaign has been sent (or is being sent), so it can no longer be changed.',
    failed: 'That did not work just now. Please try again in a minute.',
  },
};

export type CampaignText = typeof NEWSLETTER_TEXT;
export type NewsletterDone = keyof typeof NEWSLETTER_TEXT.done;

const holders = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'ticket holder' : 'ticket holders'}`;

export const ANNOUNCEMENT_TEXT: CampaignText = {
  title: 'Announcements',
  editTitle: 'Announcement to ticket holders',
  unavailable:
    'Announcements are sent by the built-in backend, which this site does not use (API_BASE_URL is set): write to ticket holders from the festival’s own mailing tool.',
  loadFailed: 'The announcements could not be loaded just now. Reload the page in a minute.',
  intro: (audience: number) =>
    `${holders(audience)} of this edition would receive an announcement sent now: everyone holding a valid ticket (wristbands given back and newsletter-only subscribers are not included). Announcements are service messages about the visit (a venue change, a weather warning): no promotion. Every mail says why it came and links to the holder’s own ticket.`,
  newHeading: 'New announcement',
  editHeading: 'Subject and text',
  sendHeading: 'Send',
  statusPrefix: 'Status:',
  listHeading: 'Announcements',
  none: 'No announcements yet.',
  subjectLabel: 'Subject',
  bodyLabel: 'Announcement text (Markdown)',
  bodyHint: NEWSLETTER_TEXT.bodyHint,
  preview: 'Preview',
  previewHeading: 'Preview',
  previewNote: 'As ticket holders will see it (the mail adds the festival’s header, their ticket link and why they receive it).',
  saveDraft: 'Save draft',
  createDraft: 'Create draft',
  sendTest: 'Send a test to me',
  sendTestHint: NEWSLETTER_TEXT.sendTestHint,
  sendAll: (n: number) => `Send to ${holders(n)}`,
  confirmHeading: 'Send this announcement now?',
  confirmText: (n: number, subject: string) => `“${subject}” will go to ${holders(n)}. It is sent once and cannot be recalled or changed afterwards.`,
  confirmYes: (n: number) => `Yes, send to ${holders(n)}`,
  cancel: 'Cancel',
  nobody: 'Nobody holds a ticket for this edition yet, so there is no one to send to.',
  progressHeading: 'Progress',
  progressRefreshNote: 'Mails go out at the rate your SMTP plan allows (NEWSLETTER_RATE_PER_MINUTE). Reload the page to see the latest figures.',
  statusLabel: NEWSLETTER_TEXT.statusLabel,
  figures: { ...NEWSLETTER_TEXT.figures, skipped: 'Skipped (ticket given back meanwhile)' },
  created: NEWSLETTER_TEXT.created,
  sentLine: NEWSLETTER_TEXT.sentLine,
  finishedLine: NEWSLETTER_TEXT.finishedLine,
  contentHeading: 'What was sent',
  back: 'Back to all announcements',
  done: {
    ...NEWSLETTER_TEXT.done,
    already: 'This announcement has already been sent (or is being sent). Nothing more was queued.',
    notDraft: 'This announcement has been sent (or is being sent), so it can no longer be changed.',
  },
};

/** The two campaign sections of the staff area, by key: what pages and components look their words up by. */
export const CAMPAIGN_TEXT = { newsletter: NEWSLETTER_TEXT, announcements: ANNOUNCEMENT_TEXT } satisfies Record<string, CampaignText>;
export type CampaignSectionKey = keyof typeof CAMPAIGN_TEXT;

/** The reminder's and the thank-you's settings on /staff/announcements. */
export const HOLDER_MAILING_TEXT = {
  heading: 'Sent by themselves: the reminder and the thank-you',
  intro:
    'Each goes once to every ticket holder of the edition, at its time, sent by the mail queue itself. The mail adds the holder’s ticket link; the reminder adds the dates, the venue and how to get there (from the visit page); the thank-you adds the highlights and, for holders not on the newsletter, where to sign up (they confirm by mail first).',
  title: { reminder: 'Reminder before the festival', thanks: 'Thank-you after the festival' },
  switchLegend: 'On or off',
  enabled: { reminder: 'Send the reminder', thanks: 'Send the thank-you' },
  daysBefore: 'Days before the first day',
  daysBeforeHint: 'From 1 to 14. It goes at midnight (Lagos time) that many days before the festival opens.',
  due: { reminder: (at: string) => `For this edition it goes on ${at} (Lagos time).`, thanks: (at: string) => `For this edition it goes on ${at} (Lagos time), after the last day.` },
  started: 'For this edition it has been sent: its figures are in the list below.',
  off: 'Switched off: it will not be sent.',
  subjectLabel: 'Subject',
  bodyLabel: 'Text (Markdown)',
  save: 'Save',
  saved: 'Saved.',
  failed: 'That did not work just now. Please try again in a minute.',
  purposeLabel: { reminder: 'Reminder (sent by itself)', thanks: 'Thank-you (sent by itself)' },
} as const;
