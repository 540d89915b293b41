import { z } from 'zod';
import { text } from '@/contract/text';
import { textField } from '@/contract/forms/rules';

/**
 * Newsletter campaigns (issue 31) over the /api contract: what the staff area sends to
 * /api/admin/newsletter/campaigns/..., what it gets back, and every message an admin reads about
 * it. Shared by the server actions and the built-in backend.
 */
export const CAMPAIGN_MESSAGES = {
  subjectRequired: 'Enter a subject',
  bodyRequired: 'Write the newsletter',
  bodyTooLong: (max: number) => `Keep the newsletter under ${max.toLocaleString('en-GB')} characters`,
  created: 'Draft saved.',
  updated: 'Changes saved.',
  notFound: 'There is no such campaign.',
  notDraft: 'This campaign has been sent (or is being sent), so it can no longer be changed.',
  testQueued: (email: string) => `A test has been sent to ${email}. It arrives within a minute or two.`,
  sendStarted: (n: number) => `Sending to ${n.toLocaleString('en-GB')} confirmed ${n === 1 ? 'subscriber' : 'subscribers'} has started.`,
  /** The second press of "Send" (or a second request racing the first): nothing more is queued. */
  alreadySent: 'This campaign has already been sent (or is being sent). Nothing more was queued.',
  failed: 'That did not work just now. Please try again in a minute.',
} as const;

/** What an audience's campaign routes and staff pages say (the newsletter's above, the announcements' below). */
export interface CampaignMessages {
  subjectRequired: string;
  bodyRequired: string;
  bodyTooLong: (max: number) => string;
  created: string;
  updated: string;
  notFound: string;
  notDraft: string;
  testQueued: (email: string) => string;
  sendStarted: (n: number) => string;
  alreadySent: string;
  failed: string;
}

/**
 * Announcements to ticket holders (issue 43): service messages to everyone holding a valid ticket
 * for the current edition (not given back), sent with the campaigns' machinery.
 */
export const ANNOUNCEMENT_MESSAGES = {
  ...CAMPAIGN_MESSAGES,
  bodyRequired: 'Write the announcement',
  bodyTooLong: (max: number) => `Keep the announcement under ${max.toLocaleString('en-GB')} characters`,
  notFound: 'There is no such announcement.',
  notDraft: 'This announcement has been sent (or is being sent), so it can no longer be changed.',
  sendStarted: (n: number) => `Sending to ${n.toLocaleString('en-GB')} ${n === 1 ? 'ticket holder' : 'ticket holders'} has started.`,
  alreadySent: 'This announcement has already been sent (or is being sent). Nothing more was queued.',
} as const satisfies CampaignMessages;

export const CAMPAIGN_LIMITS = {
  subject: 150,
  body: 50_000,
} as const;

/** The JSON body's cap on the campaign routes: the longest body, every character escaped (\uXXXX), and the subject. */
export const CAMPAIGN_BODY_LIMIT = CAMPAIGN_LIMITS.body * 6 + 16 * 1024;

/** Campaign ids are UUIDs (backend/kernel/ids.ts). */
export const CAMPAIGN_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A Markdown body: line ends as \n, no control characters, not empty, not too long. */
export function markdownBody(messages: { bodyRequired: string; bodyTooLong: (max: number) => string }, max: number = CAMPAIGN_LIMITS.body) {
  return z.unknown().transform((raw, ctx): string => {
    const value = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n') : '';
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value)) ctx.addIssue({ code: 'custom', message: 'Invalid value' });
    else if (value.trim() === '') ctx.addIssue({ code: 'custom', message: messages.bodyRequired });
    else if (value.length > max) ctx.addIssue({ code: 'custom', message: messages.bodyTooLong(max) });
    return value;
  });
}

/** Subject and Markdown body (create and update), in an audience's words. Form order: the error summary follows it. */
export function campaignInputSchemaOf(messages: CampaignMessages) {
  return z.object({
    // One line (textField's default): a subject is a mail header, so no line break ever reaches it.
    subject: textField({ required: messages.subjectRequired, maxLength: CAMPAIGN_LIMITS.subject }),
    body: markdownBody(messages),
  });
}

export const campaignInputSchema = campaignInputSchemaOf(CAMPAIGN_MESSAGES);
export const announcementInputSchema = campaignInputSchemaOf(ANNOUNCEMENT_MESSAGES);
export type CampaignInput = z.output<typeof campaignInputSchema>;

export const campaignStatusSchema = z.enum(['draft', 'sending', 'sent']);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/**
 * Where a campaign's mails are: `recipients` is how many confirmed subscribers it was sent to (set
 * when sending starts); `queued` of them have an outbox entry so far, of which `sent` were accepted
 * by the SMTP server, `failed` could not be delivered, `skipped` were not sent because the address
 * had unsubscribed (or was no longer confirmed) by then, and `waiting` are still in the outbox.
 */
