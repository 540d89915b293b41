import { z } from 'zod';
import { text } from '@/contract/text';
import { textField } from '@/contract/forms/rules';
import { maxLengthMessage } from '@/contract/forms/messages';
import { INBOX_KINDS, INBOX_LIMITS, INBOX_STATUSES, type InboxStatus } from './inbox-limits';

/**
 * The staff inbox (issue 31): partnership proposals, volunteer applications and contact messages,
 * each with a status, internal notes and replies sent by mail. Ours, beside spec §7; built-in
 * backend only. All need `Authorization: Bearer <staff token>` (staff and admins alike).
 *
 *   GET  /api/admin/inbox/?kind=&status=&overdue=1&page=1
 *                                   → { success, data: InboxSummary[], page, pageSize, count }
 *   GET  /api/admin/inbox/<kind>/<id>/            → { success, data: InboxItem } | 404
 *   POST /api/admin/inbox/<kind>/<id>/status/ { status }
 *                                   → { success, data: InboxItem, message } | 404 | 422
 *   POST /api/admin/inbox/<kind>/<id>/notes/ { body }
 *                                   → 201 { success, data: InboxItem, message } | 404 | 422
 *   POST /api/admin/inbox/<kind>/<id>/replies/ { body, requestKey }
 *                                   → 201 { success, data: InboxItem, message } (200 when the
 *                                     requestKey was already used for this reply: nothing is sent
 *                                     again) | 404 | 409 key used for another item | 422
 *
 * Newest first; `overdue=1` keeps the partnership proposals past their deadline (contract/
 * business-days.ts) that have no reply and are still new or in progress.
 */

export { INBOX_KINDS, INBOX_LIMITS, INBOX_PAGE_SIZE, INBOX_STATUSES, type InboxKind, type InboxStatus } from './inbox-limits';
/** The statuses that still owe an answer: a proposal in one of them can be overdue. */
export const OPEN_STATUSES: readonly InboxStatus[] = ['new', 'in progress'];

/** How much of what the person sent a reply quotes below it. */
export const REPLY_QUOTE_CHARS = 500;
/** An item's id as the backend makes them (UUIDs), or a test's fixed id: letters, digits and '-'. */
export const INBOX_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
/** The reply form's token: one reply per token, however often the form is sent. */
export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const INBOX_MESSAGES = {
  notFound: 'There is no such item in the inbox (it may have been deleted on its sender’s request).',
  statusInvalid: 'Choose one of: new, in progress, accepted, declined, done',
  statusSaved: 'Status saved.',
  noteRequired: 'Write the note first',
  noteSaved: 'Note added.',
  replyRequired: 'Write the reply first',
  replyQueued: 'Reply sent. It is on its way to the sender’s inbox.',
  replyAlready: 'This reply was already sent; it was not sent again.',
  requestKeyInvalid: 'The form has expired. Reload the page and send the reply again.',
  requestKeyReused: 'This form was already used for another reply. Reload the page and try again.',
  noteTooLong: maxLengthMessage(INBOX_LIMITS.note),
  replyTooLong: maxLengthMessage(INBOX_LIMITS.reply),
} as const;

const itemId = text().regex(INBOX_ID_PATTERN);
export const inboxKindSchema = z.enum(INBOX_KINDS);
export const inboxStatusSchema = z.enum(INBOX_STATUSES, { error: INBOX_MESSAGES.statusInvalid });
export const inboxParamsSchema = z.object({ kind: inboxKindSchema, id: itemId });

/** The list's filters, read leniently from a query string: anything unknown is "all" (or page 1). */
export const inboxQuerySchema = z.object({
  kind: inboxKindSchema.optional().catch(undefined),
  status: z.enum(INBOX_STATUSES).optional().catch(undefined),
  overdue: z
    .enum(['1', 'true'])
    .optional()
    .catch(undefined)
    .transform((v) => v !== undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const statusPayloadSchema = z.object({ status: inboxStatusSchema });
export const notePayloadSchema = z.object({
  body: textField({ multiline: true, required: INBOX_MESSAGES.noteRequired, maxLength: INBOX_LIMITS.note }),
});
export const replyPayloadSchema = z.object({
  body: textField({ multiline: true, required: INBOX_MESSAGES.replyRequired, maxLength: INBOX_LIMITS.reply }),
  requestKey: text({ error: INBOX_MESSAGES.requestKeyInvalid }).regex(REQUEST_KEY_PATTERN, INBOX_MESSAGES.requestKeyInvalid),
});
export type ReplyPayload = z.infer<typeof replyPayloadSchema>;

export const inboxSummarySchema = z.object({
  kind: inboxKindSchema,
  id: text(),
  name: text(),
  /** The organisation, the availability, the topic: a few words to tell items apart. */
  subject: text(),
  /** The start of what they wrote. */
  preview: text(),
  status: inboxStatusSchema,
  createdAt: text(),
  /** Partnership proposals only: the end of their fifth Lagos working day (ISO instant). */
  dueAt: text().nullable(),
  replyCount: z.number().int().nonnegative(),
  overdue: z.boolean(),
});
export type InboxSummary = z.infer<typeof inboxSummarySchema>;

export const inboxEntrySchema = z.object({
  id: text(),
  type: z.enum(['note', 'reply']),
  author: z.object({ name: text(), email: text() }),
  body: text(),
  createdAt: text(),
  /** A reply's mail: pending, done (accepted by the mail server) or failed; null for notes. */
  delivery: z.enum(['pending', 'done', 'failed']).nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxItemSchema = inboxSummarySchema.extend({
  /** The line a reply's mail begins with ("Dear Kemi,"; replyGreeting), for the reply form to show. */
  greeting: text(),
  email: text(),
  phone: text().nullable(),
  /** Labelled facts: organisation, roles, availability, topic. */
  facts: z.array(z.tuple([text(), text()])),
  /** What they wrote, whole. */
  message: text(),
  notes: z.array(inboxEntrySchema),
  replies: z.array(inboxEntrySchema),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxListResultSchema = z.object({
  success: z.literal(true),
  data: z.array(inboxSummarySchema),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  count: z.number().int().nonnegative(),
});
export type InboxPage = z.infer<typeof inboxListResultSchema>;

export const inboxItemResultSchema = z.object({ success: z.literal(true), data: inboxItemSchema, message: text().optional() });

/** A proposal is overdue once its deadline has passed while it has no reply and is still new or in progress. */
export function isOverdue(item: { dueAt: string | null; status: InboxStatus; replyCount: number }, now: Date): boolean {
  return item.dueAt !== null && item.replyCount === 0 && OPEN_STATUSES.includes(item.status) && Date.parse(item.dueAt) < now.getTime();
}

/** The line a reply mail begins with (backend/inbox/reply-mail.ts), unless the reply already greets. */
export const replyGreeting = (firstName: string): string => `Dear ${firstName},`;

/**
 * Whether a reply already begins with a greeting of its own ("Dear Kemi,", "Hello Kemi", "Hi,",
 * "Good morning"): then the mail does not add "Dear Kemi," above it (issue 43: no "Dear Kemi,
 * Dear Kemi,"). Only the first line counts, and only a greeting word at its start.
 */
export function startsWithGreeting(body: string): boolean {
  const first = body.trimStart().split('\n', 1)[0] ?? '';
  return /^(dear|hello|hi|hey|greetings|good (morning|afternoon|evening|day))\b/i.test(first);
}
