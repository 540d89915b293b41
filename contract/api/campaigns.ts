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

export const CAMPAIGN_LIMITS = {
  subject: 150,
  body: 50_000,
} as const;

/** The JSON body's cap on the campaign routes: the longest body, every character escaped (\uXXXX), and the subject. */
export const CAMPAIGN_BODY_LIMIT = CAMPAIGN_LIMITS.body * 6 + 16 * 1024;

/** Campaign ids are UUIDs (backend/kernel/ids.ts). */
export const CAMPAIGN_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Subject and Markdown body (create and update). Form order: the error summary follows it. */
export const campaignInputSchema = z.object({
  // One line (textField's default): a subject is a mail header, so no line break ever reaches it.
  subject: textField({ required: CAMPAIGN_MESSAGES.subjectRequired, maxLength: CAMPAIGN_LIMITS.subject }),
  body: z.unknown().transform((raw, ctx): string => {
    const value = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n') : '';
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value)) ctx.addIssue({ code: 'custom', message: 'Invalid value' });
    else if (value.trim() === '') ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.bodyRequired });
    else if (value.length > CAMPAIGN_LIMITS.body) ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.bodyTooLong(CAMPAIGN_LIMITS.body) });
    return value;
  }),
});
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
