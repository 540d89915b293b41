import type { Logger } from './log';

/**
 * A housekeeping pass the drain runs after its mail (the media sweep, the donations'
 * reconciliation): at most once per `minIntervalMs` on this instance, one at a time, and never
 * throwing (a failed pass is logged with `name` and the next one tries again). Answers `idle`
 * when it did not run.
 */
export function occasionally<T>(
  name: string,
  pass: (now: Date) => Promise<T>,
  { minIntervalMs, log, idle }: { minIntervalMs: number; log: Logger; idle: T },
): (now?: Date) => Promise<T> {
  let lastRun = Number.NEGATIVE_INFINITY;
  let running: Promise<T> | undefined;
  return (now = new Date()) => {
    if (running) return running;
    if (now.getTime() - lastRun < minIntervalMs) return Promise.resolve(idle);
    lastRun = now.getTime();
    running = pass(now)
      .catch((error: unknown) => {
        log.error({ area: name }, `pass failed: ${error instanceof Error ? error.message : String(error)}`);
        return idle;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}
