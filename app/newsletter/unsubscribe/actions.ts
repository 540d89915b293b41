'use server';

import { redirect } from 'next/navigation';
import { unsubscribePayloadSchema } from '@/contract/api/newsletter';
import { call, isApiError } from '@/lib/backend';
import { postedForm } from '@/lib/forms/posted';

/** The link page's button (works without JavaScript): the backend checks the signed token and records the unsubscribe. */
export async function unsubscribeAction(_previous: null, sent: FormData): Promise<null> {
  const formData = postedForm(sent);
  // The backend's own schema (the forms' email rule); the page's button always sends the link's token.
  const parsed = unsubscribePayloadSchema.safeParse({ email: formData.get('email'), t: formData.get('t') ?? undefined });
  if (!parsed.success || !parsed.data.t) redirect('/newsletter/unsubscribe?error=refused');
  const { email, t } = parsed.data;
  let outcome: 'done' | 'refused' | 'failed';
  try {
    await call('newsletterUnsubscribe', { body: { email, token: t } });
    outcome = 'done';
  } catch (error) {
    outcome = isApiError(error) && (error.status === 403 || error.status === 400) ? 'refused' : 'failed';
  }
  if (outcome === 'done') redirect('/newsletter/unsubscribe/done');
  const again = new URLSearchParams({ email, t, error: outcome });
  redirect(`/newsletter/unsubscribe?${again.toString()}`);
}
