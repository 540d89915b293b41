import { describe, expect, it } from 'vitest';
import { PACK_STATE, referenceHash, type GatePack } from '@/contract/api/gate';
import { decideOffline, OFFLINE_GATE_MESSAGES, offlineRefusalMessage, type GateDeviceState, type OfflineVerdict } from './decide';
import { encodePass, importPassPublicKey, P256_ORDER, parsePass, PASS_KEY_PARAMS, PASS_SIGN_PARAMS, passPublicKeySchema, signPassWith, toBase64Url, type GatePass } from './pass';

/**
 * The gate's decision with no signal (issue 29): a phone's pack, key and own check-ins, made here
 * with a key pair of the test's, as the backend would have made them.
 */
const EDITION = { key: '2027', startDate: '2027-10-24', endDate: '2027-10-25' };
const SALT = 'a-salt-the-server-keeps-fixed';
const counts = { registrations: 0, wristbands: 0, checkedInRegistrations: 0, checkedInWristbands: 0 };

const TICKETS = {
  valid: { reference: 'ITN-7K3Q9P', wristbands: 2, state: PACK_STATE.valid },
  inside: { reference: 'ITN-ABCDEF', wristbands: 1, state: PACK_STATE.checkedIn },
  given: { reference: 'ITN-GHJKMN', wristbands: 3, state: PACK_STATE.givenBack },
};

async function gate(entries: { reference: string; wristbands: number; state: 0 | 1 | 2 }[] = Object.values(TICKETS), checkedInHere: [string, string][] = []) {
  const pair = await crypto.subtle.generateKey(PASS_KEY_PARAMS, true, ['sign', 'verify']);
  const publicKey = passPublicKeySchema.parse(await crypto.subtle.exportKey('jwk', pair.publicKey));
  const tickets: GatePack['tickets'] = await Promise.all(entries.map(async (t) => [await referenceHash(SALT, t.reference), t.wristbands, t.state] as GatePack['tickets'][number]));
  const pack: GatePack = { issuedAt: '2027-10-24T06:00:00.000Z', edition: EDITION, publicKey, salt: SALT, tickets, counts, duplicates: [] };
  const state: GateDeviceState = { pack, key: await importPassPublicKey(publicKey), checkedInHere: new Map(checkedInHere) };
  const sign = (pass: GatePass, key: CryptoKey = pair.privateKey) => signPassWith(key, pass);
  /** A pass as made before editions had keys (ITN1, the edition's start date as YYYYMMDD), Web Crypto's s as it came. */
  const signLegacy = async (t: { reference: string; wristbands: number }, startDate: string) => {
    const message = `ITN1.${t.reference.slice(4)}.${startDate.replaceAll('-', '')}.${t.wristbands}`;
    return `${message}.${toBase64Url(new Uint8Array(await crypto.subtle.sign(PASS_SIGN_PARAMS, pair.privateKey, new TextEncoder().encode(message))))}`;
  };
  return { state, sign, signLegacy, decide: (text: string) => decideOffline(text, state) };
}

const passOf = (t: { reference: string; wristbands: number }, edition = EDITION.key): GatePass => ({ reference: t.reference, edition, wristbands: t.wristbands });
const when = (iso: string) => `at ${iso.slice(11, 16)}`;
const refused = (v: OfflineVerdict) => {
  if (v.status !== 'refused') throw new Error(`admitted: ${JSON.stringify(v)}`);
  return v;
};