export const campaignProgressSchema = z.object({
  recipients: z.number().int().nonnegative(),
  queued: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  waiting: z.number().int().nonnegative(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const adminCampaignSchema = z.object({
  id: text(),
  subject: text(),
  /** The Markdown as written. */
  body: text(),
  status: campaignStatusSchema,
  createdBy: text(),
  /** Announcements the drain sent by itself (issue 43): the reminder before the festival, the thank-you after; null: written by staff. */
  purpose: z.enum(['reminder', 'thanks']).nullable().default(null),
  createdAt: text(),
  updatedAt: text(),
  sendingStartedAt: text().nullable(),
  sentBy: text().nullable(),
  sentAt: text().nullable(),
  progress: campaignProgressSchema,
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

/** GET /api/admin/newsletter/campaigns/: newest first; `audience` is how many would receive a send now. */
export const campaignListResultSchema = z.object({
  success: z.literal(true),
  results: z.array(adminCampaignSchema),
  audience: z.number().int().nonnegative(),
});

/** One campaign (GET, create, update, test, send): with its sanitised HTML and the current audience. */
export const campaignResultSchema = z.object({
  success: z.literal(true),
  data: adminCampaignSchema.extend({ html: text() }),
  campaignId: text(),
  audience: z.number().int().nonnegative(),
  message: text(),
});
export type CampaignResult = z.infer<typeof campaignResultSchema>;

/**
 * The reminder before the festival and the thank-you after it (issue 43): announcements to the
 * edition's ticket holders that the drain sends by itself, once per holder, with texts staff edit
 * at /staff/announcements and can switch off.
 */
export const HOLDER_MAILING_PURPOSES = ['reminder', 'thanks'] as const;
export type HolderMailingPurpose = (typeof HOLDER_MAILING_PURPOSES)[number];

export const HOLDER_MAILING_LIMITS = { daysBefore: { min: 1, max: 14 } } as const;

export const HOLDER_MAILING_MESSAGES = {
  ...ANNOUNCEMENT_MESSAGES,
  bodyRequired: 'Write the text',
  daysBefore: `Enter a whole number of days from ${HOLDER_MAILING_LIMITS.daysBefore.min} to ${HOLDER_MAILING_LIMITS.daysBefore.max}`,
  saved: 'Saved.',
  notFound: 'There is no such mailing.',
} as const;

/** What a fresh machine sends: the Markdown staff may change (the mail adds the ticket link, the venue and the way there; or the highlights and the newsletter). */
export const HOLDER_MAILING_DEFAULTS: Record<HolderMailingPurpose, { enabled: boolean; daysBefore: number; subject: string; body: string }> = {
  reminder: {
    enabled: true,
    daysBefore: 2,
    subject: 'See you at the festival soon',
    body: 'The festival is almost here, and we look forward to welcoming you.\n\nBring your ticket (on your phone is fine): at the gate we scan its QR code and give you your wristband.',
  },
  thanks: {
    enabled: true,
    daysBefore: 2,
    subject: 'Thank you for coming to the festival',
    body: 'Thank you for being part of the festival. The readings, the conversations and the crowd were what made it.\n\nWe hope to see you again next year.',
  },
};

const checkbox = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean());

/** One mailing's settings as staff send them (JSON, or the staff form's fields: the checkbox as "on"). */
export const holderMailingInputSchema = z.object({
  enabled: checkbox,
  daysBefore: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: HOLDER_MAILING_MESSAGES.daysBefore }).int(HOLDER_MAILING_MESSAGES.daysBefore).min(HOLDER_MAILING_LIMITS.daysBefore.min, HOLDER_MAILING_MESSAGES.daysBefore).max(HOLDER_MAILING_LIMITS.daysBefore.max, HOLDER_MAILING_MESSAGES.daysBefore),
  ),
  subject: textField({ required: HOLDER_MAILING_MESSAGES.subjectRequired, maxLength: CAMPAIGN_LIMITS.subject }),
  body: markdownBody(HOLDER_MAILING_MESSAGES, 10_000),
});
export type HolderMailingInput = z.output<typeof holderMailingInputSchema>;

export const holderMailingSchema = z.object({
  purpose: z.enum(HOLDER_MAILING_PURPOSES),
  enabled: z.boolean(),
  daysBefore: z.number().int(),
  subject: text(),
  body: text(),
  /** When it goes (or went) for the current edition: ISO time. */
  dueAt: text(),
  /** Its campaign for the current edition once started (its progress is on the announcements' list), or null. */
  campaignId: text().nullable(),
  updatedAt: text().nullable(),
});
export type HolderMailing = z.infer<typeof holderMailingSchema>;

/** GET /api/admin/announcements/automatic/ and the answer to a change. */
export const holderMailingsResultSchema = z.object({
  success: z.literal(true),
  results: z.array(holderMailingSchema),
  message: text(),
});
