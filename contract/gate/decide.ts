import { PACK_STATE, referenceHash, type GatePack } from '@/contract/api/gate';
import { referenceFromScan } from '@/contract/api/tickets';
import { editionKeyYear } from '@/contract/edition';
import { FESTIVAL_NAME } from '@/contract/festival';
import { looksLikePass, verifyPass } from './pass';

/**
 * The gate's decision with no signal (issue 29), after pretix's offline rules: a code with a valid
 * signature, or a typed reference the downloaded pack recognises, that is not given back and not
 * yet checked in (before the download, or on this phone since) → admit, and queue the check-in.
 * Anything else is refused with its reason. Pure: the phone's state comes in as arguments.
 */
export type OfflineVerdict =
  | { status: 'admit'; reference: string; wristbands: number; via: 'pass' | 'list' }
  | { status: 'refused'; reason: OfflineRefusal; reference?: string; wristbands?: number; at?: string };

export type OfflineRefusal = 'forged' | 'other-edition' | 'given-back' | 'already' | 'already-here' | 'unknown' | 'invalid';

/** The gate's words for an offline verdict (the online ones are CHECK_IN_MESSAGES and CHECK_IN_REFUSALS). */
export const OFFLINE_GATE_MESSAGES = {
  admit: 'Admit',
  refused: 'Do not admit',
  admitDetail: (wristbands: number) => `Hand over ${wristbands} wristband${wristbands === 1 ? '' : 's'}. Decided offline: it syncs when the signal returns.`,
  forged: 'This QR code is not a genuine festival ticket.',
  otherEdition: (edition: string) => `This ticket is for ${FESTIVAL_NAME} ${editionKeyYear(edition)}, not this year's festival.`,
  givenBack: 'This ticket was given back: do not admit.',
  already: 'This ticket was already checked in.',
  alreadyHere: (at: string) => `Already checked in on this phone at ${at}.`,
  unknown: 'No ticket with this reference in this phone’s list. It may be newer than the last download: check it when the signal returns.',
  invalid: 'Enter a ticket reference such as ITN-7K3Q9P.',
} as const;

export interface GateDeviceState {
  pack: GatePack;
  key: CryptoKey;
  /** References checked in on this phone since the pack was downloaded, with when. */
  checkedInHere: ReadonlyMap<string, string>;
}

export async function decideOffline(input: string, state: GateDeviceState): Promise<OfflineVerdict> {
  const text = input.trim();
  let reference: string | undefined;
  let passWristbands: number | undefined;
  let otherEdition: string | undefined;
  if (looksLikePass(text)) {
    const pass = await verifyPass(text, state.key);
    if (!pass) return { status: 'refused', reason: 'forged' };
    reference = pass.reference;
    passWristbands = pass.wristbands;
    // Editions by key (contract/edition.ts): a pass stays this edition's while its dates move.
    if (pass.edition !== state.pack.edition.key) otherEdition = pass.edition;
  } else {
    reference = referenceFromScan(text);
    if (!reference) return { status: 'refused', reason: 'invalid' };
  }

  const here = state.checkedInHere.get(reference);
  if (here) return { status: 'refused', reason: 'already-here', reference, at: here };
  const hash = await referenceHash(state.pack.salt, reference);
  const entries = state.pack.tickets.filter(([h]) => h === hash);
  // A pass of another edition's key: another edition's ticket, or one whose edition staff carried
  // to the configured edition's key since (back to configuration: this edition's list has it).
  // Judged by the list, as ever.
  if (otherEdition && entries.length === 0) {
    return { status: 'refused', reason: 'other-edition', reference, wristbands: passWristbands, at: otherEdition };
  }
  // Two references may share a hash: admit when any ticket behind it may still come in.
  const valid = entries.find(([, , s]) => s === PACK_STATE.valid);
  if (valid) return { status: 'admit', reference, wristbands: passWristbands ?? valid[1], via: passWristbands ? 'pass' : 'list' };
  if (entries.length > 0) {
    const givenBack = entries.every(([, , s]) => s === PACK_STATE.givenBack);
    return { status: 'refused', reason: givenBack ? 'given-back' : 'already', reference, wristbands: passWristbands ?? entries[0]![1] };
  }
  // Newer than the download: a signed pass proves itself; a typed reference cannot.
  if (passWristbands) return { status: 'admit', reference, wristbands: passWristbands, via: 'pass' };
  return { status: 'refused', reason: 'unknown', reference };
}

/** The words for a refusal. `when` formats an instant for the volunteer. */
export function offlineRefusalMessage(verdict: Extract<OfflineVerdict, { status: 'refused' }>, when: (iso: string) => string): string {
  switch (verdict.reason) {
    case 'forged':
      return OFFLINE_GATE_MESSAGES.forged;
    case 'other-edition':
      return OFFLINE_GATE_MESSAGES.otherEdition(verdict.at ?? '');
    case 'given-back':
      return OFFLINE_GATE_MESSAGES.givenBack;
    case 'already':
      return OFFLINE_GATE_MESSAGES.already;
    case 'already-here':
      return OFFLINE_GATE_MESSAGES.alreadyHere(when(verdict.at ?? ''));
    case 'unknown':
      return OFFLINE_GATE_MESSAGES.unknown;
    case 'invalid':
      return OFFLINE_GATE_MESSAGES.invalid;
  }
}

/** The gate's words about itself: its connection, its download, its queue. */
export const GATE_STATUS_MESSAGES = {
  online: 'Online',
  offline: 'Offline: this phone decides',
  waiting: (n: number) => `${n} check-in${n === 1 ? '' : 's'} waiting to sync`,
  allSynced: 'All check-ins synced',
  downloaded: (at: string) => `Ticket list downloaded at ${at}`,
  noPack: 'This phone has no ticket list yet. Connect to the internet once, with this page open, so it can check tickets with no signal.',
  signedOut: 'Your session has ended. Sign in again to sync: the check-ins waiting on this phone are kept.',
  duplicate: (at: string, by: string) => `Admitted twice: it was first checked in at ${at} by ${by}.`,
  unknownAtSync: 'The server has no ticket with this reference.',
  alreadyAtSync: 'It had already been checked in.',
} as const;
