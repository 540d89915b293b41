import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startNginx, type RunningNginx } from '../nginx.mjs';
import { freePort } from './ports';

/**
 * Several `next start` instances behind the repository's nginx rules (scripts/nginx.mjs,
 * deploy/nginx/), on one PostgreSQL database: what docs/deployment.md's "Several instances" deployment
 * runs, on 127.0.0.1. Used by e2e/instances/many-instances.spec.ts and by the benchmark
 * (scripts/bench/instances.mjs, run with tsx).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

interface Running {
  children: ChildProcess[];
  nginxPidFile: string;
}

// Everything started here is ended when this process exits, however it exits.
const running = new Set<Running>();
process.on('exit', () => {
  for (const { children, nginxPidFile } of running) {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (!nginxPidFile) continue;
    try {
      process.kill(Number(readFileSync(nginxPidFile, 'utf8').trim()), 'SIGTERM');
    } catch {
      // not running
    }
  }
});

export interface Database {
  name: string;
  /** postgres://... of the new database. */
  url: string;
  drop(): Promise<void>;
}

/** A database of its own on the server of `adminUrl` (postgres://.../<any db>); drop() removes it. */
export async function createDatabase(adminUrl: string, prefix = 'festival_many'): Promise<Database> {
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

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
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

export interface ClusterOptions {
  /** How many `next start` instances (default 2). */
  instances?: number;
  /**
   * The instances listen on basePort, basePort+1, ... and nginx on basePort+instances. Without it,
   * every one gets a port the OS hands out (a fixed port may be taken by another test's server).
   */
  basePort?: number;
  /** The production build to serve (default NEXT_DIST_DIR, else .next). */
  distDir?: string;
  /** Every instance's environment (DATABASE_URL and the like); each gets its own DATA_DIR. */
  env?: Record<string, string>;
  /** nginx writes an access log naming the instance that answered (scripts/nginx.mjs festival_upstream). */
  accessLog?: boolean;
  nginxWorkers?: number | 'auto';
  startTimeoutMs?: number;
}

export interface Cluster {
  /** nginx's origin, in front of every instance. */
  url: string;
  /** The instances' ports on 127.0.0.1. */
  ports: number[];
  nginx: RunningNginx;
  children: ChildProcess[];
  stop(): Promise<void>;
  /** The instances' recent log lines (stdout: the JSON log lines; stderr: Next's own), each line prefixed with its port. */
  recentLogs(filter?: (line: string) => boolean): string[];
}

/** `instances` × `next start` on 127.0.0.1 and nginx (the shipped rules) in front of all of them. */
export async function startCluster({
  instances = 2,
  basePort,
  distDir = process.env.NEXT_DIST_DIR || '.next',
  env = {},
  accessLog = false,
  nginxWorkers = 1,
  startTimeoutMs = 60_000,
}: ClusterOptions = {}): Promise<Cluster> {
  const ports: number[] = [];
  let nginxPort: number;
  if (basePort === undefined) {
    // Ports the OS hands out, all different (it may hand out a port it just handed out again).
    const taken = new Set<number>();
    while (taken.size < instances + 1) taken.add(await freePort());
    ports.push(...[...taken].slice(0, instances));
    nginxPort = [...taken][instances]!;
  } else {
    for (let i = 0; i < instances; i++) ports.push(basePort + i);
    nginxPort = basePort + instances;
  }
  const children: ChildProcess[] = [];
  const logs: string[][] = [];
  const dataDirs: string[] = [];
  let nginx: RunningNginx | undefined;
  const entry: Running = { children, nginxPidFile: '' };
  running.add(entry);
  const stop = async () => {
    await nginx?.stop().catch(() => undefined);
    running.delete(entry);
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const dataDir = mkdtempSync(join(tmpdir(), 'festival-instance-'));
      dataDirs.push(dataDir);
      const child = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
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
      const lines: string[] = [];
      logs.push(lines);
      for (const stream of [child.stdout!, child.stderr!]) {
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          lines.push(...chunk.split('\n').filter(Boolean));
          if (lines.length > 400) lines.splice(0, lines.length - 400);
        });
      }
    }
    await Promise.all(ports.map((port, i) => waitForHttp(`http://127.0.0.1:${port}/api/content/hero/`, children[i]!, startTimeoutMs)));
    nginx = await startNginx({ port: nginxPort, upstreamPorts: ports, accessLog, workers: nginxWorkers });
    entry.nginxPidFile = join(nginx.dir, 'nginx.pid');
  } catch (error) {
    await stop();
    throw error;
  }
  const recentLogs = (filter: (line: string) => boolean = () => true) =>
    logs.flatMap((lines, i) => lines.filter(filter).map((line) => `${ports[i]}: ${line}`));
  return { url: nginx.url, ports, nginx, children, stop, recentLogs };
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The loopback address to connect from (so nginx sees that address as the client). */
  localAddress?: string;
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request on a fresh connection from a given loopback address (so nginx sees that address). */
export function request(url: string, { method = 'GET', headers = {}, body, localAddress, timeoutMs = 60_000 }: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: { ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}), ...headers },
        agent: false,
        localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url}: no answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The instances (upstream addresses) that answered requests for `pathPart` from the clients
 * `fromClient` accepts, read from nginx's access log (scripts/nginx.mjs festival_upstream format).
 */
export function upstreamsFor(accessLogFile: string, fromClient: (address: string) => boolean, pathPart: string): Set<string> {
  let text = '';
  try {
    text = readFileSync(accessLogFile, 'utf8');
  } catch {
    return new Set();
  }
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^(\S+) "(?:[A-Z]+) (\S+)[^"]*" (\d+) (\S+)$/.exec(line);
    if (m && fromClient(m[1]!) && m[2]!.startsWith(pathPart)) seen.add(m[4]!);
  }
  return seen;
}
