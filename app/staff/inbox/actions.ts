'use server';

import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { INBOX_MESSAGES, inboxParamsSchema, notePayloadSchema, replyPayloadSchema, statusPayloadSchema } from '@/contract/api/inbox';
import { errorsByPath, type FormState } from '@/contract/forms/form-state';
import { capabilities } from '@/lib/backend';
import { staffAction, type Posted } from '@/lib/staff/action';
import { changeInboxItem, itemPath, type InboxChange } from '@/lib/staff/inbox';
import { INBOX_TEXT } from '@/lib/staff/inbox-messages';

/** The refusals whose words are shown (404 gone, 409 form reused, 422 a field); any other failure is "try again". */
const REFUSALS = [404, 409, 422];

type Done = keyof typeof INBOX_TEXT.done;
type Built = { ok: true; change: InboxChange } | { ok: false; errors: Record<string, string> };

const targetOf = (posted: Posted) => inboxParamsSchema.safeParse({ kind: posted.kind, id: posted.id });

/**
 * The inbox's three changes (status, note, reply), each its own action, staff only (the builder
 * checks the session here, not only the page: an action is its own endpoint). The backend checks
 * it again, audits the change and, for a reply, queues the mail once per form token. Success
 * redirects to the item's page with what happened (?done=), so a reload never sends the form again.
 */
function inboxChange(build: (posted: Posted) => Built, done: (message: string | undefined) => Done) {
  return staffAction({
    role: 'staff',
    page: (posted) => {
      const target = targetOf(posted);
      return target.success ? itemPath(target.data.kind, target.data.id) : '/staff/inbox';
    },
    values: (posted) => ({ body: typeof posted.body === 'string' ? posted.body : '', requestKey: typeof posted.requestKey === 'string' ? posted.requestKey : '' }),
    failure: { fallback: INBOX_TEXT.failed, reads: (status) => REFUSALS.includes(status) },
    async run({ posted, values }): Promise<FormState> {
      const target = targetOf(posted);
      if (!target.success) return { status: 'error', errors: {}, values, message: INBOX_MESSAGES.notFound };
      if (!capabilities().inbox) return { status: 'error', errors: {}, values, message: INBOX_TEXT.unavailable };
      const built = build(posted);
      if (!built.ok) return { status: 'error', errors: built.errors, values, message: INBOX_TEXT.checkFields };
      const { kind, id } = target.data;
      const answer = await changeInboxItem(kind, id, built.change);
      redirect(`${itemPath(kind, id)}?done=${done(answer.message)}`);
    },
  });
}

const fieldErrors = (error: z.ZodError) => errorsByPath(error);

export const inboxStatusAction = inboxChange(
  (posted) => {
    const parsed = statusPayloadSchema.safeParse({ status: posted.status });
    return parsed.success ? { ok: true, change: { path: 'status', body: parsed.data } } : { ok: false, errors: fieldErrors(parsed.error) };
  },
  () => 'status',
);

export const inboxNoteAction = inboxChange(
  (posted) => {
    const parsed = notePayloadSchema.safeParse({ body: posted.body });
    return parsed.success ? { ok: true, change: { path: 'notes', body: parsed.data } } : { ok: false, errors: fieldErrors(parsed.error) };
  },
  () => 'note',
);

export const inboxReplyAction = inboxChange(
  (posted) => {
    const parsed = replyPayloadSchema.safeParse({ body: posted.body, requestKey: posted.requestKey });
    if (parsed.success) return { ok: true, change: { path: 'replies', body: parsed.data } };
    const errors = fieldErrors(parsed.error);
    // The token is the page's, not a field: an expired one is said as the form's message.
    return { ok: false, errors: errors.body ? { body: errors.body } : { body: errors.requestKey ?? INBOX_MESSAGES.requestKeyInvalid } };
  },
  (message) => (message === INBOX_MESSAGES.replyAlready ? 'already' : 'reply'),
);
