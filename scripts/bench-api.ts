/**
 * `npm run bench:api`: registrations per second and latency of the built-in backend on SQLite,
 * measured with autocannon against 127.0.0.1 for a bounded time. The app runs the same way the
 * site mounts it (one app, one SQLite file, a temp DATA_DIR), served on a local port so
 * autocannon can reach it. A benchmark to read, not a test to pass.
 *
 * Options (env): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { parseBackendConfig, silentLogger, startBackend } from '../backend/index';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const registration = JSON.stringify({
  firstName: 'Bench',
  lastName: 'Mark',
  email: 'bench@example.com',
  phone: '+234 801 234 5678',
  numberOfTickets: 1,
  submittedAt: new Date().toISOString(),
});

async function run(url: string, opts: Partial<autocannon.Options>) {
  return autocannon({ url, connections, duration: seconds, ...opts });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-bench-'));
  // No rate limit and no capacity: we measure the write path, not the guards.
  const config = parseBackendConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0' });
  const backend = await startBackend(config, { log: silentLogger });
  const server = serve({ fetch: backend.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api`;

  console.log(`Benchmarking the built-in backend on SQLite (${config.sqlitePath})`);
  console.log(`${connections} connections, ${seconds} s per scenario, Node ${process.version}\n`);

  const scenarios: { name: string; result: autocannon.Result }[] = [];
  scenarios.push({
    name: 'POST /api/forms/registrations/',
    result: await run(`${base}/forms/registrations/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: registration,
    }),
  });
  scenarios.push({ name: 'GET /api/content/highlights/', result: await run(`${base}/content/highlights/`, {}) });

  const rows = scenarios.map(({ name, result }) => ({
    scenario: name,
    'req/s (avg)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }));
  console.table(rows);

  const stored = await backend.db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  console.log(`\nRegistrations stored: ${Number(stored.n)} (2xx above plus requests still in flight when the clock stopped)`);

  server.close();
  await backend.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(`bench:api failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
