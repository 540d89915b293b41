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
 */
export const PASS_PREFIX = 'ITN2';
const LEGACY_PREFIX = 'ITN1';
export const PASS_KEY_PARAMS = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const PASS_SIGN_PARAMS = { name: 'ECDSA', hash: 'SHA-256' } as const;
const SIGNATURE_BYTES = 64;
const PASS_PATTERN = /^(ITN2\.([A-Z0-9]{6})\.(\d{4}(?:-[A-Za-z0-9]+)*)\.([1-9]\d?))\.([A-Za-z0-9_-]{86})$/;
const LEGACY_PATTERN = /^(ITN1\.([A-Z0-9]{6})\.(\d{4})(\d{2})(\d{2})\.([1-9]\d?))\.([A-Za-z0-9_-]{86})$/;

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
  return { pass: { reference, edition: parts.edition, wristbands: Number(parts.n) }, message: parts.message, signature };
}

/** The pass text for a signature made over passMessage(pass). */
export function encodePass(pass: GatePass, signature: Uint8Array): string {
  return `${passMessage(pass)}.${toBase64Url(signature)}`;
}

export async function importPassPublicKey(jwk: PassPublicKey): Promise<CryptoKey> {
  return crypto.subtle.importKey('jwk', { ...jwk, ext: true }, PASS_KEY_PARAMS, false, ['verify']);
}

/** The pass, when the text is one and its signature verifies under the key; otherwise undefined. */
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
