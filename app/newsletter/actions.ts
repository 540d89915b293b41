'use server';

import { call, enqueueNewsletter, isOutage } from '@/lib/backend';
import { validateForm, type FormState } from '@/contract/forms/form-state';
import { NEWSLETTER_MESSAGES } from '@/contract/forms/messages';
import { newsletterFormSchema } from '@/contract/forms/schemas';
import { apiErrorState } from '@/lib/forms/api-error';
import { postedForm } from '@/lib/forms/posted';
import { isBot } from '@/lib/forms/submit';
import { requestLogger } from '@/lib/log';

/**
 * The newsletter sign-up (spec §4, §7). The spec's client treats a failed call as success; we
 * show success too, but only after the address is safely in the durable outbox, which delivers
 * it when the backend answers again. Only a call that got no answer (network failure, timeout, 5xx)
 * is kept that way: any other answer (the address is bad, the rate limit's 429) and a failure to
 * keep the address are shown as the spec's error. `seq` is the answer's time: the footer's status
 * reverts to idle a few seconds after it.
 */
export async function subscribeNewsletter(_previous: FormState, sent: FormData): Promise<FormState> {
  const formData = postedForm(sent);
  const seq = Date.now();
  const success: FormState = { status: 'success', errors: {}, values: {}, seq };
  if (isBot(formData)) return success;
  const typed = formData.get('email');
  // The spec's one error text always; the field's own message inline when there is one.
  const failure = (error: unknown): FormState => ({
    ...apiErrorState(error, { fallback: NEWSLETTER_MESSAGES.error, values: { email: typeof typed === 'string' ? typed.slice(0, 320) : '' }, fields: ['email'], message: 'never' }),
    seq,
  });
  const parsed = validateForm(newsletterFormSchema, formData);
  if (!parsed.ok) return { ...failure(undefined), errors: parsed.state.errors };
  const { email } = parsed.data;
  try {
    await call('newsletter', { body: { email } });
    return success;
  } catch (error) {
    // Only "no answer" goes to the outbox (see isOutage); an answer, a 429 included, is shown.
    if (!isOutage(error)) return failure(error);
  }
  try {
    await enqueueNewsletter(email);
    return success;
  } catch (error) {
    (await requestLogger('newsletter')).error(`could not keep a sign-up in the outbox: ${error instanceof Error ? error.message : String(error)}`);
    return failure(undefined);
  }
}
