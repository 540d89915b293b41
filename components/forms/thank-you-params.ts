/**
 * Reading what a form's redirect put in a thank-you page's query. Anything that does not look
 * exactly right is not shown (React escapes text anyway; this keeps odd input off the page).
 */
export type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A record reference such as "ITN-7K2Q9X" or a UUID. */
export function readReference(value: string | string[] | undefined): string | undefined {
  const v = single(value)?.trim();
  // Letters, digits and - _ . = (a Paystack reference may hold '.' and '=').
  return v && /^[A-Za-z0-9][A-Za-z0-9_.=-]{2,99}$/.test(v) ? v : undefined;
}

/** A whole number within [min, max]. */
export function readTickets(value: string | string[] | undefined, min: number, max: number): number | undefined {
  const v = single(value);
  if (!v || !/^\d{1,3}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
}

/** An amount in naira within [min, max], up to two decimals. */
export function readAmount(value: string | string[] | undefined, min: number, max: number): number | undefined {
  const v = single(value);
  if (!v || !/^\d{1,9}(\.\d{1,2})?$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
}
