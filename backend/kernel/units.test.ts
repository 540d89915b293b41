import { describe, expect, it } from 'vitest';
import { ticketReference, TICKET_REFERENCE_PATTERN } from './ids';
import { createRateLimiter } from './rate-limit';

describe('rate limiter', () => {
  it('allows max hits per window per key, then frees up as the window slides', async () => {
    const limiter = createRateLimiter({ max: 3, windowMs: 1_000 });
    const allowed = [];
    for (const t of [0, 100, 200]) allowed.push((await limiter.hit('a', t)).allowed);
    expect(allowed).toEqual([true, true, true]);
    expect(await limiter.hit('a', 300)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await limiter.hit('b', 300)).allowed).toBe(true);
    expect((await limiter.hit('a', 1_001)).allowed).toBe(true);
  });

  it('0 switches it off', async () => {
    const off = createRateLimiter({ max: 0, windowMs: 1_000 });
    for (let i = 0; i < 100; i++) expect((await off.hit('a')).allowed).toBe(true);
  });
});

describe('references', () => {
  it('ticket references are short and unambiguous', () => {
    for (let i = 0; i < 200; i++) {
      const ref = ticketReference();
      expect(ref).toMatch(TICKET_REFERENCE_PATTERN);
      expect(ref.slice(4)).not.toMatch(/[01ILO]/);
    }
  });
});
