/**
 * A small counting semaphore: at most `max` tasks run at once, the others wait their turn in
 * arrival order (a queue, never a refusal). The image uploads use one (`imageDecodes`) so that
 * parallel uploads of large photos do not each hold a decoded image in memory at the same time
 * (issue 32: eight parallel 40-megapixel uploads took one instance from 289 MB to 674 MB).
 */
export interface Slots {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Running now, waiting now, and the most that ever ran at once (since the last resetPeak). */
  stats(): { active: number; waiting: number; peak: number };
  resetPeak(): void;
}

export function createSlots(max: number): Slots {
  if (!Number.isInteger(max) || max < 1) throw new Error(`createSlots: max must be a positive integer, not ${max}`);
  let active = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];

  const acquire = (): Promise<void> => {
    if (active < max) {
      active += 1;
      peak = Math.max(peak, active);
      return Promise.resolve();
    }
    // The slot is handed over by release(): `active` stays as it is.
    return new Promise<void>((resolve) => waiting.push(resolve));
  };

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length, peak }),
    resetPeak() {
      peak = active;
    },
  };
}

/** How many images one instance decodes at once. */
export const MAX_CONCURRENT_DECODES = 2;

/** The instance's decoding slots: every sharp decode of an upload runs inside one. */
export const imageDecodes: Slots = createSlots(MAX_CONCURRENT_DECODES);
