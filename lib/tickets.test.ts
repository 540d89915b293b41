import { describe, expect, it } from 'vitest';
import { WAITING_LIST_MESSAGES } from '@/contract/api/waiting-list';
import { editionFrom } from '@/contract/edition';
import { admitsAtGate, giveBackRefusal, ticketImageFileName, ticketImagePath, ticketQrText } from './tickets';

const TOKEN = 'Ab-_Ab-_Ab-_Ab-_Ab-_Ab';

describe('ticket helpers', () => {
  it('the QR code carries the gate pass when the backend gives one, else the ticket link', () => {
    const pass = 'ITN1.7K3Q9P.20251024.2.c2ln';
    expect(ticketQrText({ reference: 'ITN-7K3Q9P', pass }, TOKEN, 'https://itan.example')).toBe(pass);
    for (const none of [null, undefined]) {
      expect(ticketQrText({ reference: 'ITN-7K3Q9P', pass: none }, TOKEN, 'https://itan.example')).toBe(`https://itan.example/tickets/ITN-7K3Q9P?t=${TOKEN}`);
    }
  });

  it('only a ticket neither given back nor of an earlier edition has something to show at the gate', () => {
    expect(admitsAtGate({ cancelledAt: null, earlierEdition: false })).toBe(true);
    expect(admitsAtGate({ cancelledAt: '2025-09-01T08:00:00Z', earlierEdition: false })).toBe(false);
    expect(admitsAtGate({ cancelledAt: null, earlierEdition: true })).toBe(false);
  });

  it('"I can’t come" is offered until 00:00 Lagos on the festival’s first day, for a ticket still valid (issue 41)', () => {
    const edition = editionFrom({ startDate: '2025-10-24', endDate: '2025-10-25' }, new Date('2025-09-01T00:00:00Z'));
    const valid = { cancelledAt: null, checkedInAt: null, earlierEdition: false };
    const at = (now: string) => ({ edition, now: new Date(now).toISOString() });
    expect(giveBackRefusal(valid, at('2025-10-23T23:59:59+01:00'))).toBeUndefined();
    expect(giveBackRefusal(valid, at('2025-10-24T00:00:00+01:00'))).toBe(WAITING_LIST_MESSAGES.festivalStarted);
    expect(giveBackRefusal(valid, at('2025-10-25T23:59:59+01:00'))).toBe(WAITING_LIST_MESSAGES.festivalStarted);
    expect(giveBackRefusal(valid, at('2025-10-26T00:00:00+01:00'))).toBe(WAITING_LIST_MESSAGES.festivalOver);
    const before = at('2025-10-01T12:00:00+01:00');
    expect(giveBackRefusal({ ...valid, cancelledAt: '2025-09-02T10:00:00Z' }, before)).toBe(WAITING_LIST_MESSAGES.alreadyCancelled);
    expect(giveBackRefusal({ ...valid, checkedInAt: '2025-09-02T10:00:00Z' }, before)).toBe(WAITING_LIST_MESSAGES.checkedIn);
    expect(giveBackRefusal({ ...valid, earlierEdition: true }, before)).toBe(WAITING_LIST_MESSAGES.earlierEdition);
  });

  it('names the image download and its file', () => {
    expect(ticketImagePath('ITN-7K3Q9P', TOKEN)).toBe(`/tickets/ITN-7K3Q9P/ticket.png?t=${TOKEN}`);
    expect(ticketImageFileName('ITN-7K3Q9P')).toBe('itan-ticket-ITN-7K3Q9P.png');
    // Only the reference's own characters reach the Content-Disposition header.
    expect(ticketImageFileName('ITN-7K3Q9P"; x=.exe')).toBe('itan-ticket-ITN-7K3Q9Pxexe.png');
  });
});
