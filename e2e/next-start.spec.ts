/**
 * The site as `next start` serves it (the production build scripts/test.sh made), with /api going
 * to the built-in backend through app/api/[...path]/route.ts. This spec starts its own two
 * servers on that build, so what it checks is plain `next start` whatever the suite's webServer
 * is: one with TRUSTED_PROXIES unset (the default) and one with TRUSTED_PROXIES=1 (behind a proxy).
 * - After a 413 the connection is still usable (issue 13, finding 8).
 * - What Next does with a client's own X-Forwarded-For (it passes it on as is) and what the rate
 *   limit makes of it (issue 13, finding 1).
 * It needs no browser and runs once (@js: the phone-js project only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { keepAliveAgent, probe } from '../backend/test-support/http-probe';

const basePort = Number(process.env.E2E_PORT ?? 3100);
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const TOO_LARGE = 'The request body is too large.';

interface Server {
  origin: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

async function startNext(port: number, env: Record<string, string>): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-next-start-'));
  let output = '';
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      API_BASE_URL: '',
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_MS: '60000',
      BODY_LIMIT_BYTES: '32768',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${origin}/api/content/hero`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { origin, child, dataDir, output: () => output };
}

async function stop(server: Server | undefined) {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

test.describe('plain next start @js', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let direct: Server | undefined;
  let behindProxy: Server | undefined;

  test.beforeAll(async () => {
    [direct, behindProxy] = await Promise.all([
      startNext(basePort + 2, { TRUSTED_PROXIES: '' }),
      startNext(basePort + 3, { TRUSTED_PROXIES: '1' }),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([stop(direct), stop(behindProxy)]);
  });

  test('after a 413 the next request on the same connection succeeds; far too large says Connection: close', async () => {
    const origin = direct!.origin;
    const agent = keepAliveAgent();
    try {
      const hero = () => probe(agent, origin, { method: 'GET', path: '/api/content/hero' });
      const post = (bytes: number, chunked = false) =>
        probe(agent, origin, { method: 'POST', path: '/api/forms/partnerships', body: Buffer.alloc(bytes, 'x'), chunked });

      for (const bytes of [40_000, 1_000_000]) {
        const refused = await post(bytes);
        expect(refused.status, `${bytes} bytes`).toBe(413);
        expect(JSON.parse(refused.text)).toMatchObject({ success: false, message: TOO_LARGE });
        expect(refused.headers.connection, `${bytes} bytes`).not.toBe('close');
        const next = await hero();
        expect(next.status, `${bytes} bytes`).toBe(200);
        expect(next.reusedSocket, `${bytes} bytes: same connection`).toBe(true);
      }

      // Beyond 1 MiB the body is not worth reading: the 413 says the connection will close, and
      // the client's next request opens a new one.
      const far = await post(20_000_000);
      expect(far.status).toBe(413);
      expect(far.headers.connection).toBe('close');
      const afterFar = await hero();
      expect(afterFar.status).toBe(200);
      expect(afterFar.reusedSocket).toBe(false);

      const chunked = await post(1_000_000, true);
      expect(chunked.status).toBe(413);
      expect(chunked.headers.connection).toBe('close');
      expect((await hero()).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  const subscribe = (origin: string, forwardedFor: string, i: number) =>
    fetch(`${origin}/api/forms/newsletter`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ email: `xff-${i}-${Date.now()}@example.com` }),
    }).then((r) => r.status);

  test('next start passes a client’s own X-Forwarded-For on as is: with TRUSTED_PROXIES unset it counts for nothing', async () => {
    // Four "different visitors" by their own say-so, one real client: one bucket of 3.
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push(await subscribe(direct!.origin, `198.51.100.${i}`, i));
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  test('behind a proxy (TRUSTED_PROXIES=1) the address the proxy wrote is the key, one bucket per visitor', async () => {
    // Next handed the header through untouched, which is why it may only be trusted when a proxy
    // in front writes it (README, Deployment).
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push(await subscribe(behindProxy!.origin, `6.6.6.6, 203.0.113.${i}`, i));
    expect(statuses).toEqual([201, 201, 201, 201]);
    const same: number[] = [];
    for (let i = 1; i <= 4; i++) same.push(await subscribe(behindProxy!.origin, `${i}.${i}.${i}.${i}, 203.0.113.50`, 10 + i));
    expect(same).toEqual([201, 201, 201, 429]);
  });
});
