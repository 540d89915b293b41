import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../kernel/http';
import { keepAliveAgent, probe } from '@/test/support/http-probe';

/**
 * The standalone backend (`npm run backend`, backend/server.ts) as a process, over real sockets:
 * what a 413 does to the connection it came on, and whose address the rate limit counts.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let child: ChildProcess;
let origin = '';
let dataDir = '';
let output = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-backend-server-'));
  child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'backend', 'server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: '0',
      BODY_LIMIT_BYTES: '32768',
      RATE_LIMIT_MAX: '3',
      TRUSTED_PROXIES: '',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the backend did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}):\n${output}`)));
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('standalone backend: a 413 leaves the connection usable', () => {
  let agent: http.Agent;
  beforeEach(() => {
    agent = keepAliveAgent();
  });
  afterEach(() => {
    agent.destroy();
  });

  const hero = () => probe(agent, origin, { method: 'GET', path: '/api/content/hero/' });
  const tooLarge = (bytes: number, chunked = false) =>
    probe(agent, origin, { method: 'POST', path: '/api/forms/partnerships/', body: Buffer.alloc(bytes, 'x'), chunked });

  it('a body somewhat over the limit: 413, the rest read and discarded, the next request on the same socket succeeds', async () => {
    for (const bytes of [40_000, 1_000_000]) {
      const first = await tooLarge(bytes);
      expect(first.status, `${bytes} bytes`).toBe(413);
      expect(JSON.parse(first.text)).toEqual({ success: false, message: HTTP_MESSAGES.tooLarge, errors: {} });
      expect(first.headers.connection, `${bytes} bytes`).not.toBe('close');
      const next = await hero();
      expect(next.status, `${bytes} bytes`).toBe(200);
      expect(next.reusedSocket, `${bytes} bytes: the GET went over the same connection`).toBe(true);
    }
  });

  it('a body far over the limit: 413 with Connection: close, the connection closed cleanly, the next request gets a new one', async () => {
    const first = await tooLarge(20_000_000);
    expect(first.status).toBe(413);
    expect(first.headers.connection).toBe('close');
    // Cleanly: the upload was read to its end before the close, so no reset met the client's writes.
    expect(first.lateError).toBeUndefined();
    expect(JSON.parse(first.text)).toMatchObject({ message: HTTP_MESSAGES.tooLarge });
    const next = await hero();
    expect(next.status).toBe(200);
    expect(next.reusedSocket).toBe(false);
  });

  it('a chunked body over the limit (no length to judge by): 413 with Connection: close, then a new connection works', async () => {
    const first = await tooLarge(1_000_000, true);
    expect(first.status).toBe(413);
    expect(first.headers.connection).toBe('close');
    const next = await hero();
    expect(next.status).toBe(200);
  });

  it('a body within the limit is still served on a kept-alive connection', async () => {
    const ok = await probe(agent, origin, { method: 'POST', path: '/api/forms/newsletter/', body: Buffer.from(JSON.stringify({ email: 'keep@example.com' })) });
    expect(ok.status).toBe(201);
    const next = await hero();
    expect(next.reusedSocket).toBe(true);
  });
});

describe('standalone backend: the rate limit counts the socket, not what the client claims', () => {
  it('with no trusted proxy, spoofed X-Forwarded-For values share the socket address’s bucket', async () => {
    const agent = keepAliveAgent();
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const res = await probe(agent, origin, {
          method: 'POST',
          path: '/api/forms/newsletter/',
          body: Buffer.from(JSON.stringify({ email: `who${i}@example.com` })),
          headers: { 'X-Forwarded-For': `198.51.100.${i}` },
        });
        statuses.push(res.status);
      }
      // RATE_LIMIT_MAX=3 for this server; the newsletter POST above spent one of 127.0.0.1's.
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    } finally {
      agent.destroy();
    }
  });

  it('in production with a socket of its own, no unknown-client warning is logged (the socket is the client)', () => {
    expect(output).not.toContain('TRUSTED_PROXIES is not set');
  });
});
