'use server';

import { gatePackRequestSchema, gateSyncSchema, type GatePackAnswer, type GatePackRequest, type GateSync, type GateSyncOutcome } from '@/contract/api/gate';
import { staffCall } from '@/lib/staff/action';
import { getGatePack, syncGate } from '@/lib/staff/check-in';

/**
 * The offline gate's two calls (issue 29), made by the gate's script, not by a form: the download
 * it decides from with no signal (sent the ETag of the one it holds: "unchanged" then costs no
 * list), and the sync of what it scanned. Each checks the staff session
 * itself (an action is its own endpoint) and answers 'signed-out' rather than redirecting, so a
 * gate whose session ended keeps its queue and says so.
 */
export const loadGatePackAction = staffCall<GatePackRequest, GatePackAnswer>({
  role: 'staff',
  refused: { ok: false, reason: 'signed-out' },
  schema: gatePackRequestSchema,
  invalid: { ok: false, reason: 'failed' },
  run: (request) => getGatePack(request?.etag),
});

export const syncGateAction = staffCall<GateSync, GateSyncOutcome>({
  role: 'staff',
  refused: { ok: false, reason: 'signed-out' },
  schema: gateSyncSchema,
  invalid: { ok: false, reason: 'failed' },
  run: (sync) => syncGate(sync),
});
