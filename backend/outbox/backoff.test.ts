import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    const opts = { baseMs: 1000, maxMs: 10_000, random: () => 0.5 };
    expect([1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, opts))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffDelay(1, { ...opts, random: () => 0 })).toBe(800);
    expect(backoffDelay(50, { ...opts, random: () => 1 })).toBe(10_000);
  });
});
