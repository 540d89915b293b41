'use server';

import { apiClient, enqueueNewsletter, isApiError, isOutage, readApiErrorBody } from '@/lib/backend';
import { NEWSLETTER_MESSAGES } from '@/contract/forms/messages';
import { newsletterFormSchema } from '@/contract/forms/schemas';
import { validateForm } from '@/contract/forms/form-state';
import { isBot } from '@/lib/forms/submit';

export type NewsletterState =
  | { status: 'idle' }
  | { status: 'success'; at: number }
  | { status: 'error'; at: number; email: string; fieldError?: string; message: string };

/**
 * The newsletter sign-up (spec §4, §7). The spec's client treats a failed call as success; we
 * show success too, but only after the address is safely in the durable outbox, which delivers
 * it when the backend answers again. Only a call that got no answer (network failure, timeout, 5xx)
 * is kept that way: any other answer (the address is bad, the rate limit's 429) and a failure to
 * keep the address are shown as the spec's error.
 */
export async function subscribeNewsletter(_previous: NewsletterState, formData: FormData): Promise<NewsletterState> {
  const at = Date.now();
  if (isBot(formData)) return { status: 'success', at };
  const parsed = validateForm(newsletterFormSchema, formData);
  const typed = formData.get('email');
  const echo = typeof typed === 'string' ? typed.slice(0, 320) : '';
  if (!parsed.ok) {
    return { status: 'error', at, email: echo, fieldError: parsed.state.errors.email, message: NEWSLETTER_MESSAGES.error };
  }
  const { email } = parsed.data;
  try {
    await apiClient.post('/api/forms/newsletter/', { email });
    return { status: 'success', at };
  } catch (error) {
    // Only "no answer" goes to the outbox (see isOutage); an answer, a 429 included, is shown.
    if (!isOutage(error)) {
      const details = isApiError(error) ? readApiErrorBody(error.body) : {};
      const fieldError = details.errors?.email?.[0];
      return { status: 'error', at, email: echo, fieldError, message: NEWSLETTER_MESSAGES.error };
    }
  }
  try {
    await enqueueNewsletter(email);
    return { status: 'success', at };
  } catch (error) {
    console.error(`[newsletter] could not keep a sign-up in the outbox: ${error instanceof Error ? error.message : String(error)}`);
    return { status: 'error', at, email: echo, message: NEWSLETTER_MESSAGES.error };
  }
}
