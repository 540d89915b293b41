import { randomInt, randomUUID } from 'node:crypto';
import { TICKET_REFERENCE_ALPHABET } from '@/contract/ticket-reference';
import { festivalNow } from './clock';

/** A short ticket reference such as ITN-7K3Q9P (31^6 ≈ 887 million combinations). */
export function ticketReference(): string {
  let out = '';
  for (let i = 0; i < 6; i++) out += TICKET_REFERENCE_ALPHABET[randomInt(TICKET_REFERENCE_ALPHABET.length)];
  return `ITN-${out}`;
}

export { TICKET_REFERENCE_PATTERN } from '@/contract/ticket-reference';

export function newId(): string {
  return randomUUID();
}

/** The festival's clock (kernel/clock.ts), as stored. */
export function nowIso(): string {
  return festivalNow().toISOString();
}
