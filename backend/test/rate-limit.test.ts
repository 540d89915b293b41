import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type BackendApp } from '../app';
import type { DbHandle } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { seedContent } from '../db/seed';
import { DONATION_API } from '@/contract/api/donations';
import { createDbRateLimiter, verifyRateLimit, VERIFY_RATE_LIMIT_FACTOR, VERIFY_RATE_LIMIT_SCOPE } from '../kernel/rate-limit';
import { createSandboxGateway } from '../payments';
import { dbTargets, postJson, testConfig, type TestDatabase } from '@/test/support/databases';
import { silentLogger } from '@/backend/kernel/log';

/**
 * Rate limits in the database (issue "many instances"): each hit is one atomic statement, so two
 * apps on two independent connections to one database (two instances) share one limit. On
 * PostgreSQL the app picks the database limiter by itself; on SQLite it keeps counting in memory
 * (one process). The tests pass the database limiter in on both, with a fixed clock.
 */
const MESSAGE = 'Too many submissions from your connection. Please wait a minute and try again.';

describe.each(dbTargets)('rate limits in the database on $name', (target) => {
  let database: TestDatabase;
  let second: DbHandle;

  beforeAll(async () => {
    database = await target.create();
    await migrateToLatest(database.handle.db);
    await seedContent(database.handle.db);
    // PostgreSQL: a second, independent connection (another process). SQLite: better-sqlite3 waits
    // for a lock synchronously, so two connections in one thread would wait on each other: the
    // second app shares the connection (as in concurrency.test.ts).
    second = target.name === 'postgres' ? database.connectAgain() : database.handle;
  });
  afterAll(async () => {
    await database?.drop();
  });

  // Every hit of these "instances" happens at one moment in the middle of a window, so a slow run
  // can never straddle a window's end (a fixed window starts again there).
  const NOW = 1_900_000_030_000;
  const instance = (handle: DbHandle, max: number): BackendApp => {
    const config = testConfig({ RATE_LIMIT_MAX: String(max), RATE_LIMIT_WINDOW_MS: '60000', TRUSTED_PROXIES: '1' });
    const limiter = createDbRateLimiter(handle.db, config.rateLimit);
    return createApp({
      db: handle.db,
      dialect: handle.dialect,
      config,
      gateway: createSandboxGateway(),
      log: silentLogger,
      rateLimiter: { hit: (key) => limiter.hit(key, NOW) },
    });
  };

  it('counts, refuses over the limit with Retry-After, keeps keys apart, and starts again in the next window', async () => {
    const limiter = createDbRateLimiter(database.handle.db, { max: 3, windowMs: 1_000 });
    const base = 1_000_000_000_000; // a window boundary
    const allowed = [];
    for (const t of [0, 100, 200]) allowed.push((await limiter.hit('unit-a', base + t)).allowed);
    expect(allowed).toEqual([true, true, true]);
    expect(await limiter.hit('unit-a', base + 300)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limiter.hit('unit-a', base + 400)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await limiter.hit('unit-b', base + 300)).allowed).toBe(true);
    // Refused hits do not grow the count past max + 1.
    const row = await database.handle.db.selectFrom('rate_limits').select(['hits', 'window_start']).where('key', '=', 'unit-a').executeTakeFirstOrThrow();
    expect([Number(row.hits), Number(row.window_start)]).toEqual([4, base]);
    // The next window starts from zero.
    expect((await limiter.hit('unit-a', base + 1_000)).allowed).toBe(true);
    // An instance whose clock lags (an older window) counts toward the stored window, never resets it.
    const lagging = createDbRateLimiter(second.db, { max: 3, windowMs: 1_000 });
    expect((await lagging.hit('unit-a', base + 990)).allowed).toBe(true);
    expect((await limiter.hit('unit-a', base + 1_100)).allowed).toBe(true);
    expect((await lagging.hit('unit-a', base + 995)).allowed).toBe(false);
  });

  it('0 switches it off and writes nothing', async () => {
    const off = createDbRateLimiter(database.handle.db, { max: 0, windowMs: 1_000 });
    for (let i = 0; i < 5; i++) expect((await off.hit('off-key')).allowed).toBe(true);
    expect(await database.handle.db.selectFrom('rate_limits').select('key').where('key', '=', 'off-key').executeTakeFirst()).toBeUndefined();
  });

  it('ended windows are swept without a timer, by a later hit, at most once per window per instance', async () => {
    const windowMs = 1_000;
    const old = 2_000_000_000_000;
    const limiter = createDbRateLimiter(database.handle.db, { max: 5, windowMs });
    await limiter.hit('sweep-old', old); // the first hit of an instance sweeps (nothing old yet)
    await limiter.hit('sweep-recent', old + 2 * windowMs + 500);
    const keys = async () =>
      (await database.handle.db.selectFrom('rate_limits').select('key').where('key', 'like', 'sweep-%').orderBy('key').execute()).map((r) => r.key);
    // 2.5 windows later: this hit sweeps 'sweep-old' (its window ended two windows ago).
    expect(await keys()).toEqual(['sweep-recent']);
    await limiter.hit('sweep-old', old + 2 * windowMs + 600);
    // No second sweep within one window: the key starts a fresh row and nothing else is deleted.
    expect(await keys()).toEqual(['sweep-old', 'sweep-recent']);
  });

  it('two instances on one database share one limit, even when every hit arrives at once', async () => {
    const MAX = 7;
    const apps = [instance(database.handle, MAX), instance(second, MAX)];
    const client = '203.0.113.50';
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postJson(apps[i % 2]!, '/api/forms/newsletter/', { email: `shared-${i}@example.com` }, { 'X-Forwarded-For': client }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - MAX);
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toMatchObject({ success: false, message: MESSAGE });
    // Another client is counted apart, on either instance.
    expect((await postJson(apps[1]!, '/api/forms/newsletter/', { email: 'other@example.com' }, { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(201);
    // Sign-in attempts are not counted in the forms' bucket (issue 32): the full bucket refuses no sign-in.
    const login = await postJson(apps[0]!, '/api/auth/login/', { email: 'x@itan.example', password: 'whatever-it-is' }, { 'X-Forwarded-For': client });
    expect(login.status).toBe(401);
  });

  it('a fresh instance (a cold start) remembers the count', async () => {
    const client = '203.0.113.60';
    const send = (app: BackendApp) => postJson(app, '/api/forms/newsletter/', { email: `cold-${Math.random()}@example.com` }, { 'X-Forwarded-For': client });
    expect((await send(instance(database.handle, 2))).status).toBe(201);
    expect((await send(instance(second, 2))).status).toBe(201);
    expect((await send(instance(database.handle, 2))).status).toBe(429);
  });
});

/**
 * Issue 42: the donation return page's status check (POST /donations/verify) is a page view. It
 * counts in a bucket of its own, VERIFY_RATE_LIMIT_FACTOR times larger: viewing the page never
 * spends the forms' budget (65 views used to make contact answer 429 for everyone behind the
 * address), and a full forms bucket never blocks the page.
 */
describe.each(dbTargets)('the donation return page’s own budget on $name', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
    await migrateToLatest(database.handle.db);
    await seedContent(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const MAX = 3;
  const VIEWS = MAX * VERIFY_RATE_LIMIT_FACTOR;
  const NOW = 1_900_000_030_000; // mid-window: a slow run never straddles a window's end
  const config = () => testConfig({ RATE_LIMIT_MAX: String(MAX), RATE_LIMIT_WINDOW_MS: '60000', TRUSTED_PROXIES: '1' });
  /** The app with both buckets in the database, on a fixed clock. */
  const instance = (): BackendApp => {
    const c = config();
    const forms = createDbRateLimiter(database.handle.db, c.rateLimit);
    const verify = createDbRateLimiter(database.handle.db, verifyRateLimit(c.rateLimit), { scope: VERIFY_RATE_LIMIT_SCOPE });
    return createApp({
      db: database.handle.db,
      dialect: database.handle.dialect,
      config: c,
      gateway: createSandboxGateway(),
      log: silentLogger,
      rateLimiter: { hit: (key) => forms.hit(key, NOW) },
      verifyRateLimiter: { hit: (key) => verify.hit(key, NOW) },
    });
  };
  const view = (app: BackendApp, client: string) => postJson(app, DONATION_API.verify, { reference: 'itan-return-page-view' }, { 'X-Forwarded-For': client });
  const contact = (app: BackendApp, client: string) =>
    postJson(app, '/api/forms/contact/', { name: 'Ada Obi', email: `ada-${Math.random()}@example.com`, topic: 'programme', message: 'A question about the festival programme.' }, { 'X-Forwarded-For': client });
  const hitsOf = async (key: string) => Number((await database.handle.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits ?? 0);

  it('page views never spend the forms’ budget; the views have their own, larger one', async () => {
    const app = instance();
    const client = '203.0.113.90';
    const views = await Promise.all(Array.from({ length: VIEWS }, () => view(app, client)));
    expect(views.map((r) => r.status).filter((s) => s === 429)).toEqual([]);
    // The forms' bucket is untouched: contact still answers, MAX times.
    for (let i = 0; i < MAX; i++) expect((await contact(app, client)).status).toBe(201);
    expect((await contact(app, client)).status).toBe(429);
    // The views' own limit holds.
    const over = await view(app, client);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await hitsOf(client)).toBe(MAX + 1);
    expect(await hitsOf(`${VERIFY_RATE_LIMIT_SCOPE}|${client}`)).toBe(VIEWS + 1);
  });

  it('a full forms bucket never blocks the return page', async () => {
    const app = instance();
    const client = '203.0.113.91';
    for (let i = 0; i < MAX; i++) expect((await contact(app, client)).status).toBe(201);
    expect((await contact(app, client)).status).toBe(429);
    expect((await postJson(app, '/api/forms/newsletter/', { email: 'full@example.com' }, { 'X-Forwarded-For': client })).status).toBe(429);
    const views = await Promise.all(Array.from({ length: VIEWS }, () => view(app, client)));
    expect(views.map((r) => r.status).filter((s) => s === 429)).toEqual([]);
  });

  it('with the app’s own limiters (in the database on PostgreSQL, in memory on SQLite) the buckets are apart too', async () => {
    const app = createApp({ db: database.handle.db, dialect: database.handle.dialect, config: config(), gateway: createSandboxGateway(), log: silentLogger });
    const client = '203.0.113.92';
    for (let i = 0; i < VIEWS - 1; i++) expect((await view(app, client)).status).not.toBe(429);
    expect((await contact(app, client)).status).toBe(201);
    if (target.name === 'postgres') {
      // The real clock here: a window may have turned during the run, so only "counted, and apart".
      expect(await hitsOf(`${VERIFY_RATE_LIMIT_SCOPE}|${client}`)).toBeGreaterThan(0);
      expect(await hitsOf(client)).toBe(1);
    } else {
      expect(await hitsOf(`${VERIFY_RATE_LIMIT_SCOPE}|${client}`)).toBe(0);
    }
  });
});

describe.each(dbTargets.filter((t) => t.name === 'postgres'))('which limiter the app picks on $name', (target) => {
  it('on PostgreSQL, with no limiter passed in, the app counts in the database', async () => {
    const database = await target.create();
    try {
      await migrateToLatest(database.handle.db);
      await seedContent(database.handle.db);
      const app = createApp({
        db: database.handle.db,
        dialect: database.handle.dialect,
        config: testConfig({ RATE_LIMIT_MAX: '5', TRUSTED_PROXIES: '1' }),
        gateway: createSandboxGateway(),
        log: silentLogger,
      });
      const res = await postJson(app, '/api/forms/newsletter/', { email: 'pick@example.com' }, { 'X-Forwarded-For': '203.0.113.80' });
      expect(res.status).toBe(201);
      const row = await database.handle.db.selectFrom('rate_limits').select('hits').where('key', '=', '203.0.113.80').executeTakeFirstOrThrow();
      expect(Number(row.hits)).toBe(1);
    } finally {
      await database.drop();
    }
  });
});

describe('which limiter the app picks', () => {
  it('on SQLite, with no limiter passed in, the app counts in memory (no table writes)', async () => {
    const target = dbTargets.find((t) => t.name === 'sqlite')!;
    const database = await target.create();
    try {
      await migrateToLatest(database.handle.db);
      await seedContent(database.handle.db);
      const app = createApp({
        db: database.handle.db,
        dialect: 'sqlite',
        config: testConfig({ RATE_LIMIT_MAX: '1', TRUSTED_PROXIES: '1' }),
        gateway: createSandboxGateway(),
        log: silentLogger,
      });
      const send = () => postJson(app, '/api/forms/newsletter/', { email: `m-${Math.random()}@example.com` }, { 'X-Forwarded-For': '203.0.113.70' });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(429);
      expect(await database.handle.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
