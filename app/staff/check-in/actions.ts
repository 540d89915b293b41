'use server';

import { apiClient, isApiError } from '@/lib/backend';
import { checkInPayloadSchema, checkInResultSchema, referenceFromScan } from '@/contract/api/tickets';
import { CHECK_IN_MESSAGES } from '@/contract/forms/messages';
import { apiErrorState } from '@/lib/forms/api-error';
import { getCheckInCounts } from '@/lib/staff/check-in';
import { requireStaff } from '@/lib/staff/session';
import type { CheckInData, CheckInState } from '@/components/staff/check-in-state';

/**
 * One check-in. The session is checked here, not only by the page (an action is its own endpoint),
 * and the backend's conditional update decides: the first scan wins, every other one is told when
 * and by whom.
 */
export async function checkInAction(previous: CheckInState, formData: FormData): Promise<CheckInState> {
  await requireStaff('/staff/check-in');
  const typed = String(formData.get('reference') ?? '').slice(0, 200);
  const answered = await answerFor(typed);
  const counts = (await getCheckInCounts()) ?? previous.data?.counts;
  return { ...answered, data: { ...answered.data, counts }, seq: (previous.seq ?? 0) + 1 };
}

/** The verdict, as the form's state: a backend answer is a success; a bad reference or no answer an error. */
async function answerFor(typed: string): Promise<CheckInState & { data: CheckInData }> {
  const parsed = checkInPayloadSchema.safeParse({ reference: typed });
  // A typed reference, a ticket link or a gate pass (a handheld scanner types the QR code's text).
  const reference = parsed.success ? referenceFromScan(parsed.data.reference) : undefined;
  if (!reference) {
    return { status: 'error', errors: {}, values: { reference: typed }, message: CHECK_IN_MESSAGES.invalid, data: { answer: { status: 'invalid', typed } } };
  }
  try {
    const result = await apiClient.post('/api/admin/check-ins/', { reference }, { schema: checkInResultSchema });
    return { status: 'success', errors: {}, values: {}, data: { answer: result } };
  } catch (error) {
    if (isApiError(error) && (error.status === 409 || error.status === 404)) {
      const answer = checkInResultSchema.safeParse(error.body);
      if (answer.success) return { status: 'success', errors: {}, values: {}, data: { answer: answer.data } };
    }
    if (isApiError(error) && error.status === 401) await requireStaff('/staff/check-in');
    return { ...apiErrorState(error, { fallback: CHECK_IN_MESSAGES.failed, values: { reference: typed }, fields: [], message: 'never' }), data: { answer: { status: 'failed', typed } } };
  }
}
