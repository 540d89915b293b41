import { canonicalEmail } from '@/contract/forms/email';

export { canonicalEmail };

/**
 * The spelling an address is stored and compared under: the contract's canonicalEmail (the one
 * definition, which every email field's value already went through), or, for text it refuses (a
 * row stored before issue 32, an address typed into a link by hand), that text trimmed and in
 * lower case, so such rows are still found.
 */
export function emailKey(email: string): string {
  return canonicalEmail(email) ?? email.trim().toLowerCase();
}
