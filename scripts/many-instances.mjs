// Several `next start` instances behind the repository's nginx rules, on one PostgreSQL database:
// what the README's "Several instances" deployment runs, on 127.0.0.1.
//
//   node scripts/many-instances.mjs --check [--port=3800] [--instances=2] [--capacity=50] [--clients=200]
//
// --check proves, on an existing production build (NEXT_DIST_DIR, default .next) and a fresh
// database of its own (created on TEST_DATABASE_URL's server, dropped afterwards):
//  1. a rush of 200 clients, each from its own loopback address (so nginx's X-Forwarded-For names
//     200 visitors), registering at once against REGISTRATION_CAPACITY=N: exactly N wristbands
//     (N answers 201, the rest 409 "full"; N rows and N tickets counted in the database), with both
//     instances taking part;
//  2. the form rate limit holds across the instances: one client sending 3 × RATE_LIMIT_MAX
//     sign-ups through nginx (which spreads them over both, and overwrites the X-Forwarded-For the
//     client made up) gets exactly RATE_LIMIT_MAX through;
//  3. a form page rendered by one instance and posted without JavaScript to the other is handled
//     by its Server Action (one build on both: the README's "one build");
//  4. content changed in the database shows on every instance at its next page view, and through
//     nginx's 5 s micro-cache once its copy expires (5 s in nginx's whole seconds: under 6 s);
//  5. neither instance logged an error meanwhile (their log is shown when something failed).
// It exits 1 naming what failed, 0 when all holds. Without TEST_DATABASE_URL it says so and exits 0
// (scripts/test.sh sets it when PostgreSQL answers on 127.0.0.1:5432, as in CI). Bounded: the
// whole run gives up after MANY_INSTANCES_TIMEOUT_MS (default 110 s).
//
// The module also exports startCluster() and createDatabase() for the benchmark
// (scripts/bench/instances.mjs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startNginx } from './nginx.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const nextBin = join(root, 'node_modules', '.bin', 'next');
const log = (...m) => console.error('[many-instances]', ...m);

// Everything started here is ended when this process exits, however it exits.
const running = new Set();
process.on('exit', () => {
  for (const { children, nginxPidFile } of running) {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    try { process.kill(Number(readFileSync(nginxPidFile, 'utf8').trim()), 'SIGTERM'); } catch { /* not running */ }
  }
});

/** A database of its own on the server of `adminUrl` (postgres://.../<any db>); drop() removes it. */
export async function createDatabase(adminUrl, prefix = 'festival_many') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * `instances` × `next start` on 127.0.0.1 ports basePort, basePort+1, ... and nginx (the shipped
 * rules, scripts/nginx.mjs) on basePort+instances in front of all of them. `env` is every
 * instance's environment (DATABASE_URL and the like); each gets its own DATA_DIR.
 */
export async function startCluster({ instances = 2, basePort, distDir = process.env.NEXT_DIST_DIR || '.next', env = {}, accessLog = false, nginxWorkers = 1, startTimeoutMs = 60_000 }) {
  const ports = Array.from({ length: instances }, (_, i) => basePort + i);
  const nginxPort = basePort + instances;
  const children = [];
  const logs = [];
  const dataDirs = [];
  let nginx;
  const entry = { children, nginxPidFile: '' };
  running.add(entry);
  const stop = async () => {
    await nginx?.stop().catch(() => undefined);
    running.delete(entry);
    await Promise.all(children.map((child) => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
      const timer = setTimeout(() => { child.kill('SIGKILL'); resolve(undefined); }, 5000);
      child.once('exit', () => { clearTimeout(timer); resolve(undefined); });
      child.kill('SIGTERM');
    })));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const dataDir = mkdtempSync(join(tmpdir(), 'festival-instance-'));
      dataDirs.push(dataDir);
      const child = spawn(nextBin, ['start', '-H', '127.0.0.1', '-p', String(port)], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          NEXT_TELEMETRY_DISABLED: '1',
          NEXT_DIST_DIR: distDir,
          SITE_URL: `http://127.0.0.1:${nginxPort}`,
          DATA_DIR: dataDir,
          PORT: String(port),
          ...env,
        },
      });
      children.push(child);
      // What the instance logs (a line per mail written, errors) is kept, and shown when asked.
      const lines = [];
      logs.push(lines);
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => {
        lines.push(...chunk.split('\n').filter(Boolean));
        if (lines.length > 400) lines.splice(0, lines.length - 400);
      });
    }
    await Promise.all(ports.map((port, i) => waitForHttp(`http://127.0.0.1:${port}/api/content/hero/`, children[i], startTimeoutMs)));
    nginx = await startNginx({ port: nginxPort, upstreamPorts: ports, accessLog, workers: nginxWorkers });
    entry.nginxPidFile = join(nginx.dir, 'nginx.pid');
  } catch (error) {
    await stop();
    throw error;
  }
  /** The instances' recent log lines (stderr), each line prefixed with its port. */
  const recentLogs = (filter = () => true) => logs.flatMap((lines, i) => lines.filter(filter).map((line) => `${ports[i]}: ${line}`));
  return { url: nginx.url, ports, nginx, children, stop, recentLogs };
}

