import { describe, expect, it } from 'vitest';
import { festivalNow, withFestivalClock } from './clock';

describe('the festival clock', () => {
  it('is the real time outside a request, and the given clock inside one, across awaits', async () => {
    const before = Date.now();
    expect(festivalNow().getTime()).toBeGreaterThanOrEqual(before);
    const fixed = new Date('2027-10-24T07:30:00Z');
    const seen = await withFestivalClock(
      () => fixed,
      async () => {
        const first = festivalNow();
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [first, await Promise.resolve().then(() => festivalNow())];
      },
    );
    expect(seen.map((d) => d.toISOString())).toEqual([fixed.toISOString(), fixed.toISOString()]);
    // Nothing leaks out of the run.
    expect(festivalNow().getFullYear()).toBe(new Date().getFullYear());
  });
});
