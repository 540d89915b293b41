// The throughput of one and of two `next start` instances behind nginx (the shipped rules), both on
// one PostgreSQL database: the "Several instances" deployment of docs/deployment.md. `npm run bench` adds
// these rows to its table (scripts/bench.mjs); on its own:
//
//   npx tsx scripts/bench/instances.mjs [--duration=10] [--port=3760]     (NEXT_DIST_DIR: the build to serve)
//
// (tsx, not node: the cluster is typed, scripts/support/cluster.ts, shared with the end-to-end specs.)
//
// Per setup, after a short unmeasured warm-up, through nginx, autocannon with 50 connections for
// `duration` seconds each:
//  - GET / : the page nginx micro-caches (5 s), so mostly nginx's own speed;
//  - GET / with a cookie: nginx passes it on, so every view is rendered by an instance;
//  - POST /api/forms/registrations: flat out, a unique address each, no capacity, no rate limit.
// The database: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server; a database of its own is created
// and dropped), else PostgreSQL on 127.0.0.1:5432 when it answers; without one the rows are skipped.
import net from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createDatabase, startCluster } from '../support/cluster.ts';

const log = (...m) => console.error('[bench:instances]', ...m);

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** The PostgreSQL server to create the bench database on, or undefined. */
export async function benchDatabaseServer() {
  const configured = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (configured) return configured;
  return (await answers(5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : undefined;
}

async function load(name, options, duration) {
  log(`load: ${name} ...`);
  const machineLoad = loadavg()[0];
  const result = await autocannon({ connections: 50, pipelining: 1, duration, ...options });
  return {
    name,
    machineLoad,
    rps: Math.round(result['2xx'] / (result.duration || duration)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

function registrations(name, url, duration) {
  let n = 0;
  const run = Date.now().toString(36);
  return load(name, {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    requests: [{
      setupRequest(req) {
        n += 1;
        return { ...req, body: JSON.stringify({ firstName: 'Bench', lastName: 'Instances', email: `inst-${run}-${n}@example.com`, phone: '08031234567', numberOfTickets: 1, submittedAt: new Date().toISOString() }) };
      },
    }],
  }, duration);
}

/**
 * Rows shaped like scripts/bench.mjs's load rows ({ name, machineLoad, rps, p50, p99, non2xx }),
 * or { rows: [], note } when there is no PostgreSQL to run on.
 */
export async function instanceLoads({ basePort, duration = 10, distDir = process.env.NEXT_DIST_DIR || '.next', counts = [1, 2] }) {
  const server = await benchDatabaseServer();
  if (!server) return { rows: [], note: 'no PostgreSQL (BENCH_DATABASE_URL, TEST_DATABASE_URL or 127.0.0.1:5432): the one/two-instance rows are skipped' };
  const rows = [];
  for (const count of counts) {
    // A fresh database per setup, so both start from the same empty tables.
    const database = await createDatabase(server, 'festival_bench');
    let cluster;
    try {
      cluster = await startCluster({
        instances: count,
        basePort,
        distDir,
        nginxWorkers: 'auto',
        env: { DATABASE_URL: database.url, RATE_LIMIT_MAX: '0', REGISTRATION_CAPACITY: '0', TRUSTED_PROXIES: '1' },
      });
      const label = `nginx → ${count} instance${count > 1 ? 's' : ''}, PostgreSQL`;
      const encoding = { 'accept-encoding': 'gzip, deflate, br' };
      // Unmeasured warm-up, so every setup is measured with its code compiled and its pools open.
      const warmUp = Math.min(3, duration);
      await load(`${label}: warm-up`, { url: `${cluster.url}/`, headers: { ...encoding, cookie: 'bench=1' } }, warmUp);
      await registrations(`${label}: warm-up`, `${cluster.url}/api/forms/registrations`, warmUp);
      rows.push(await load(`${label}: GET / (micro-cached)`, { url: `${cluster.url}/`, headers: encoding }, duration));
      rows.push(await load(`${label}: GET / (cookie: rendered)`, { url: `${cluster.url}/`, headers: { ...encoding, cookie: 'bench=1' } }, duration));
      rows.push(await registrations(`${label}: POST /api/forms/registrations`, `${cluster.url}/api/forms/registrations`, duration));
    } finally {
      await cluster?.stop();
      await database.drop().catch((error) => log(`could not drop ${database.name}: ${error.message}`));
    }
  }
  return { rows };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const opt = (name, fallback) => {
    const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
    return arg ? arg.slice(name.length + 3) : fallback;
  };
  const { rows, note } = await instanceLoads({ basePort: Number(opt('port', 3760)), duration: Number(opt('duration', 10)) });
  if (note) console.log(`(${note})`);
  console.log(`${'load test'.padEnd(62)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'load'.padStart(5)}`);
  for (const l of rows) console.log(`${l.name.padEnd(62)} ${String(l.rps).padStart(7)} ${String(l.p50).padStart(7)} ${String(l.p99).padStart(7)} ${String(l.non2xx).padStart(7)} ${l.machineLoad.toFixed(1).padStart(5)}`);
  process.exit(0);
}
