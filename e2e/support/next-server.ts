import { test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { TEST_EDITION_ENV } from '../../test/support/edition-env';
import { freePort } from '../../scripts/support/ports';

/**
 * `next start` on the suite's production build, started by a spec that needs its own settings
 * (a real SMTP server, a rate limit, TRUSTED_PROXIES): a fresh DATA_DIR, the built-in backend,
 * on a port the OS hands out (SITE_URL is its origin unless `env` says otherwise), ready once the
 * API answers. A fixed port could be taken by another spec's server, whose answer would then pass
 * for this one's (it happened: a fake API on a colliding port answered the readiness probe).
 * `stop` ends it and removes its data.
 */
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const BOOT_DEADLINE_MS = 60_000;

// A hook that times out, or a worker Playwright shuts down after a failure, never reaches stop():
// its server would live on as an orphan, idling on CPU the next specs need. End them with the worker.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

export interface Server {
  origin: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

export async function startNext(env: Record<string, string> = {}): Promise<Server> {
  // A boot on a loaded machine can outlast a hook's default 30 s (the test timeout, whatever the
  // describe block configures): the calling hook or test gets the boot's own deadline on top.
  test.info().setTimeout(test.info().timeout + BOOT_DEADLINE_MS);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
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
      SITE_URL: origin,
      ...TEST_EDITION_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + BOOT_DEADLINE_MS;
  const fail = (why: string) => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    return new Error(`${why}:\n${output}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw fail(`next start exited (${child.exitCode})`);
    try {
      const res = await fetch(`${origin}/api/content/hero`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw fail(`next start did not answer within ${BOOT_DEADLINE_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  if (child.exitCode !== null) throw fail(`next start exited (${child.exitCode}) though the port answered`);
  return { origin, child, dataDir, output: () => output };
}

export async function stop(server: Server | undefined) {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
