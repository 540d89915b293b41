'use server';

import { gateSyncSchema, type GatePackAnswer, type GateSyncOutcome } from '@/contract/api/gate';
import { getGatePack, syncGate } from '@/lib/staff/check-in';
import { getStaffUser } from '@/lib/staff/session';

/**
 * The offline gate's two calls (issue 29), made by the gate's script, not by a form: the download
 * it decides from with no signal, and the sync of what it scanned. Each checks the staff session
 * itself (an action is its own endpoint) and answers 'signed-out' rather than redirecting, so a
 * gate whose session ended keeps its queue and says so.
 */
export async function loadGatePackAction(): Promise<GatePackAnswer> {
  if (!(await getStaffUser())) return { ok: false, reason: 'signed-out' };
  return getGatePack();
}

export async function syncGateAction(input: unknown): Promise<GateSyncOutcome> {
  if (!(await getStaffUser())) return { ok: false, reason: 'signed-out' };
  const parsed = gateSyncSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'failed' };
  return syncGate(parsed.data);
}
