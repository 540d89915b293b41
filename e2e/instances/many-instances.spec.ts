import { randomBytes } from 'node:crypto';
import { TEST_EDITION_ENV, TEST_EDITION_KEY } from '../../test/support/edition-env';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createDatabase, request, startCluster, upstreamsFor, type Cluster, type Database } from '../../scripts/support/cluster';

/**
 * Two `next start` instances behind the repository's nginx rules, on one fresh PostgreSQL database
 * (created on TEST_DATABASE_URL's server, dropped afterwards), serving the existing production
 * build (NEXT_DIST_DIR, default .next): the "Several instances" deployment of docs/deployment.md. Its own
 * configuration (e2e/instances/playwright.config.ts, run by scripts/test.sh after the production
 * build), so the main run does not start two more servers beside its own workers.
 * The checks run in order on one cluster: each builds on what the one before left (registration
 * is full when the form is posted across instances; the logs are read last).
 * HTTP only, no browser.
 */
const INSTANCES = 2;
const CAPACITY = 50;
const CLIENTS = 200;
const RATE_LIMIT_MAX = 10;
// The rate limit's window: an hour, and the check starts its burst well inside one (a fixed window
// starts again at its end, on the instances' clock, which is this machine's).
const RATE_WINDOW_MS = 3_600_000;
// nginx's micro-cache keeps a page 5 s, in nginx's whole seconds (valid until the second it was
// stored + 5 has passed): the old page may be replayed under 6 s after it was stored, never after.
const MICRO_CACHE_STALE_LIMIT_MS = 6_250;
const MICRO_CACHE_WAIT_MS = 12_000;

const adminUrl = process.env.TEST_DATABASE_URL;
const NO_DATABASE =
  'TEST_DATABASE_URL is unset: no PostgreSQL to run several instances on (scripts/test.sh sets it when PostgreSQL answers on 127.0.0.1:5432)';
// Said once on the terminal too (the list reporter shows no skip reasons); workers stay quiet.
if (!adminUrl && process.env.TEST_WORKER_INDEX === undefined) console.log(`[instances] skipped: ${NO_DATABASE}`);

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const json = (text: string | undefined): { message?: unknown } | undefined => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as { message?: unknown };
  } catch {
    return undefined;
  }
};

