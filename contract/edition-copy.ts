/**
 * The words copy uses for an edition (issue 40, "no prose that lies about dates"): its ordinal,
 * computed from the edition's number, never written by hand.
 */

const ORDINAL_WORDS = [
  'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth',
  'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth',
] as const;

/** 1 → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd". */
export function ordinalNumber(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** 1 → "first", 3 → "third" (to twentieth), then "21st". */
export function ordinalWord(n: number): string {
  return ORDINAL_WORDS[n - 1] ?? ordinalNumber(n);
}
