'use server';

import { redirect } from 'next/navigation';
import { confirmPayloadSchema } from '@/contract/api/newsletter';
import { call, isApiError } from '@/lib/backend';
import { postedForm } from '@/lib/forms/posted';

export type ConfirmError = 'refused' | 'unsubscribed' | 'failed';

/**
 * The confirm page's button (works without JavaScript): the backend (built in, or API_BASE_URL's)
 * checks the signed token and records the consent. A GET of the page never gets here.
 */
export async function confirmAction(_previous: null, sent: FormData): Promise<null> {
  const formData = postedForm(sent);
  const parsed = confirmPayloadSchema.safeParse({ email: formData.get('email'), t: formData.get('t') ?? undefined });
  if (!parsed.success || !parsed.data.t) redirect('/newsletter/confirm?error=refused');
  const { email, t } = parsed.data;
  let outcome: 'done' | ConfirmError;
  try {
    await call('newsletterConfirm', { body: { email, token: t } });
    outcome = 'done';
  } catch (error) {
    const status = isApiError(error) ? error.status : 0;
    outcome = status === 403 || status === 400 ? 'refused' : status === 409 ? 'unsubscribed' : 'failed';
  }
  if (outcome === 'done') redirect('/newsletter/confirm/done');
  const again = new URLSearchParams({ email, t, error: outcome });
  redirect(`/newsletter/confirm?${again.toString()}`);
}
