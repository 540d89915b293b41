'use server';

import { apiClient, isApiError } from '@/lib/backend';
import {
  checkInPayloadSchema,
  checkInResultSchema,
  normaliseReference,
} from '@/contract/api/tickets';
import { getCheckInCounts } from '@/lib/staff/check-in';
import { requireStaff } from '@/lib/staff/session';
import type { CheckInAnswer, CheckInState } from '@/components/staff/check-in-state';

/**
 * One check-in. The session is checked here, not only by the page (an action is its own endpoint),
 * and the backend's conditional update decides: the first scan wins, every other one is told when
 * and by whom.
 */
export async function checkInAction(previous: CheckInState, formData: FormData): Promise<CheckInState> {
  await requireStaff('/staff/check-in');
  const answer = await answerFor(String(formData.get('reference') ?? '').slice(0, 64));
  return { answer, counts: (await getCheckInCounts()) ?? previous.counts, seq: previous.seq + 1 };
}

async function answerFor(typed: string): Promise<CheckInAnswer> {
  const parsed = checkInPayloadSchema.safeParse({ reference: typed });
  if (!parsed.success || !normaliseReference(parsed.data.reference)) return { status: 'invalid', typed };
  try {
    return await apiClient.post('/api/admin/check-ins/', { reference: parsed.data.reference }, { schema: checkInResultSchema });
  } catch (error) {
    if (isApiError(error) && (error.status === 409 || error.status === 404)) {
      const answer = checkInResultSchema.safeParse(error.body);
      if (answer.success) return answer.data;
    }
    if (isApiError(error) && error.status === 401) await requireStaff('/staff/check-in');
    return { status: 'failed', typed };
  }
}
