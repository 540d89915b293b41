'use server';

import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { INBOX_MESSAGES, inboxParamsSchema, notePayloadSchema, replyPayloadSchema, statusPayloadSchema, type InboxKind } from '@/contract/api/inbox';
import { errorsByPath, formDataToObject, type FormValues } from '@/contract/forms/form-state';
import { isApiError } from '@/lib/backend';
import { apiErrorState } from '@/lib/forms/api-error';
import { changeInboxItem, itemPath, type InboxChange } from '@/lib/staff/inbox';
import { INBOX_TEXT } from '@/lib/staff/inbox-messages';
import { isPublishingEnabled } from '@/lib/staff/publishing';
import { requireStaff } from '@/lib/staff/session';
import type { InboxFormState } from '@/components/staff/inbox/inbox-form-state';

/** The refusals whose words are shown (404 gone, 409 form reused, 422 a field); any other failure is "try again". */
const REFUSALS = [404, 409, 422];

type Done = keyof typeof INBOX_TEXT.done;

/**
 * The inbox's three changes (status, note, reply), each its own action. The session is checked
 * here, not only by the page: an action is its own endpoint. The backend checks it again, audits
 * the change and, for a reply, queues the mail once per form token. Success redirects to the
 * item's page with what happened (?done=), so a reload never sends the form again.
 */
async function change(
  previous: InboxFormState,
  formData: FormData,
  build: (raw: Record<string, string | string[]>) => { ok: true; change: InboxChange } | { ok: false; errors: Record<string, string> },
  done: (message: string | undefined) => Done,
): Promise<InboxFormState> {
  const raw = formDataToObject(formData);
  const target = inboxParamsSchema.safeParse({ kind: raw.kind, id: raw.id });
  await requireStaff(target.success ? itemPath(target.data.kind, target.data.id) : '/staff/inbox');
  const seq = (previous.seq ?? 0) + 1;
  const values: FormValues = { body: typeof raw.body === 'string' ? raw.body : '', requestKey: typeof raw.requestKey === 'string' ? raw.requestKey : '' };
  if (!target.success) return { status: 'error', seq, errors: {}, values, message: INBOX_MESSAGES.notFound };
  if (!isPublishingEnabled()) return { status: 'error', seq, errors: {}, values, message: INBOX_TEXT.unavailable };
  const built = build(raw);
  if (!built.ok) return { status: 'error', seq, errors: built.errors, values, message: INBOX_TEXT.checkFields };

  const { kind, id } = target.data as { kind: InboxKind; id: string };
  let answer: { message?: string };
  try {
    answer = await changeInboxItem(kind, id, built.change);
  } catch (error) {
    if (isApiError(error) && error.status === 401) await requireStaff(itemPath(kind, id));
    return { ...apiErrorState(error, { fallback: INBOX_TEXT.failed, values, reads: (status) => REFUSALS.includes(status) }), seq };
  }
  redirect(`${itemPath(kind, id)}?done=${done(answer.message)}`);
}

const fieldErrors = (error: z.ZodError) => errorsByPath(error);

export async function inboxStatusAction(previous: InboxFormState, formData: FormData): Promise<InboxFormState> {
  return change(
    previous,
    formData,
    (raw) => {
      const parsed = statusPayloadSchema.safeParse({ status: raw.status });
      return parsed.success ? { ok: true, change: { path: 'status', body: parsed.data } } : { ok: false, errors: fieldErrors(parsed.error) };
    },
    () => 'status',
  );
}

export async function inboxNoteAction(previous: InboxFormState, formData: FormData): Promise<InboxFormState> {
  return change(
    previous,
    formData,
    (raw) => {
      const parsed = notePayloadSchema.safeParse({ body: raw.body });
      return parsed.success ? { ok: true, change: { path: 'notes', body: parsed.data } } : { ok: false, errors: fieldErrors(parsed.error) };
    },
    () => 'note',
  );
}

export async function inboxReplyAction(previous: InboxFormState, formData: FormData): Promise<InboxFormState> {
  return change(
    previous,
    formData,
    (raw) => {
      const parsed = replyPayloadSchema.safeParse({ body: raw.body, requestKey: raw.requestKey });
      if (parsed.success) return { ok: true, change: { path: 'replies', body: parsed.data } };
      const errors = fieldErrors(parsed.error);
      // The token is the page's, not a field: an expired one is said as the form's message.
      return { ok: false, errors: errors.body ? { body: errors.body } : { body: errors.requestKey ?? INBOX_MESSAGES.requestKeyInvalid } };
    },
    (message) => (message === INBOX_MESSAGES.replyAlready ? 'already' : 'reply'),
  );
}
