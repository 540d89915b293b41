/**
 * A per-key sliding-window limiter kept in memory: enough for one process (the site, or the
 * standalone backend). Each key keeps the times of its recent hits; old ones fall out of the window.
 */
export interface RateLimiter {
  /** Records a hit; returns false (and records nothing) when the key is over its limit. */
  hit(key: string, now?: number): { allowed: boolean; retryAfterSeconds: number };
}

export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }): RateLimiter {
  const hits = new Map<string, number[]>();
  let lastSweep = 0;

  const sweep = (now: number) => {
    // Drop idle keys now and then so a flood of distinct IPs cannot grow the map without bound.
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) {
      if ((times[times.length - 1] ?? 0) <= now - windowMs) hits.delete(key);
    }
  };

  return {
    hit(key, now = Date.now()) {
      if (max <= 0) return { allowed: true, retryAfterSeconds: 0 };
      sweep(now);
      const cutoff = now - windowMs;
      const times = (hits.get(key) ?? []).filter((t) => t > cutoff);
      if (times.length >= max) {
        hits.set(key, times);
        const retryAfterSeconds = Math.max(1, Math.ceil(((times[0] ?? now) + windowMs - now) / 1000));
        return { allowed: false, retryAfterSeconds };
      }
      times.push(now);
      hits.set(key, times);
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}
