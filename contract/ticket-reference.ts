/**
 * A ticket reference: ITN- and six of these letters and digits, none that can be mistaken for
 * another when read aloud or written down (no I, L, O, 0 or 1); 31^6 ≈ 887 million of them. The
 * one spelling of the alphabet: the backend draws references from it, the API and the ticket
 * pages check them against it. Dependency-free, so the browser's code may use it too.
 * public/ticket-sw.js, plain JavaScript, spells it out (offline-cache.test.ts holds it in step).
 */
export const TICKET_REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A reference's pattern without anchors, for larger patterns (a ticket page's path). */
export const TICKET_REFERENCE_SOURCE = `ITN-[${TICKET_REFERENCE_ALPHABET}]{6}`;
export const TICKET_REFERENCE_PATTERN = new RegExp(`^${TICKET_REFERENCE_SOURCE}$`);
