'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { apiClient, isApiError } from '@/lib/backend';

const inputSchema = z.object({ email: z.string().trim().min(3).max(254), t: z.string().trim().min(1).max(64) });

/** The link page's button (works without JavaScript): the backend checks the signed token and records the unsubscribe. */
export async function unsubscribeAction(_previous: null, formData: FormData): Promise<null> {
  const parsed = inputSchema.safeParse({ email: formData.get('email'), t: formData.get('t') });
  if (!parsed.success) redirect('/newsletter/unsubscribe?error=refused');
  const { email, t } = parsed.data;
  let outcome: 'done' | 'refused' | 'failed';
  try {
    await apiClient.post('/api/newsletter/unsubscribe/', { email, token: t });
    outcome = 'done';
  } catch (error) {
    outcome = isApiError(error) && (error.status === 403 || error.status === 400) ? 'refused' : 'failed';
  }
  if (outcome === 'done') redirect('/newsletter/unsubscribe/done');
  const again = new URLSearchParams({ email, t, error: outcome });
  redirect(`/newsletter/unsubscribe?${again.toString()}`);
}
