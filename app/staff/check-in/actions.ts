'use server';

import { call, isApiError } from '@/lib/backend';
import { checkInPayloadSchema, checkInResultSchema, referenceFromScan } from '@/contract/api/tickets';
import { CHECK_IN_MESSAGES } from '@/contract/forms/messages';
import type { FormState } from '@/contract/forms/form-state';
import { apiErrorState } from '@/lib/forms/api-error';
import { staffAction } from '@/lib/staff/action';
import { getCheckInCounts } from '@/lib/staff/check-in';
import type { CheckInData, CheckInState } from '@/components/staff/check-in-state';

const typedOf = (formData: FormData) => String(formData.get('reference') ?? '').slice(0, 200);

/** The verdict with fresh counts, so the page's follow without a reload (the last ones if none came). */
async function withCounts(answered: CheckInState & { data: CheckInData }, previous: FormState<unknown>): Promise<CheckInState> {
  const counts = (await getCheckInCounts()) ?? (previous as CheckInState).data?.counts;
  return { ...answered, data: { ...answered.data, counts } };
}

/**
 * One check-in (staff; the builder checks the session here, not only the page: an action is its
 * own endpoint). The backend's conditional update decides: the first scan wins, every other one is
 * told when and by whom. A backend answer is a success; a bad reference or no answer an error.
 */
export const checkInAction = staffAction({
  role: 'staff',
  page: '/staff/check-in',
  async run({ formData, previous }) {
    const typed = typedOf(formData);
    const parsed = checkInPayloadSchema.safeParse({ reference: typed });
    // A typed reference, a ticket link or a gate pass (a handheld scanner types the QR code's text).
    const reference = parsed.success ? referenceFromScan(parsed.data.reference) : undefined;
    if (!reference) {
      return withCounts({ status: 'error', errors: {}, values: { reference: typed }, message: CHECK_IN_MESSAGES.invalid, data: { answer: { status: 'invalid', typed } } }, previous);
    }
    const answer = await call('checkIn', { body: { reference } });
    return withCounts({ status: 'success', errors: {}, values: {}, data: { answer } }, previous);
  },
  async failure(error, { formData, previous }) {
    // Already checked in, or no such ticket: the backend's verdict, in its error's body.
    if (isApiError(error) && (error.status === 409 || error.status === 404)) {
      const answer = checkInResultSchema.safeParse(error.body);
      if (answer.success) return withCounts({ status: 'success', errors: {}, values: {}, data: { answer: answer.data } }, previous);
    }
    const typed = typedOf(formData);
    return withCounts({ ...apiErrorState(error, { fallback: CHECK_IN_MESSAGES.failed, values: { reference: typed }, fields: [], message: 'never' }), data: { answer: { status: 'failed', typed } } }, previous);
  },
});
