import 'server-only';
import { apiClient, isApiError } from '@/lib/backend';
import { checkInCountsResultSchema, type CheckInCounts } from '@/contract/api/tickets';
import { gatePackResultSchema, gateSyncResultSchema, type GateFailure, type GatePackAnswer, type GateSync, type GateSyncOutcome } from '@/contract/api/gate';

/** Checked in / registered, from the backend (staff session); undefined when it cannot say right now. */
export async function getCheckInCounts(): Promise<CheckInCounts | undefined> {
  try {
    return (await apiClient.get('/api/admin/check-ins/', { schema: checkInCountsResultSchema })).data;
  } catch {
    return undefined;
  }
}

/** The gate's download (issue 29); 'unavailable' when the backend has no offline gate (an external one). */
export async function getGatePack(): Promise<GatePackAnswer> {
  try {
    return { ok: true, pack: (await apiClient.get('/api/admin/check-ins/offline/', { schema: gatePackResultSchema })).data };
  } catch (error) {
    return { ok: false, reason: gateFailure(error) };
  }
}

/** Sends what a gate scanned; the backend judges (contract/api/gate.ts). */
export async function syncGate(sync: GateSync): Promise<GateSyncOutcome> {
  try {
    return { ok: true, answer: (await apiClient.post('/api/admin/check-ins/sync/', sync, { schema: gateSyncResultSchema })).data };
  } catch (error) {
    return { ok: false, reason: gateFailure(error) };
  }
}

function gateFailure(error: unknown): GateFailure {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return 'signed-out';
  if (isApiError(error) && (error.status === 404 || error.status === 405)) return 'unavailable';
  return 'failed';
}
