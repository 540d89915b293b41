import { z } from 'zod';

/**
 * GET|HEAD /api/health — for uptime monitors and operators (issue 30). No auth, never rate-limited,
 * `Cache-Control: no-store`. It names no person, address, secret, host or version: only counts,
 * ages and yes/no answers.
 *
 *   200 { status: 'ok', database: { reachable: true, migrations: 'current' }, outbox: {...} }
 *   503 { status: 'unavailable', database: { reachable: false, migrations: null }, outbox: null }
 *       the database did not answer a trivial query within HEALTH_TIMEOUT_MS (or the backend could
 *       not start);
 *   503 { status: 'unavailable', database: { reachable: true, migrations: 'pending' }, outbox }
 *       the database lacks migrations this code knows. The backend migrates when it starts, so
 *       this means the database changed under a running process (an older backup restored into
 *       it): forms would fail on missing tables or columns. Restarting the process migrates it.
 *       A 503 rather than a 200 "degraded", so a monitor that only reads the status code alerts.
 *
 * Migrations the database has and this code does not know count as current: an instance still on
 * the previous release during a rolling deploy is not broken by its successor's migrations.
 *
 * `outbox` (the backend's outbox table, every topic): `oldestUndeliveredSeconds` is the
 * age of the oldest entry not yet delivered, retries and entries held back by the per-recipient
 * hourly cap included (null: none waiting); `failed` counts entries given up for good, kept for
 * staff to see, so it only ever grows: alert on a change, not on a value. Neither changes the
 * status: late mail is not an outage of the site.
 */
export const HEALTH_TIMEOUT_MS = 2_000;

const outboxHealthSchema = z.object({
  oldestUndeliveredSeconds: z.number().int().nonnegative().nullable(),
  failed: z.number().int().nonnegative(),
});

export const healthSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    database: z.object({ reachable: z.literal(true), migrations: z.literal('current') }),
    outbox: outboxHealthSchema,
  }),
  z.object({
    status: z.literal('unavailable'),
    database: z.object({ reachable: z.boolean(), migrations: z.enum(['current', 'pending']).nullable() }),
    outbox: outboxHealthSchema.nullable(),
  }),
]);

export type Health = z.output<typeof healthSchema>;
export type OutboxHealth = z.output<typeof outboxHealthSchema>;

/** What any part of the stack answers when it cannot reach the database at all. */
export const UNREACHABLE_HEALTH: Health = {
  status: 'unavailable',
  database: { reachable: false, migrations: null },
  outbox: null,
};

/** /api/health, with or without the contract's trailing slash. */
export const isHealthPath = (pathname: string): boolean => pathname === '/api/health' || pathname === '/api/health/';
