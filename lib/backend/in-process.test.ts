import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthSchema, UNREACHABLE_HEALTH } from '@/contract/api/health';

/**
 * The site's in-process backend when its database cannot be reached at start (issue 30): a monitor
 * asking /api/health gets the health answer's 503 within a few seconds, whether the server refuses
 * the connection or takes it and never answers; other paths keep the contract's 503.
 */
describe('the built-in backend in the site, started on a database that never answers', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let dataDir = '';
  let handleInProcess: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-in-process-'));
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', `postgres://postgres@127.0.0.1:${port}/never`);
    ({ handleInProcess } = await import('./in-process'));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('/api/health answers 503 with the health body after about 5 s, not when the connection gives up', async () => {
    for (const url of ['http://127.0.0.1/api/health', 'http://127.0.0.1/api/health/']) {
      const started = Date.now();
      const res = await handleInProcess(new Request(url));
      const ms = Date.now() - started;
      expect(ms).toBeGreaterThanOrEqual(4_500);
      expect(ms).toBeLessThan(7_000);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body: unknown = await res.json();
      expect(healthSchema.parse(body)).toEqual(UNREACHABLE_HEALTH);
    }
    expect(sockets.size).toBeGreaterThan(0);
  }, 30_000);
});
