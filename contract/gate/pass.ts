import { z } from 'zod';
import { text } from '@/contract/text';
import { normaliseReference } from '@/contract/api/tickets';
import { EDITION_KEY_MAX, editionKeyOfDate } from '@/contract/edition';

/**
 * The gate pass: what a ticket's QR code carries (issue 29), so a gate with no signal can tell a
 * genuine ticket from a forged one. A compact text, signed by the backend's private key (ECDSA
 * P-256, SHA-256; the private key never leaves the server) and verified on the gate's phone with
 * the public key it downloaded, through Web Crypto (every browser a volunteer has, and Node):
 *
 *   ITN2.<reference without ITN->.<edition key>.<wristbands>.<signature, base64url>
 *   ITN2.7K3Q9P.2027.2.<86 characters>
 *
 * The signature covers everything before its dot. About 105 characters: a QR code of version 6
 * or 7, easy for a phone camera or a handheld scanner (which types it into the gate's field).
 *
 * The edition is its key (contract/edition.ts, issue 41), so moving the edition's dates leaves the
 * passes already shown valid. Passes made before keys existed are ITN1, with the edition's start
 * date (YYYYMMDD) in that place; they still verify, and read as naming that date's year
 * (editionKeyOfDate: the key migration 2026-12-02-1 gave their tickets).
 *
 * Low s only for ITN2 (issue 41): an ECDSA signature (r, s) verifies as (r, n − s) too, so every
 * pass would have a second text anyone can make from it. Passes are signed with s ≤ n/2
 * (signPassWith normalises what Web Crypto makes) and an ITN2 pass with s > n/2 is refused, as any
 * altered text is. ITN1 passes, all made before, keep either form: about half of those already
 * mailed, saved as images or kept offline are high-s, and refusing them at the gate would turn real
 * tickets away; no extra entry follows from the second spelling (a ticket is checked in once).
 */
export const PASS_PREFIX = 'ITN2';
const LEGACY_PREFIX = 'ITN1';
export const PASS_KEY_PARAMS = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const PASS_SIGN_PARAMS = { name: 'ECDSA', hash: 'SHA-256' } as const;
const SIGNATURE_BYTES = 64;
const PASS_PATTERN = /^(ITN2\.([A-Z0-9]{6})\.(\d{4}(?:-[A-Za-z0-9]+)*)\.([1-9]\d?))\.([A-Za-z0-9_-]{86})$/;
const LEGACY_PATTERN = /^(ITN1\.([A-Z0-9]{6})\.(\d{4})(\d{2})(\d{2})\.([1-9]\d?))\.([A-Za-z0-9_-]{86})$/;
const HALF = SIGNATURE_BYTES / 2;
/** The order n of P-256's group. */
export const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const HALF_ORDER = P256_ORDER >> 1n;

export interface GatePass {
  /** ITN-XXXXXX */
  reference: string;
  /** The edition's key ("2027", "2027-autumn"). */
  edition: string;
  wristbands: number;
}

/** The public key as the gate downloads it (a JWK: curve point only, never `d`). */
export const passPublicKeySchema = z
  .object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: text().regex(/^[A-Za-z0-9_-]{43}$/), y: text().regex(/^[A-Za-z0-9_-]{43}$/) })
  .strip();
export type PassPublicKey = z.infer<typeof passPublicKeySchema>;

/** The signed part of a pass. */
export function passMessage(pass: GatePass): string {
  return `${PASS_PREFIX}.${pass.reference.replace(/^ITN-/, '')}.${pass.edition}.${pass.wristbands}`;
}

/** Whether a scanned text is meant as a pass, of either version (then it must verify: anything else is a forgery). */
export function looksLikePass(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith(`${PASS_PREFIX}.`) || trimmed.startsWith(`${LEGACY_PREFIX}.`);
}

/** A pass's parts, when its shape is right (not yet its signature); `message` is the signed text as scanned. */
export function parsePass(text: string): { pass: GatePass; message: string; signature: Uint8Array<ArrayBuffer> } | undefined {
  const trimmed = text.trim();
  let parts: { message: string; code: string; edition: string; n: string; sig: string } | undefined;
  const current = PASS_PATTERN.exec(trimmed);
  if (current) {
    const [, message, code, edition, n, sig] = current as unknown as [string, string, string, string, string, string];
    if (edition.length <= EDITION_KEY_MAX) parts = { message, code, edition, n, sig };
  } else {
    const legacy = LEGACY_PATTERN.exec(trimmed);
    if (legacy) {
      const [, message, code, y, m, d, n, sig] = legacy as unknown as [string, string, string, string, string, string, string, string];
      parts = { message, code, edition: editionKeyOfDate(`${y}-${m}-${d}`), n, sig };
    }
  }
  if (!parts) return undefined;
  const reference = normaliseReference(parts.code);
  const signature = fromBase64Url(parts.sig);
  // Canonical base64url only: the last character's 4 spare bits would otherwise let 16 texts carry one signature.
  if (!reference || signature.length !== SIGNATURE_BYTES || toBase64Url(signature) !== parts.sig) return undefined;
  // Low s only for the current version: (r, n − s) is the same signature written another way.
  if (current && !isLowS(signature)) return undefined;
  return { pass: { reference, edition: parts.edition, wristbands: Number(parts.n) }, message: parts.message, signature };
}

/** The pass text for a signature made over passMessage(pass). */
export function encodePass(pass: GatePass, signature: Uint8Array): string {
  return `${passMessage(pass)}.${toBase64Url(signature)}`;
}

const toBigInt = (bytes: Uint8Array): bigint => bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);

function toBytes(n: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--, n >>= 8n) out[i] = Number(n & 0xffn);
  return out;
}

/** Whether an IEEE P1363 signature (r ‖ s, 32 bytes each) has s in the lower half, 1 ≤ s ≤ n/2. */
export function isLowS(signature: Uint8Array): boolean {
  if (signature.length !== SIGNATURE_BYTES) return false;
  const s = toBigInt(signature.subarray(HALF));
  return s >= 1n && s <= HALF_ORDER;
}

/** The same signature with s in the lower half (n − s when s > n/2): the form passes are issued and verified in. */
export function lowS(signature: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(signature);
  const s = toBigInt(signature.subarray(HALF));
  if (s > HALF_ORDER && s < P256_ORDER) out.set(toBytes(P256_ORDER - s, HALF), HALF);
  return out;
}

/** The pass text for a ticket, signed with the private key: Web Crypto's signature, in low-s form. */
export async function signPassWith(privateKey: CryptoKey, pass: GatePass): Promise<string> {
  const signature = await crypto.subtle.sign(PASS_SIGN_PARAMS, privateKey, new TextEncoder().encode(passMessage(pass)));
  return encodePass(pass, lowS(new Uint8Array(signature)));
}

export async function importPassPublicKey(jwk: PassPublicKey): Promise<CryptoKey> {
  return crypto.subtle.importKey('jwk', { ...jwk, ext: true }, PASS_KEY_PARAMS, false, ['verify']);
}

/** The pass, when the text is one and its (low-s) signature verifies under the key; otherwise undefined. */
export async function verifyPass(text: string, key: CryptoKey): Promise<GatePass | undefined> {
  const parsed = parsePass(text);
  if (!parsed) return undefined;
  try {
    const ok = await crypto.subtle.verify(PASS_SIGN_PARAMS, key, parsed.signature, new TextEncoder().encode(parsed.message));
    return ok ? parsed.pass : undefined;
  } catch {
    return undefined;
  }
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return new Uint8Array(0);
  }
}
