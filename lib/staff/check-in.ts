import 'server-only';
import { apiClient } from '@/lib/backend';
import { checkInCountsResultSchema, type CheckInCounts } from '@/contract/api/tickets';

/** Checked in / registered, from the backend (staff session); undefined when it cannot say right now. */
export async function getCheckInCounts(): Promise<CheckInCounts | undefined> {
  try {
    return (await apiClient.get('/api/admin/check-ins/', { schema: checkInCountsResultSchema })).data;
  } catch {
    return undefined;
  }
}
