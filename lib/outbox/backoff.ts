/**
 * Exponential backoff with jitter: base, 2×base, 4×base... capped at max. Jitter (±20 %) keeps many
 * waiting items from hitting a recovering backend in the same instant.
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

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** OUTBOX_RETRY_BASE_MS (default 2 s) and OUTBOX_RETRY_MAX_MS (default 5 min). */
export function backoffFromEnv(env: Record<string, string | undefined> = process.env): BackoffOptions {
  return {
    baseMs: positiveInt(env.OUTBOX_RETRY_BASE_MS, 2_000),
    maxMs: positiveInt(env.OUTBOX_RETRY_MAX_MS, 300_000),
  };
}