test.describe('two instances behind nginx on one PostgreSQL', () => {
  test.skip(!adminUrl, NO_DATABASE);
  test.describe.configure({ mode: 'serial' });

  let database: Database | undefined;
  let cluster: Cluster;
  let db: pg.Client | undefined;

  test.beforeAll(async () => {
    database = await createDatabase(adminUrl!);
    cluster = await startCluster({
      instances: INSTANCES,
      accessLog: true,
      env: {
        DATABASE_URL: database.url,
        REGISTRATION_CAPACITY: String(CAPACITY),
        ...TEST_EDITION_ENV,
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        RATE_LIMIT_WINDOW_MS: String(RATE_WINDOW_MS),
        // nginx is the one proxy in front and writes X-Forwarded-For itself (deploy/nginx/).
        TRUSTED_PROXIES: '1',
      },
    });
    console.log(`${INSTANCES} × next start on ${cluster.ports.join(', ')}, nginx at ${cluster.url}, database ${database.name}`);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  // When a check failed, what the instances said is shown with it.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus || !cluster) return;
    const lines = cluster.recentLogs().slice(-30).join('\n');
    await testInfo.attach('instance logs', { body: lines, contentType: 'text/plain' });
    console.error(`the instances' last log lines:\n  ${lines.split('\n').join('\n  ')}`);
  });

  test.afterAll(async () => {
    await db?.end().catch(() => undefined);
    await cluster?.stop();
    await database?.drop().catch((error: Error) => console.error(`could not drop ${database?.name}: ${error.message}`));
  });

  test(`a rush of ${CLIENTS} clients registering at once gets exactly ${CAPACITY} wristbands, on every instance`, async () => {
    // Every client from its own loopback address, so nginx's X-Forwarded-For names CLIENTS visitors.
    const started = Date.now();
    const rushAddress = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
    const rush = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => {
        const localAddress = rushAddress(i);
        const body = JSON.stringify({ firstName: 'Rush', lastName: `Client${i}`, email: `rush-${i}@example.com`, phone: '08031234567', numberOfTickets: 1, submittedAt: new Date().toISOString() });
        return request(`${cluster.url}/api/forms/registrations`, { method: 'POST', body, localAddress, headers: { accept: 'application/json' } })
          .catch((error: Error) => ({ status: 0, body: error.message, headers: {} })); // status 0: no answer (in the tally)
      }),
    );
    const counts = tally(rush.map((r) => r.status));
    console.log(`rush: ${CLIENTS} registrations in ${Date.now() - started} ms: ${JSON.stringify(counts)}`);
    expect.soft(counts[201] ?? 0, `exactly ${CAPACITY} of ${CLIENTS} registrations accepted`).toBe(CAPACITY);
    expect.soft(counts[409] ?? 0, `the other ${CLIENTS - CAPACITY} refused with 409 (all answers ${JSON.stringify(counts)})`).toBe(CLIENTS - CAPACITY);
    const full = rush.find((r) => r.status === 409);
    expect.soft(json(full?.body)?.message, 'a refused registration says the edition is full').toBe('Registration is full: all wristbands for this edition have been claimed.');

    const stored = (await db!.query<{ rows: number; tickets: number }>('SELECT COUNT(*)::int AS rows, COALESCE(SUM(number_of_tickets), 0)::int AS tickets FROM registrations')).rows[0];
    const counter = (await db!.query<{ used: number | string }>(`SELECT used FROM counters WHERE name = 'registrations:${TEST_EDITION_KEY}'`)).rows[0];
    expect
      .soft(
        { rows: stored?.rows, tickets: stored?.tickets, counter: Number(counter?.used) },
        `the database holds ${CAPACITY} registrations and ${CAPACITY} wristbands`,
      )
      .toEqual({ rows: CAPACITY, tickets: CAPACITY, counter: CAPACITY });

    const rushClients = new Set(Array.from({ length: CLIENTS }, (_, i) => rushAddress(i)));
    const rushUpstreams = upstreamsFor(cluster.nginx.accessLog, (address) => rushClients.has(address), '/api/forms/registrations');
    expect.soft(rushUpstreams.size, `every instance took part in the rush (${[...rushUpstreams].join(', ')})`).toBe(INSTANCES);
  });

  test(`one client gets exactly RATE_LIMIT_MAX=${RATE_LIMIT_MAX} sign-ups through across the instances`, async () => {
    // One client over the limit; nginx spreads its sign-ups over the instances and overwrites the
    // X-Forwarded-For it makes up each time.
    const client = '127.0.9.9';
    const attempts = RATE_LIMIT_MAX * 3;
    const untilNextWindow = RATE_WINDOW_MS - (Date.now() % RATE_WINDOW_MS);
    if (untilNextWindow < 30_000) await new Promise((r) => setTimeout(r, untilNextWindow + 100));
    const limited = [];
    for (let i = 0; i < attempts; i++) {
      limited.push(
        await request(`${cluster.url}/api/forms/newsletter`, {
          method: 'POST',
          body: JSON.stringify({ email: `limit-${i}@example.com` }),
          localAddress: client,
          headers: { accept: 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
        }),
      );
    }
    const limitCounts = tally(limited.map((r) => r.status));
    console.log(`rate limit: ${attempts} sign-ups from one client: ${JSON.stringify(limitCounts)}`);
    expect
      .soft({ accepted: limitCounts[201] ?? 0, refused: limitCounts[429] ?? 0 }, `one client gets exactly RATE_LIMIT_MAX=${RATE_LIMIT_MAX} of ${attempts} sign-ups through (${JSON.stringify(limitCounts)})`)
      .toEqual({ accepted: RATE_LIMIT_MAX, refused: attempts - RATE_LIMIT_MAX });
    const refused = limited.find((r) => r.status === 429);
    expect.soft(json(refused?.body)?.message, 'a refused sign-up carries the rate-limit message').toBe('Too many submissions from your connection. Please wait a minute and try again.');
    expect.soft(String(refused?.headers['retry-after']), 'a refused sign-up carries Retry-After').toMatch(/^\d+$/);
    const limitUpstreams = upstreamsFor(cluster.nginx.accessLog, (address) => address === client, '/api/forms/newsletter');
    expect.soft(limitUpstreams.size, `the client's sign-ups reached every instance (${[...limitUpstreams].join(', ')})`).toBe(INSTANCES);
    const key = (await db!.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE key = $1', [client])).rows[0];
    expect.soft(key, `one shared count for ${client} in rate_limits`).toBeDefined();
  });

  test('a form rendered by one instance and posted without JavaScript to another is handled by its Server Action', async () => {
    // The same build on both ("one build"), so the Server Action is found. Registration is full by
    // now, so /register shows the waiting list's form: the other instance's action puts the visitor
    // on the list (one row in the shared database) and sends them to its thank-you page.
    const formPage = await request(`http://127.0.0.1:${cluster.ports[0]}/register`);
    const formHtml = /<form[^>]*action="\/register"[\s\S]*?<\/form>/.exec(formPage.body)?.[0] ?? '';
    const decode = (v: string) => v.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const fields = new FormData();
    for (const m of formHtml.matchAll(/<input\b[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(m[0])?.[1];
      if (name) fields.append(decode(name), decode(/\bvalue="([^"]*)"/.exec(m[0])?.[1] ?? ''));
    }
    for (const [k, v] of Object.entries({ name: 'Across Instances', email: 'across@example.com', numberOfTickets: '1' })) fields.set(k, v);
    const other = `http://127.0.0.1:${cluster.ports[cluster.ports.length - 1]}`;
    const posted = await fetch(`${other}/register`, { method: 'POST', body: fields, redirect: 'manual', headers: { origin: other } });
    expect.soft(fields.has('$ACTION_KEY'), 'the form rendered by one instance carries its Server Action ($ACTION_KEY)').toBe(true);
    expect.soft(formHtml.includes('name="name"') && !formHtml.includes('name="firstName"'), 'sold out: /register shows the waiting list').toBe(true);
    expect.soft(posted.status, 'the other instance answers the post with a redirect').toBe(303);
    expect.soft(posted.headers.get('location') ?? '', "to the waiting list's thank-you page").toContain('/register/waiting-list/thank-you');
    const listed = (await db!.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM waiting_list WHERE email = 'across@example.com' AND status = 'waiting'")).rows[0];
    expect.soft(listed?.n, 'one waiting-list entry in the shared database').toBe(1);
  });

  test("content changed in the database shows on every instance at once, and through nginx's micro-cache within its 5 s", async () => {
    const marker = `Stories for every instance ${randomBytes(3).toString('hex')}`;
    const hero = (await db!.query<{ data: string }>("SELECT data FROM content_blocks WHERE key = 'hero'")).rows[0];
    const warm = await request(`${cluster.url}/`); // fills nginx's micro-cache with the old page
    const storedAt = Date.now();
    expect.soft(warm.status, 'the home page through nginx before the change').toBe(200);
    expect.soft(warm.body.includes(marker), 'the home page through nginx before the change').toBe(false);
    await db!.query("UPDATE content_blocks SET data = $1, updated_at = $2 WHERE key = 'hero'", [JSON.stringify({ ...(JSON.parse(hero!.data) as object), title: marker }), new Date().toISOString()]);
    const changedAt = Date.now();
    for (const p of cluster.ports) {
      const page = await request(`http://127.0.0.1:${p}/`);
      expect.soft(page.body.includes(marker), `instance on ${p} shows the change at its next page view`).toBe(true);
    }
    // Through nginx: the old copy may be replayed while it is at most 5 s old, in nginx's whole
    // seconds: under 6 s, never after.
    let seenAfter: number | undefined;
    let staleTooLong: string | undefined;
    while (Date.now() - changedAt < MICRO_CACHE_WAIT_MS) {
      const sentAt = Date.now();
      const page = await request(`${cluster.url}/`);
      if (page.body.includes(marker)) {
        seenAfter = Date.now() - changedAt;
        break;
      }
      if (sentAt - storedAt > MICRO_CACHE_STALE_LIMIT_MS) {
        staleTooLong = `${sentAt - storedAt} ms after it was stored (${String(page.headers['x-cache-status'])})`;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(`through nginx: the new page after ${seenAfter ?? '-'} ms`);
    expect
      .soft(
        { newPageSeen: seenAfter !== undefined, oldPageServedTooLong: staleTooLong },
        `through nginx the old page is replayed only while the micro-cache's copy is under 6 s old (new page after ${seenAfter ?? '-'} ms)`,
      )
      .toEqual({ newPageSeen: true, oldPageServedTooLong: undefined });
  });

  test('neither instance logged an error meanwhile', () => {
    // A mail written is a line too, and not an error.
    const trouble = cluster.recentLogs((line) => /error|fail|not started|unhandled/i.test(line));
    expect(trouble.slice(0, 10), 'the instances logged no errors').toEqual([]);
  });
});
