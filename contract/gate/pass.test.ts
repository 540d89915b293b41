import { describe, expect, it } from 'vitest';
import { referenceHash, REFERENCE_HASH_BITS } from '@/contract/api/gate';
import { referenceFromScan } from '@/contract/api/tickets';
import {
  encodePass,
  fromBase64Url,
  importPassPublicKey,
  isLowS,
  looksLikePass,
  lowS,
  P256_ORDER,
  parsePass,
  PASS_KEY_PARAMS,
  PASS_SIGN_PARAMS,
  passMessage,
  passPublicKeySchema,
  signPassWith,
  toBase64Url,
  verifyPass,
  type GatePass,
} from './pass';

/** The gate pass (issue 29): signed with a key made here, as the backend signs, and checked as a gate phone checks. */
async function keyPair() {
  const pair = await crypto.subtle.generateKey(PASS_KEY_PARAMS, true, ['sign', 'verify']);
  const jwk = passPublicKeySchema.parse(await crypto.subtle.exportKey('jwk', pair.publicKey));
  return { privateKey: pair.privateKey, jwk, publicKey: await importPassPublicKey(jwk) };
}

const sign = signPassWith;

const toBigInt = (bytes: Uint8Array): bigint => bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);
const toBytes = (n: bigint): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * (31 - i))) & 0xffn));

/** The same pass with its signature's s replaced by n − s: a valid ECDSA signature of the same message. */
function malleated(text: string): string {
  const { pass, signature } = parsePass(text)!;
  const other = new Uint8Array(signature);
  other.set(toBytes(P256_ORDER - toBigInt(signature.subarray(32))), 32);
  return encodePass(pass, other);
}

const PASS: GatePass = { reference: 'ITN-7K3Q9P', edition: '2027', wristbands: 2 };

