import { randomInt, randomUUID } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read aloud or written down. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A short ticket reference such as ITN-7K3Q9P (31^6 ≈ 887 million combinations). */
export function ticketReference(): string {
  let out = '';
  for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `ITN-${out}`;
}

export { TICKET_REFERENCE_PATTERN } from '@/contract/api/tickets';

export function newId(): string {
  return randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}
