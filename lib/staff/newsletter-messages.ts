/**
 * The words of the staff area's newsletter pages (/staff/newsletter, issue 31), in one place. The
 * API's own messages (saved, already sent, …) are in contract/api/campaigns.ts.
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
} as const;

export type NewsletterDone = keyof typeof NEWSLETTER_TEXT.done;