describe('the gate pass', () => {
  it('is a short text: prefix, code, edition, wristbands and a 64-byte signature', async () => {
    const { privateKey } = await keyPair();
    expect(passMessage(PASS)).toBe('ITN2.7K3Q9P.2027.2');
    const text = await sign(privateKey, PASS);
    expect(text).toMatch(/^ITN2\.7K3Q9P\.2027\.2\.[A-Za-z0-9_-]{86}$/);
    expect(text.length).toBeLessThanOrEqual(112);
    expect(looksLikePass(` ${text} `)).toBe(true);
    expect(looksLikePass('ITN-7K3Q9P')).toBe(false);
    expect(parsePass(text)).toMatchObject({ pass: PASS, message: 'ITN2.7K3Q9P.2027.2' });
    expect(parsePass(text)!.signature).toHaveLength(64);
    // A scanner that types the code into the gate form gives its reference.
    expect(referenceFromScan(text)).toBe('ITN-7K3Q9P');
  });

  it('names the edition by its key, labels too (issue 41); a pass made before keys (ITN1, a start date) still verifies, as its date’s year', async () => {
    const { privateKey, publicKey } = await keyPair();
    const labelled = { ...PASS, edition: '2027-autumn', wristbands: 12 };
    const text = await sign(privateKey, labelled);
    expect(text.startsWith('ITN2.7K3Q9P.2027-autumn.12.')).toBe(true);
    expect(await verifyPass(text, publicKey)).toEqual(labelled);
    // As the backend signed before keys: the message with the start date, YYYYMMDD.
    const message = 'ITN1.7K3Q9P.20271024.2';
    const legacy = `${message}.${toBase64Url(new Uint8Array(await crypto.subtle.sign(PASS_SIGN_PARAMS, privateKey, new TextEncoder().encode(message))))}`;
    expect(looksLikePass(legacy)).toBe(true);
    expect(parsePass(legacy)).toMatchObject({ pass: { reference: 'ITN-7K3Q9P', edition: '2027', wristbands: 2 }, message });
    expect(await verifyPass(legacy, publicKey)).toEqual({ reference: 'ITN-7K3Q9P', edition: '2027', wristbands: 2 });
    expect(referenceFromScan(legacy)).toBe('ITN-7K3Q9P');
    // Its signature does not make a current pass of the same ticket.
    expect(await verifyPass(encodePass(PASS, parsePass(legacy)!.signature), publicKey)).toBeUndefined();
  });

  it('verifies with the public key, and with no other', async () => {
    const { privateKey, publicKey } = await keyPair();
    const other = await keyPair();
    const text = await sign(privateKey, PASS);
    expect(await verifyPass(text, publicKey)).toEqual(PASS);
    expect(await verifyPass(text, other.publicKey)).toBeUndefined();
    // The other key's own pass for the same ticket: a forgery to this gate.
    expect(await verifyPass(await sign(other.privateKey, PASS), publicKey)).toBeUndefined();
  });

  it('any character changed, added or removed, in the message or the signature, fails', async () => {
    const { privateKey, publicKey } = await keyPair();
    const text = await sign(privateKey, { ...PASS, wristbands: 12 });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < text.length; i++) {
      // Two substitutes per position: one of them differs in the bits that count.
      for (const step of [1, 17]) {
        const c = alphabet[(alphabet.indexOf(text[i]!) + step) % alphabet.length]!;
        expect(await verifyPass(text.slice(0, i) + c + text.slice(i + 1), publicKey), `position ${i} → ${c}`).toBeUndefined();
      }
    }
    expect(await verifyPass(text.slice(0, -1), publicKey)).toBeUndefined();
    expect(await verifyPass(`${text}A`, publicKey)).toBeUndefined();
    // The wristbands said by the message, changed and re-encoded with the old signature.
    const { signature } = parsePass(text)!;
    expect(await verifyPass(encodePass({ ...PASS, wristbands: 13 }, signature), publicKey)).toBeUndefined();
    expect(await verifyPass(encodePass({ ...PASS, edition: '2028', wristbands: 12 }, signature), publicKey)).toBeUndefined();
  });

  it('refuses a signature written in a non-canonical base64url (the last character’s spare bits)', async () => {
    const { privateKey, publicKey } = await keyPair();
    const text = await sign(privateKey, PASS);
    const last = text.at(-1)!;
    const sameBytes = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('').find((c) => c !== last && toBase64Url(fromBase64Url(text.slice(-86, -1) + c)) === text.slice(-86));
    expect(sameBytes).toBeDefined();
    expect(await verifyPass(text.slice(0, -1) + sameBytes, publicKey)).toBeUndefined();
  });

  it('refuses texts of the wrong shape without trying the key', async () => {
    const { publicKey } = await keyPair();
    const sig = 'A'.repeat(86);
    for (const text of [
      '',
      'ITN1',
      `ITN1.7K3Q9.20271024.2.${sig}`,
      `ITN1.7K3Q90.20271024.2.${sig}`, // 0 is not in the references' alphabet
      `ITN1.7k3q9p.20271024.2.${sig}`,
      `ITN1.7K3Q9P.2027-10-24.2.${sig}`,
      `ITN1.7K3Q9P.20271024.0.${sig}`,
      `ITN1.7K3Q9P.20271024.100.${sig}`,
      `ITN1.7K3Q9P.20271024.2.${sig.slice(1)}`,
      `ITN2.7K3Q9P.20271024.2.${sig}`,
      `ITN2.7K3Q9P.2027-.2.${sig}`,
      `ITN2.7K3Q9P.2027..2.${sig}`,
      `ITN2.7K3Q9P.27.2.${sig}`,
      `ITN2.7K3Q9P.autumn.2.${sig}`,
      `ITN2.7K3Q9P.2027-${'a'.repeat(40)}.2.${sig}`,
      `ITN2.7K3Q9P.2027.0.${sig}`,
      `ITN3.7K3Q9P.2027.2.${sig}`,
      `https://festival.example/tickets/ITN-7K3Q9P?t=${'a'.repeat(22)}`,
    ]) {
      expect(parsePass(text), text).toBeUndefined();
      expect(await verifyPass(text, publicKey), text).toBeUndefined();
    }
  });

  it('the public key the gate downloads is the curve point only', async () => {
    const pair = await crypto.subtle.generateKey(PASS_KEY_PARAMS, true, ['sign', 'verify']);
    const privateJwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    expect(privateJwk.d).toBeDefined();
    const jwk = passPublicKeySchema.parse(privateJwk);
    expect(Object.keys(jwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(passPublicKeySchema.safeParse({ ...jwk, crv: 'P-384' }).success).toBe(false);
    expect(passPublicKeySchema.safeParse({ ...jwk, x: jwk.x.slice(1) }).success).toBe(false);
    const text = await sign(pair.privateKey, PASS);
    expect(await verifyPass(text, await importPassPublicKey(jwk))).toEqual(PASS);
  });

  it('is issued with a low s, and refused with s replaced by n − s (which Web Crypto itself accepts)', async () => {
    const { privateKey, publicKey } = await keyPair();
    let highFromWebCrypto = 0;
    for (let i = 0; i < 200; i++) {
      const pass = { ...PASS, wristbands: (i % 99) + 1 };
      const text = await sign(privateKey, pass);
      const { signature, message } = parsePass(text)!;
      expect(isLowS(signature), text).toBe(true);
      expect(await verifyPass(text, publicKey)).toEqual(pass);

      const other = malleated(text);
      expect(other).not.toBe(text);
      // The malleated signature is valid ECDSA: only the low-s rule refuses it.
      expect(await crypto.subtle.verify(PASS_SIGN_PARAMS, publicKey, fromBase64Url(other.slice(-86)), new TextEncoder().encode(message))).toBe(true);
      expect(parsePass(other), other).toBeUndefined();
      expect(await verifyPass(other, publicKey), other).toBeUndefined();

      // What Web Crypto makes before normalising: high s about half the time.
      const raw = new Uint8Array(await crypto.subtle.sign(PASS_SIGN_PARAMS, privateKey, new TextEncoder().encode(message)));
      if (!isLowS(raw)) {
        highFromWebCrypto++;
        expect(isLowS(lowS(raw))).toBe(true);
        expect(await verifyPass(encodePass(pass, lowS(raw)), publicKey)).toEqual(pass);
        expect(await verifyPass(encodePass(pass, raw), publicKey)).toBeUndefined();
      } else expect(lowS(raw)).toEqual(raw);
    }
    // 200 signatures with none high would be a 2^-200 chance: the normalising was exercised.
    expect(highFromWebCrypto).toBeGreaterThan(0);
  });

  it('an ITN1 pass (made before keys, already mailed) verifies in either form of s: refusing half of them would turn real tickets away', async () => {
    const { privateKey, publicKey } = await keyPair();
    const message = 'ITN1.7K3Q9P.20271024.2';
    const raw = new Uint8Array(await crypto.subtle.sign(PASS_SIGN_PARAMS, privateKey, new TextEncoder().encode(message)));
    const expected = { reference: 'ITN-7K3Q9P', edition: '2027', wristbands: 2 };
    const low = lowS(raw);
    const high = new Uint8Array(low);
    high.set(toBytes(P256_ORDER - toBigInt(low.subarray(32))), 32);
    expect(isLowS(high)).toBe(false);
    expect(await verifyPass(`${message}.${toBase64Url(low)}`, publicKey)).toEqual(expected);
    expect(await verifyPass(`${message}.${toBase64Url(high)}`, publicKey)).toEqual(expected);
  });

  it('s outside 1..n/2 is never low', () => {
    const half = P256_ORDER >> 1n;
    const signature = (s: bigint) => Uint8Array.from([...new Uint8Array(32).fill(7), ...toBytes(s)]);
    expect(isLowS(signature(0n))).toBe(false);
    expect(isLowS(signature(1n))).toBe(true);
    expect(isLowS(signature(half))).toBe(true);
    expect(isLowS(signature(half + 1n))).toBe(false);
    expect(isLowS(signature(P256_ORDER))).toBe(false);
    expect(isLowS(new Uint8Array(63))).toBe(false);
    expect(lowS(signature(half + 1n))).toEqual(signature(P256_ORDER - half - 1n));
  });

  it('base64url round-trips bytes, and bad text decodes to nothing', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255]);
    expect(toBase64Url(bytes)).toBe('AAEC-vv8_f7_');
    expect(fromBase64Url('AAEC-vv8_f7_')).toEqual(bytes);
    expect(fromBase64Url('!!')).toHaveLength(0);
  });
});

describe('the reference hash in a gate pack', () => {
  it(`is the first ${REFERENCE_HASH_BITS} bits of a salted SHA-256, as hex`, async () => {
    const hash = await referenceHash('a-salt-of-some-length', 'ITN-7K3Q9P');
    expect(hash).toMatch(/^[0-9a-f]{6}$/);
    expect(await referenceHash('a-salt-of-some-length', 'ITN-7K3Q9P')).toBe(hash);
    expect(await referenceHash('another-salt-entirely', 'ITN-7K3Q9P')).not.toBe(hash);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('a-salt-of-some-length\nITN-7K3Q9P')));
    expect(hash).toBe(Array.from(digest.subarray(0, 3), (b) => b.toString(16).padStart(2, '0')).join(''));
  });
});
