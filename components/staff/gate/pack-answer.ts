import type { GatePack, GatePackAnswer } from '@/contract/api/gate';

/** The pack a phone keeps, and the ETag it asks with next time (none: the next download is whole). */
export interface KeptPack {
  pack: GatePack;
  etag: string | null;
}

/**
 * What the phone keeps after a download answered (issue 41): a new pack with its ETag; or, when the
 * server says its pack is unchanged (a 304), the same pack issued as of that answer. The new
 * issuedAt is shown as the download's time and sent with the scans decided from then on: the
 * server holds a scan stamped well before it as a wrong clock (backend/tickets/gate/scan-time.ts).
 * Undefined: "unchanged" with no pack held, which the phone never asks for (it sends an ETag only
 * with a pack).
 */
export function keptPack(held: KeptPack | undefined, answer: Extract<GatePackAnswer, { ok: true }>): KeptPack | undefined {
  if (answer.changed) return { pack: answer.pack, etag: answer.etag };
  return held ? { pack: { ...held.pack, issuedAt: answer.issuedAt }, etag: held.etag } : undefined;
}
