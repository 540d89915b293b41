import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The festival's clock for what is stored as a fact of the festival (a ticket registered, a check-in,
 * a waiting-list place, an inbox item or reply, a donation, a staff change and its audit row): the
 * clock every decision is made by, so a rehearsal with FESTIVAL_NOW stores the times it decides by
 * (issue 43). createApp runs each request, and start.ts each housekeeping pass, inside its config's
 * clock; `festivalNow()` reads it there, without passing `now` through every call in between.
 * Outside those (a test calling a query directly, a CLI) it is the real time.
 *
 * The machinery keeps the machine's clock on purpose: the outbox's schedule and the mail's Date,
 * sessions, rate limits, idempotency claims, uploads, backups, and the newsletter's consent records.
 * A fixed FESTIVAL_NOW would never let a retry come due or a session go idle.
 */
const current = new AsyncLocalStorage<() => Date>();

const systemClock = () => new Date();

export function withFestivalClock<T>(clock: () => Date, run: () => T): T {
  return current.run(clock, run);
}

export function festivalNow(): Date {
  return (current.getStore() ?? systemClock)();
}
