import { HEALTH_TIMEOUT_MS, UNREACHABLE_HEALTH, type Health, type OutboxHealth } from '@/contract/api/health';
import type { Db } from '../db/schema';
import { migrations } from '../db/migrations';
import type { Logger } from '../kernel/deps';
import { appliedMigrationNames, outboxFigures, ping } from './queries';

export interface HealthOptions {
  /** How long the database may take to answer all of it; then 503. */
  timeoutMs?: number;
  /** The outbox's clock (its rows are stamped with the real time). */
  now?: () => Date;
  log?: Pick<Logger, 'info' | 'warn'>;
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The work may still fail after the deadline: nobody is listening then.
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function outboxHealth(figures: { oldestPendingAt: string | undefined; failed: number }, now: Date): OutboxHealth {
  const oldest = figures.oldestPendingAt === undefined ? Number.NaN : Date.parse(figures.oldestPendingAt);
  return {
    oldestUndeliveredSeconds: Number.isNaN(oldest) ? null : Math.max(0, Math.floor((now.getTime() - oldest) / 1000)),
    failed: figures.failed,
  };
}

async function inspect(db: Db, now: () => Date): Promise<Health> {
  await ping(db);
  const applied = await appliedMigrationNames(db);
  if (Object.keys(migrations).some((name) => !applied.has(name))) {
    // The outbox table itself may be one of the missing migrations.
    const outbox = await outboxFigures(db).then((figures) => outboxHealth(figures, now()), () => null);
    return { status: 'unavailable', database: { reachable: true, migrations: 'pending' }, outbox };
  }
  return { status: 'ok', database: { reachable: true, migrations: 'current' }, outbox: outboxHealth(await outboxFigures(db), now()) };
}

/**
 * The check behind GET /api/health: a trivial query, the migrations applied, the outbox's figures,
 * all within `timeoutMs`, so a hung database answers 503 instead of holding the monitor. Logs one
 * line, to the request's logger when given, when the answer changes between healthy and not (not
 * on every failed check).
 */
export function createHealthCheck(db: Db, options: HealthOptions = {}): (requestLog?: HealthOptions['log']) => Promise<Health> {
  const { timeoutMs = HEALTH_TIMEOUT_MS, now = () => new Date() } = options;
  let wasOk = true;
  return async (requestLog) => {
    const log = requestLog ?? options.log;
    let health: Health;
    let reason = '';
    try {
      health = await within(inspect(db, now), timeoutMs);
      if (health.database.migrations === 'pending') reason = 'the database lacks migrations this code knows (restart to migrate)';
    } catch (error) {
      health = UNREACHABLE_HEALTH;
      reason = `database unreachable: ${(error as Error).message}`;
    }
    const ok = health.status === 'ok';
    if (ok !== wasOk) {
      if (ok) log?.info({ area: 'health' }, 'health: ok again');
      else log?.warn({ area: 'health' }, `health: unavailable: ${reason}`);
    }
    wasOk = ok;
    return health;
  };
}
