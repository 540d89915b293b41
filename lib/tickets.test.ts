import { describe, expect, it } from 'vitest';
import { admitsAtGate, ticketImageFileName, ticketImagePath, ticketQrText } from './tickets';

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

  it('names the image download and its file', () => {
    expect(ticketImagePath('ITN-7K3Q9P', TOKEN)).toBe(`/tickets/ITN-7K3Q9P/ticket.png?t=${TOKEN}`);
    expect(ticketImageFileName('ITN-7K3Q9P')).toBe('itan-ticket-ITN-7K3Q9P.png');
    // Only the reference's own characters reach the Content-Disposition header.
    expect(ticketImageFileName('ITN-7K3Q9P"; x=.exe')).toBe('itan-ticket-ITN-7K3Q9Pxexe.png');
  });
});
