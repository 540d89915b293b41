import { z } from 'zod';
import { oneLineText, text } from '@/contract/text';
import { passPublicKeySchema } from '@/contract/gate/pass';
import { checkInCountsSchema, checkInResultSchema } from '@/contract/api/tickets';

/**
 * The offline gate's part of the /api contract (ours, issue 29), staff only:
 *
 *   GET  /api/admin/check-ins/offline/         → { success, data: GatePack }, with a strong ETag over
 *                                                all of it but issuedAt; If-None-Match naming it → 304, no body
 *   POST /api/admin/check-ins/sync/ GateSync   → { success, data: GateSyncAnswer }
 *
 * The pack is what a gate phone keeps on the device (IndexedDB) to decide with no signal: the
 * public key that verifies gate passes, and the current edition's tickets as salted, shortened
 * hashes of their references with their wristbands and state. No names, emails or phones. A
 * hash is REFERENCE_HASH_BITS long: a typed reference is recognised, but trying all 887 million
 * possible references against the list yields about 53 impostors for every real one (887 million
 * over 2^24, whatever the number of tickets), so a lost phone hands out no usable list.
 *
 * Sync sends what the gate admitted while offline, and (online) each scan as it happens; every
 * scan carries an id the phone made, unique on that phone (the server keys a scan by device and
 * id), so a retried sync never counts twice. The server judges:
 * of the scans that admitted one ticket, the earliest by scan time is the check-in; any other is
 * a duplicate, listed (who, where, when) to every gate and on the dashboard, and never counted.
 */
export const REFERENCE_HASH_BITS = 24;
const HASH_HEX = REFERENCE_HASH_BITS / 4;

/** A ticket's state in the pack: 0 valid, 1 checked in, 2 given back. */
export const PACK_STATE = { valid: 0, checkedIn: 1, givenBack: 2 } as const;

/** The reference's hash in a pack: SHA-256 of salt, newline, reference; the first REFERENCE_HASH_BITS as hex. */
export async function referenceHash(salt: string, reference: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\n${reference}`)));
  return Array.from(digest.subarray(0, HASH_HEX / 2), (b) => b.toString(16).padStart(2, '0')).join('');
}

const hashSchema = text().regex(new RegExp(`^[0-9a-f]{${HASH_HEX}}$`));
const isoInstant = z.iso.datetime({ offset: true });

/** One gate's or person's part in a duplicate. */
export const gateScanSummarySchema = z.object({
  /** The gate's name, as its volunteer set it ("North door"), or the device's short id. */
  device: text(),
  /** The staff member signed in on it. */
  by: text(),
  scannedAt: text(),
});

/** A ticket admitted more than once: the check-in that counts (earliest scan) and the others. */
export const gateDuplicateSchema = z.object({
  reference: text(),
  wristbands: z.number().int().positive(),
  checkIn: gateScanSummarySchema,
  duplicates: z.array(gateScanSummarySchema).min(1),
});
export type GateDuplicate = z.infer<typeof gateDuplicateSchema>;

export const gatePackSchema = z.object({
  issuedAt: text(),
  /** The current edition: its key (what passes name, contract/gate/pass.ts) and its dates. */
  edition: z.object({ key: text(), startDate: text(), endDate: text() }),
  publicKey: passPublicKeySchema,
  salt: text().min(16).max(64),
  /** [hash, wristbands, state] per ticket of the current edition. */
  tickets: z.array(z.tuple([hashSchema, z.number().int().positive(), z.union([z.literal(0), z.literal(1), z.literal(2)])])),
  counts: checkInCountsSchema,
  duplicates: z.array(gateDuplicateSchema),
});
export type GatePack = z.infer<typeof gatePackSchema>;
export const gatePackResultSchema = z.object({ success: z.literal(true), data: gatePackSchema });

export const GATE_SYNC_MAX_SCANS = 200;
export const GATE_DEVICE_NAME_MAX = 40;

export const gateScanSchema = z.object({
  /** Made on the phone (crypto.randomUUID()): the same id sent twice by one device is one scan. */
  id: text().regex(/^[A-Za-z0-9_-]{16,64}$/),
  reference: text().max(64),
  scannedAt: isoInstant,
  /** The phone admitted it with no signal (queued); false: an online scan waiting for the server's verdict. */
  offline: z.boolean(),
  /**
   * An offline scan's: the issuedAt of the pack the phone judged it against. The scan cannot be
   * earlier, so a scannedAt well before it is a wrong clock (backend/tickets/gate/scans.ts). Absent
   * from phones that queued scans before it was sent.
   */
  packIssuedAt: isoInstant.optional(),
});
export type GateScan = z.infer<typeof gateScanSchema>;

export const gateSyncSchema = z.object({
  device: z.object({ id: text().regex(/^[A-Za-z0-9_-]{8,64}$/), name: oneLineText().trim().max(GATE_DEVICE_NAME_MAX) }),
  scans: z.array(gateScanSchema).max(GATE_SYNC_MAX_SCANS),
});
export type GateSync = z.infer<typeof gateSyncSchema>;

/**
 * One scan's verdict, as the server now sees it: the online gate's answer (checked in, already,
 * refused, unknown) with the scan's id. An offline admission that lost to an earlier scan is
 * 'already' with `duplicate: true`.
 */
export const gateScanResultSchema = z.object({ id: text(), duplicate: z.boolean(), result: checkInResultSchema });
export type GateScanResult = z.infer<typeof gateScanResultSchema>;

export const gateSyncAnswerSchema = z.object({
  results: z.array(gateScanResultSchema),
  counts: checkInCountsSchema,
  duplicates: z.array(gateDuplicateSchema),
});
export type GateSyncAnswer = z.infer<typeof gateSyncAnswerSchema>;
export const gateSyncResultSchema = z.object({ success: z.literal(true), data: gateSyncAnswerSchema });

/**
 * What the site's gate actions answer the phone (app/staff/check-in/gate-actions.ts): the backend's
 * answer, or why not — signed out, a backend without offline gates, or no answer.
 */
export type GateFailure = 'signed-out' | 'unavailable' | 'failed';

/** What the gate's download action is given: the ETag of the pack the phone holds, when it holds one. */
export const gatePackRequestSchema = z
  .object({ etag: text().max(200).regex(/^(W\/)?"[\x21\x23-\x7e]*"$/).optional() })
  .optional();
export type GatePackRequest = z.infer<typeof gatePackRequestSchema>;

/**
 * The download: a new pack and its ETag; or `changed: false` when the phone's pack is still the
 * server's (a 304), with the time of that answer, which the phone takes as its pack's issuedAt (the
 * same content, issued now: it bounds the scans judged against it, backend/tickets/gate/scan-time.ts).
 */
export type GatePackAnswer =
  | { ok: true; changed: true; pack: GatePack; etag: string | null }
  | { ok: true; changed: false; issuedAt: string }
  | { ok: false; reason: GateFailure };
export type GateSyncOutcome = { ok: true; answer: GateSyncAnswer } | { ok: false; reason: GateFailure };
