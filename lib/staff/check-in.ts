import 'server-only';
import { call, callIfChanged, isApiError } from '@/lib/backend';
import type { CheckInCounts } from '@/contract/api/tickets';
import type { GateFailure, GatePackAnswer, GateSync, GateSyncOutcome } from '@/contract/api/gate';

/** Checked in / registered, from the backend (staff session); undefined when it cannot say right now. */
export async function getCheckInCounts(): Promise<CheckInCounts | undefined> {
  try {
    return (await call('checkInCounts')).data;
  } catch {
    return undefined;
  }
}

/**
 * The gate's download (issue 29); 'unavailable' when the backend has no offline gate (an external
 * one). `etag`: the phone's pack's; when the backend answers that it is still current (304), the
 * phone keeps it, issued as of now (issue 41).
 */
export async function getGatePack(etag?: string): Promise<GatePackAnswer> {
  try {
    const answer = await callIfChanged('gatePack', etag);
    if (!answer.changed) return { ok: true, changed: false, issuedAt: new Date().toISOString() };
    return { ok: true, changed: true, pack: answer.body.data, etag: answer.etag ?? null };
  } catch (error) {
    return { ok: false, reason: gateFailure(error) };
  }
}

/** Sends what a gate scanned; the backend judges (contract/api/gate.ts). */
export async function syncGate(sync: GateSync): Promise<GateSyncOutcome> {
  try {
    return { ok: true, answer: (await call('gateSync', { body: sync })).data };
  } catch (error) {
    return { ok: false, reason: gateFailure(error) };
  }
}

function gateFailure(error: unknown): GateFailure {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return 'signed-out';
  if (isApiError(error) && (error.status === 404 || error.status === 405)) return 'unavailable';
  return 'failed';
}
