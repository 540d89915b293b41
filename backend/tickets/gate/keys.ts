import { randomBytes } from 'node:crypto';
import { fromBase64Url, PASS_KEY_PARAMS, passPublicKeySchema, signPassWith, toBase64Url, type GatePass, type PassPublicKey } from '@/contract/gate/pass';
import type { Db } from '../../db/schema';
import type { AppDeps } from '../../kernel/deps';

/**
 * The gate's keys (issue 29): the ECDSA P-256 key pair that signs gate passes (the private half
 * never leaves the server; the gate downloads the public one) and the salt of the reference
 * hashes in the gate's pack. Each is GATE_SIGNING_KEY or generated once and kept in
 * `server_secrets`, like TICKET_SECRET (backend/kernel/signing.ts): every instance on one database
 * signs alike, and the salt stays fixed, so two downloads of the pack cannot be intersected.
 */
export interface GateKeys {
  privateKey: CryptoKey;
  publicKey: PassPublicKey;
  /** The salt of referenceHash (contract/api/gate.ts). */
  salt: string;
}

const KEY_NAME = 'gate-pass-key';
const SALT_NAME = 'gate-reference-salt';

/** The row that won: ours, or the one a concurrent first start inserted before us. */
async function storedSecret(db: Db, name: string, make: () => Promise<string>): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: await make(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

async function generatedKey(): Promise<string> {
  const pair = await crypto.subtle.generateKey(PASS_KEY_PARAMS, true, ['sign', 'verify']);
  return toBase64Url(new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey)));
}

/** `configured`: GATE_SIGNING_KEY as PKCS#8 base64url (backend/kernel/config.ts), or undefined. */
export async function loadGateKeys(db: Db, configured: string | undefined): Promise<GateKeys> {
  const pkcs8 = configured ?? (await storedSecret(db, KEY_NAME, generatedKey));
  const salt = await storedSecret(db, SALT_NAME, async () => randomBytes(18).toString('base64url'));
  const der = fromBase64Url(pkcs8);
  // The public half is the private key's JWK without `d`; the key kept for signing is not extractable.
  const exportable = await crypto.subtle.importKey('pkcs8', der, PASS_KEY_PARAMS, true, ['sign']);
  const publicKey = passPublicKeySchema.parse(await crypto.subtle.exportKey('jwk', exportable));
  const privateKey = await crypto.subtle.importKey('pkcs8', der, PASS_KEY_PARAMS, false, ['sign']);
  return { privateKey, publicKey, salt };
}

const loaded = new WeakMap<object, Map<string, Promise<GateKeys>>>();

/** The app's gate keys, loaded on first use and kept per database (and configured key); a failed load is retried. */
export function gateKeysOf(deps: { db: AppDeps['db']; config: Pick<AppDeps['config'], 'gateSigningKey'> }): () => Promise<GateKeys> {
  return () => {
    const byKey = loaded.get(deps.db) ?? new Map<string, Promise<GateKeys>>();
    loaded.set(deps.db, byKey);
    const cacheKey = deps.config.gateSigningKey ?? '';
    let keys = byKey.get(cacheKey);
    if (!keys) {
      keys = loadGateKeys(deps.db, deps.config.gateSigningKey);
      keys.catch(() => byKey.delete(cacheKey));
      byKey.set(cacheKey, keys);
    }
    return keys;
  };
}

/**
 * The pass text for a ticket (contract/gate/pass.ts): its message and an IEEE P1363 signature in
 * low-s form. Made afresh wherever a pass is shown (the ticket's page at each view, its mail when
 * sent), never stored: a pass signed before low-s was required is replaced on the next view.
 */
export function signPass(keys: GateKeys, pass: GatePass): Promise<string> {
  return signPassWith(keys.privateKey, pass);
}

/** The most wristbands a gate pass can say (contract/gate/pass.ts: one or two digits). */
const PASS_MAX_WRISTBANDS = 99;

/**
 * A ticket's gate pass, for its page and its mail: only for a ticket the gate would admit (this
 * edition's, not given back); null otherwise, and the QR code then carries the ticket's link.
 */
export async function ticketPass(
  keys: () => Promise<GateKeys>,
  row: { ticket_reference: string; number_of_tickets: number; edition: string | null; cancelled_at: string | null },
  current: { key: string },
): Promise<string | null> {
  // The pass names the edition by its key, so it stays valid while the edition's dates move.
  const edition = row.edition ?? current.key;
  if (edition !== current.key || row.cancelled_at || row.number_of_tickets > PASS_MAX_WRISTBANDS) return null;
  return signPass(await keys(), { reference: row.ticket_reference, edition, wristbands: row.number_of_tickets });
}