/** One request on a fresh connection from a given loopback address (so nginx sees that address). */
export function request(url, { method = 'GET', headers = {}, body, localAddress, timeoutMs = 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headers }, agent: false, localAddress }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

const tally = (statuses) => statuses.reduce((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const json = (text) => { try { return JSON.parse(text); } catch { return undefined; } };

/**
 * The instances (upstream addresses) that answered requests for `pathPart` from the clients
 * `fromClient` accepts, read from nginx's access log (scripts/nginx.mjs festival_upstream format).
 */
function upstreamsFor(accessLogFile, fromClient, pathPart) {
  let text = '';
  try { text = readFileSync(accessLogFile, 'utf8'); } catch { return new Set(); }
  const seen = new Set();
  for (const line of text.split('\n')) {
    const m = /^(\S+) "(?:[A-Z]+) (\S+)[^"]*" (\d+) (\S+)$/.exec(line);
    if (m && fromClient(m[1]) && m[2].startsWith(pathPart)) seen.add(m[4]);
  }
  return seen;
}

// The rate limit's window in the check: an hour, and the check starts its burst well inside one
// (a fixed window starts again at its end, on the instances' clock, which is this machine's).
const RATE_WINDOW_MS = 3_600_000;

async function check({ port, instances, capacity, clients, rateMax, adminUrl }) {
  const failures = [];
  const expect = (ok, what) => { if (!ok) failures.push(what); log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };
  const database = await createDatabase(adminUrl);
  let cluster;
  const db = new pg.Client({ connectionString: database.url });
  try {
    log(`${instances} × next start on ${port}..${port + instances - 1}, nginx on ${port + instances}, database ${database.name}`);
    cluster = await startCluster({
      instances,
      basePort: port,
      accessLog: true,
      env: {
        DATABASE_URL: database.url,
        REGISTRATION_CAPACITY: String(capacity),
        RATE_LIMIT_MAX: String(rateMax),
        RATE_LIMIT_WINDOW_MS: String(RATE_WINDOW_MS),
        // nginx is the one proxy in front and writes X-Forwarded-For itself (deploy/nginx/).
        TRUSTED_PROXIES: '1',
      },
    });
    await db.connect();
    const accessLog = cluster.nginx.accessLog;

    // 1. The registration rush: every client from its own address, all at once.
    const started = Date.now();
    const rushAddress = (i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
    const rush = await Promise.all(Array.from({ length: clients }, (_, i) => {
      const localAddress = rushAddress(i);
      const body = JSON.stringify({ firstName: 'Rush', lastName: `Client${i}`, email: `rush-${i}@example.com`, phone: '08031234567', numberOfTickets: 1, submittedAt: new Date().toISOString() });
      return request(`${cluster.url}/api/forms/registrations`, { method: 'POST', body, localAddress, headers: { accept: 'application/json' } })
        .catch((error) => ({ status: 0, body: error.message })); // status 0: no answer (in the tally)
    }));
    const counts = tally(rush.map((r) => r.status));
    log(`rush: ${clients} registrations in ${Date.now() - started} ms: ${JSON.stringify(counts)}`);
    expect(counts[201] === capacity, `exactly ${capacity} of ${clients} registrations accepted (got ${counts[201] ?? 0})`);
    expect(counts[409] === clients - capacity, `the other ${clients - capacity} refused with 409 (got ${counts[409] ?? 0}; all answers ${JSON.stringify(counts)})`);
    const full = rush.find((r) => r.status === 409);
    expect(full && json(full.body)?.message === 'Registration is full: all wristbands for this edition have been claimed.', 'a refused registration says the edition is full');
    const stored = (await db.query('SELECT COUNT(*)::int AS rows, COALESCE(SUM(number_of_tickets), 0)::int AS tickets FROM registrations')).rows[0];
    const counter = (await db.query("SELECT used FROM counters WHERE name = 'registrations'")).rows[0];
    expect(stored.rows === capacity && stored.tickets === capacity && Number(counter?.used) === capacity,
      `the database holds ${capacity} registrations and ${capacity} wristbands (rows ${stored.rows}, tickets ${stored.tickets}, counter ${counter?.used})`);
    const rushClients = new Set(Array.from({ length: clients }, (_, i) => rushAddress(i)));
    const rushUpstreams = upstreamsFor(accessLog, (address) => rushClients.has(address), '/api/forms/registrations');
    expect(rushUpstreams.size === instances, `every instance took part in the rush (${[...rushUpstreams].join(', ')})`);

    // 2. One client over the limit, spread over the instances, inventing X-Forwarded-For each time.
    const client = '127.0.9.9';
    const attempts = rateMax * 3;
    const untilNextWindow = RATE_WINDOW_MS - (Date.now() % RATE_WINDOW_MS);
    if (untilNextWindow < 30_000) await new Promise((r) => setTimeout(r, untilNextWindow + 100));
    const limited = [];
    for (let i = 0; i < attempts; i++) {
      limited.push(await request(`${cluster.url}/api/forms/newsletter`, {
        method: 'POST',
        body: JSON.stringify({ email: `limit-${i}@example.com` }),
        localAddress: client,
        headers: { accept: 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
      }));
    }
    const limitCounts = tally(limited.map((r) => r.status));
    log(`rate limit: ${attempts} sign-ups from one client: ${JSON.stringify(limitCounts)}`);
    expect(limitCounts[201] === rateMax && limitCounts[429] === attempts - rateMax,
      `one client gets exactly RATE_LIMIT_MAX=${rateMax} of ${attempts} sign-ups through across the instances (${JSON.stringify(limitCounts)})`);
    const refused = limited.find((r) => r.status === 429);
    expect(refused && json(refused.body)?.message === 'Too many submissions from your connection. Please wait a minute and try again.' && /^\d+$/.test(String(refused.headers['retry-after'])),
      'a refused sign-up carries the rate-limit message and Retry-After');
    const limitUpstreams = upstreamsFor(accessLog, (address) => address === client, '/api/forms/newsletter');
    expect(limitUpstreams.size === instances, `the client's sign-ups reached every instance (${[...limitUpstreams].join(', ')})`);
    const key = (await db.query('SELECT hits FROM rate_limits WHERE key = $1', [client])).rows[0];
    expect(key !== undefined, `one shared count for ${client} in rate_limits (hits ${key?.hits})`);

    // 3. A form rendered by one instance and posted (as a browser without JavaScript does) to the
    // other: the same build on both, so the Server Action is found and the visitor is thanked.
    // Registration is full by now, so the action's answer is the form again with that message.
    const formPage = await request(`http://127.0.0.1:${cluster.ports[0]}/register`);
    const formHtml = /<form[^>]*action="\/register"[\s\S]*?<\/form>/.exec(formPage.body)?.[0] ?? '';
    const decode = (v) => v.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const fields = new FormData();
    for (const m of formHtml.matchAll(/<input\b[^>]*>/g)) {
      const name = /\bname="([^"]*)"/.exec(m[0])?.[1];
      if (name) fields.append(decode(name), decode(/\bvalue="([^"]*)"/.exec(m[0])?.[1] ?? ''));
    }
    for (const [k, v] of Object.entries({ firstName: 'Across', lastName: 'Instances', email: 'across@example.com', phone: '08031234567', numberOfTickets: '1' })) fields.set(k, v);
    const other = `http://127.0.0.1:${cluster.ports[cluster.ports.length - 1]}`;
    const posted = await fetch(`${other}/register`, { method: 'POST', body: fields, redirect: 'manual', headers: { origin: other } });
    const postedBody = await posted.text();
    expect(fields.has('$ACTION_KEY') && posted.status === 200 && postedBody.includes('all wristbands for this edition have been claimed'),
      `a form rendered by one instance, posted without JavaScript to another, is handled by its Server Action (HTTP ${posted.status})`);

    // 4. Content changed in the database: every instance's next page view shows it; nginx within 5 s.
    const marker = `Stories for every instance ${randomBytes(3).toString('hex')}`;
    const hero = (await db.query("SELECT data FROM content_blocks WHERE key = 'hero'")).rows[0];
    const warm = await request(`${cluster.url}/`); // fills nginx's micro-cache with the old page
    const storedAt = Date.now();
    expect(warm.status === 200 && !warm.body.includes(marker), 'the home page through nginx before the change');
    await db.query("UPDATE content_blocks SET data = $1, updated_at = $2 WHERE key = 'hero'", [JSON.stringify({ ...JSON.parse(hero.data), title: marker }), new Date().toISOString()]);
    const changedAt = Date.now();
    for (const p of cluster.ports) {
      const page = await request(`http://127.0.0.1:${p}/`);
      expect(page.body.includes(marker), `instance on ${p} shows the change at its next page view`);
    }
    // Through nginx: the old copy may be replayed while it is at most 5 s old, in nginx's whole
    // seconds (valid until the second it was stored + 5 has passed): under 6 s, never after.
    let seenAfter;
    let staleTooLong;
    while (Date.now() - changedAt < 12_000) {
      const sentAt = Date.now();
      const page = await request(`${cluster.url}/`);
      if (page.body.includes(marker)) { seenAfter = Date.now() - changedAt; break; }
      if (sentAt - storedAt > 6_250) { staleTooLong = `${sentAt - storedAt} ms after it was stored (${page.headers['x-cache-status']})`; break; }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seenAfter !== undefined && !staleTooLong,
      `through nginx the old page is replayed only while the micro-cache's copy is under 6 s old (new page after ${seenAfter ?? '-'} ms${staleTooLong ? `; old page still served ${staleTooLong}` : ''})`);
    // Nothing went wrong inside the instances (a mail written is a line too, and not an error).
    const trouble = cluster.recentLogs((line) => /error|fail|not started|unhandled/i.test(line));
    expect(trouble.length === 0, `the instances logged no errors${trouble.length ? `:\n    ${trouble.slice(0, 10).join('\n    ')}` : ''}`);
  } finally {
    if (failures.length && cluster) log(`the instances' last log lines:\n  ${cluster.recentLogs().slice(-30).join('\n  ')}`);
    await db.end().catch(() => undefined);
    await cluster?.stop();
    await database.drop().catch((error) => log(`could not drop ${database.name}: ${error.message}`));
  }
  return failures;
}

async function main() {
  const opt = (name, fallback) => {
    const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
    return arg ? arg.slice(name.length + 3) : fallback;
  };
  if (!process.argv.includes('--check')) {
    console.error('usage: node scripts/many-instances.mjs --check [--port=3800] [--instances=2] [--capacity=50] [--clients=200] [--rate-max=10]');
    process.exit(2);
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    log('TEST_DATABASE_URL is unset: no PostgreSQL to run several instances on; skipped (scripts/test.sh sets it when PostgreSQL answers on 127.0.0.1:5432).');
    return;
  }
  const timeoutMs = Number(process.env.MANY_INSTANCES_TIMEOUT_MS ?? 110_000);
  const timer = setTimeout(() => { log(`gave up after ${timeoutMs / 1000} s (MANY_INSTANCES_TIMEOUT_MS)`); process.exit(1); }, timeoutMs);
  timer.unref();
  const started = Date.now();
  const failures = await check({
    port: Number(opt('port', process.env.MANY_INSTANCES_PORT ?? 3800)),
    instances: Number(opt('instances', 2)),
    capacity: Number(opt('capacity', 50)),
    clients: Number(opt('clients', 200)),
    rateMax: Number(opt('rate-max', 10)),
    adminUrl,
  });
  clearTimeout(timer);
  log(failures.length ? `FAILED ${failures.length}:\n  - ${failures.join('\n  - ')}` : `all held (${Math.round((Date.now() - started) / 1000)} s)`);
  process.exit(failures.length ? 1 : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    log(error.stack ?? error.message);
    process.exit(1);
  });
}