describe('deciding at a gate with no signal', () => {
  it('admits a genuine pass of this edition, with the wristbands it says', async () => {
    const g = await gate();
    expect(await g.decide(await g.sign(passOf(TICKETS.valid)))).toEqual({ status: 'admit', reference: 'ITN-7K3Q9P', wristbands: 2, via: 'pass' });
  });

  it('refuses an altered or forged pass as forged', async () => {
    const g = await gate();
    const text = await g.sign(passOf(TICKETS.valid));
    // More wristbands than paid for, keeping the signature.
    expect(await g.decide(text.replace('.2.', '.9.'))).toEqual({ status: 'refused', reason: 'forged' });
    // Another ticket's reference under this one's signature.
    expect(await g.decide(text.replace('7K3Q9P', 'ABCDEF'))).toEqual({ status: 'refused', reason: 'forged' });
    // Signed by a key that is not the festival's.
    const stranger = await crypto.subtle.generateKey(PASS_KEY_PARAMS, true, ['sign', 'verify']);
    expect(await g.decide(await g.sign(passOf(TICKETS.valid), stranger.privateKey))).toEqual({ status: 'refused', reason: 'forged' });
    // The genuine signature with s replaced by n − s (valid ECDSA, but not the form passes are issued in).
    const { pass, signature } = parsePass(text)!;
    const s = signature.subarray(32).reduce((n, b) => (n << 8n) | BigInt(b), 0n);
    const high = new Uint8Array(signature);
    high.set(Uint8Array.from({ length: 32 }, (_, i) => Number(((P256_ORDER - s) >> BigInt(8 * (31 - i))) & 0xffn)), 32);
    expect(await g.decide(encodePass(pass, high))).toEqual({ status: 'refused', reason: 'forged' });
    // Anything that starts like a pass must be one.
    expect(await g.decide('ITN1.7K3Q9P.20271024.2.short')).toEqual({ status: 'refused', reason: 'forged' });
    const message = offlineRefusalMessage(refused(await g.decide('ITN1.nonsense')), when);
    expect(message).toBe(OFFLINE_GATE_MESSAGES.forged);
  });

  it('refuses a genuine pass of another edition, naming it', async () => {
    const g = await gate();
    const verdict = refused(await g.decide(await g.sign(passOf({ reference: 'ITN-PQRSTU', wristbands: 1 }, '2026'))));
    expect(verdict).toMatchObject({ reason: 'other-edition', reference: 'ITN-PQRSTU', at: '2026' });
    expect(offlineRefusalMessage(verdict, when)).toBe(OFFLINE_GATE_MESSAGES.otherEdition('2026'));
    expect(offlineRefusalMessage(verdict, when)).toBe("This ticket is for Ìtàn Festival 2026, not this year's festival.");
    // A labelled key of the same year is another edition too.
    expect(refused(await g.decide(await g.sign(passOf({ reference: 'ITN-PQRSTU', wristbands: 1 }, '2027-spring'))))).toMatchObject({ reason: 'other-edition', at: '2027-spring' });
  });

  it('a pass names the edition by its key: moving the dates leaves it valid, even for a ticket newer than the download (issue 41)', async () => {
    const g = await gate([]);
    g.state.pack.edition = { key: '2027', startDate: '2027-10-31', endDate: '2027-11-01' };
    expect(await g.decide(await g.sign(passOf(TICKETS.valid)))).toEqual({ status: 'admit', reference: 'ITN-7K3Q9P', wristbands: 2, via: 'pass' });
  });

  it('a pass of another key is judged by the list: admitted when this edition’s list has its ticket as valid (carried back to the configuration)', async () => {
    const g = await gate();
    expect(await g.decide(await g.sign(passOf(TICKETS.valid, '2027-10-17')))).toMatchObject({ status: 'admit', reference: 'ITN-7K3Q9P', wristbands: 2 });
    // Checked in meanwhile: refused as checked in, not as another edition.
    expect(refused(await g.decide(await g.sign(passOf(TICKETS.inside, '2027-10-17'))))).toMatchObject({ reason: 'already' });
  });

  it('a pass made before keys (ITN1, a start date) is its date’s year’s: this edition’s whatever the day, another year’s refused', async () => {
    const g = await gate();
    const old = await g.signLegacy(TICKETS.valid, '2027-10-17');
    expect(old).toMatch(/^ITN1\.7K3Q9P\.20271017\.2\.[A-Za-z0-9_-]{86}$/);
    expect(await g.decide(old)).toEqual({ status: 'admit', reference: 'ITN-7K3Q9P', wristbands: 2, via: 'pass' });
    const fresh = { reference: 'ITN-PQRSTU', wristbands: 3 };
    expect(await g.decide(await g.signLegacy(fresh, '2027-10-24'))).toEqual({ status: 'admit', reference: 'ITN-PQRSTU', wristbands: 3, via: 'pass' });
    expect(refused(await g.decide(await g.signLegacy(fresh, '2026-10-24')))).toMatchObject({ reason: 'other-edition', at: '2026' });
    // Altered, it is a forgery like any pass.
    expect(refused(await g.decide(old.replace('.2.', '.5.')))).toMatchObject({ reason: 'forged' });
  });

  it('admits a typed reference the pack knows (any case, spaces, with or without ITN-, or the old QR link), with the pack’s wristbands', async () => {
    const g = await gate();
    for (const typed of ['ITN-7K3Q9P', 'itn-7k3q9p', ' 7k3 q9p ', '7K3Q9P', 'https://festival.example/tickets/ITN-7K3Q9P?t=abcdefghijklmnopqrstuv']) {
      expect(await g.decide(typed), typed).toEqual({ status: 'admit', reference: 'ITN-7K3Q9P', wristbands: 2, via: 'list' });
    }
  });

  it('refuses a typed reference the pack does not know, saying it may be newer than the download; and text that is no reference', async () => {
    const g = await gate();
    const unknown = refused(await g.decide('ITN-ZZZZZZ'));
    expect(unknown).toEqual({ status: 'refused', reason: 'unknown', reference: 'ITN-ZZZZZZ' });
    expect(offlineRefusalMessage(unknown, when)).toBe(OFFLINE_GATE_MESSAGES.unknown);
    expect(offlineRefusalMessage(unknown, when)).toMatch(/newer than the last download/);
    const invalid = refused(await g.decide('hello'));
    expect(invalid).toEqual({ status: 'refused', reason: 'invalid' });
    expect(offlineRefusalMessage(invalid, when)).toBe(OFFLINE_GATE_MESSAGES.invalid);
  });

  it('admits a genuine pass newer than the download: the signature proves it', async () => {
    const g = await gate();
    const fresh = { reference: 'ITN-PQRSTU', wristbands: 4 };
    expect(await g.decide(await g.sign(passOf(fresh)))).toEqual({ status: 'admit', reference: 'ITN-PQRSTU', wristbands: 4, via: 'pass' });
  });

  it('refuses a ticket given back, by pass or typed', async () => {
    const g = await gate();
    for (const text of [await g.sign(passOf(TICKETS.given)), 'itn-ghjkmn']) {
      const verdict = refused(await g.decide(text));
      expect(verdict).toMatchObject({ reason: 'given-back', reference: 'ITN-GHJKMN', wristbands: 3 });
      expect(offlineRefusalMessage(verdict, when)).toBe(OFFLINE_GATE_MESSAGES.givenBack);
    }
  });

  it('refuses a ticket checked in before the download, by pass or typed', async () => {
    const g = await gate();
    for (const text of [await g.sign(passOf(TICKETS.inside)), 'ABCDEF']) {
      const verdict = refused(await g.decide(text));
      expect(verdict).toMatchObject({ reason: 'already', reference: 'ITN-ABCDEF' });
      expect(offlineRefusalMessage(verdict, when)).toBe(OFFLINE_GATE_MESSAGES.already);
    }
  });

  it('refuses a ticket this phone has checked in since the download, saying when', async () => {
    const g = await gate(Object.values(TICKETS), [['ITN-7K3Q9P', '2027-10-24T08:15:00.000Z']]);
    for (const text of [await g.sign(passOf(TICKETS.valid)), '7k3q9p']) {
      const verdict = refused(await g.decide(text));
      expect(verdict).toEqual({ status: 'refused', reason: 'already-here', reference: 'ITN-7K3Q9P', at: '2027-10-24T08:15:00.000Z' });
      expect(offlineRefusalMessage(verdict, when)).toBe(OFFLINE_GATE_MESSAGES.alreadyHere('at 08:15'));
    }
    // Even a pass newer than the download.
    const fresh = { reference: 'ITN-PQRSTU', wristbands: 1 };
    const h = await gate([], [['ITN-PQRSTU', '2027-10-24T09:00:00.000Z']]);
    expect(refused(await h.decide(await h.sign(passOf(fresh))))).toMatchObject({ reason: 'already-here' });
  });

  it('two tickets sharing a hash: admitted while either may still come in; refused when neither can', async () => {
    // The pack's hashes are short on purpose, so collisions happen: the gate sees entries, not references.
    const hash = await referenceHash(SALT, 'ITN-7K3Q9P');
    const withEntries = async (entries: [number, 0 | 1 | 2][]) => {
      const g = await gate([]);
      g.state.pack.tickets = entries.map(([n, s]) => [hash, n, s]);
      return g;
    };
    const usable = await withEntries([[4, PACK_STATE.checkedIn], [3, PACK_STATE.valid]]);
    expect(await usable.decide('ITN-7K3Q9P')).toEqual({ status: 'admit', reference: 'ITN-7K3Q9P', wristbands: 3, via: 'list' });
    // A pass says its own wristbands, whatever the other entry holds.
    expect(await usable.decide(await usable.sign(passOf({ reference: 'ITN-7K3Q9P', wristbands: 2 })))).toMatchObject({ status: 'admit', wristbands: 2, via: 'pass' });
    const inAndGiven = await withEntries([[4, PACK_STATE.givenBack], [3, PACK_STATE.checkedIn]]);
    expect(refused(await inAndGiven.decide('ITN-7K3Q9P'))).toMatchObject({ reason: 'already' });
    const bothGiven = await withEntries([[4, PACK_STATE.givenBack], [3, PACK_STATE.givenBack]]);
    expect(refused(await bothGiven.decide('ITN-7K3Q9P'))).toMatchObject({ reason: 'given-back' });
  });
});
