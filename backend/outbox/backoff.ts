/**
 * Exponential backoff with jitter: base, 2×base, 4×base... capped at max. Jitter (±20 %) keeps many
 * waiting entries from hitting a recovering server in the same instant.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  random?: () => number;
}

export function backoffDelay(attempt: number, { baseMs, maxMs, random = Math.random }: BackoffOptions): number {
  const exponent = Math.max(0, attempt - 1);
  const raw = Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 30));
  const jitter = 0.8 + random() * 0.4;
  return Math.round(Math.min(maxMs, raw * jitter));
}
